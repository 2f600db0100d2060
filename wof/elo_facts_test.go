package wof

import (
	"fmt"
	"reflect"
	"testing"
)

// wantPlayer checks one player line of a real file.
func wantPlayer(t *testing.T, name string, f *File, want Player) {
	t.Helper()
	got, ok := f.Player(want.ID)
	if !ok {
		t.Errorf("%s: no player %d", name, want.ID)
		return
	}
	got.Line = want.Line
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: player\n got  %s\n want %s", name, playerString(got), playerString(want))
	}
}

// wantGame checks one game of a real file.
func wantGame(t *testing.T, name string, got, want Game) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: game\n got  %+v %s\n want %+v %s", name, got, discsString(got), want, discsString(want))
	}
}

func discsString(g Game) string {
	if g.FirstDiscs == nil || g.SecondDiscs == nil {
		return "no discs"
	}
	return fmt.Sprintf("%d-%d", *g.FirstDiscs, *g.SecondDiscs)
}

// TestRealELOFacts checks, file by file, values read by eye from the real
// files, the oddest ones first.
func TestRealELOFacts(t *testing.T) {
	realELONames(t) // skips without the data

	t.Run("JKTT: results only, no player lines", func(t *testing.T) {
		name := "19950108_JKTT.ELO"
		_, f, ws := readRealELO(t, name)
		if f.Tournament != "Jan Kristians Tragical Tournament" || f.Country != "Norway" || f.Sender != "Emmanuel.Lazard" ||
			f.DateFrom != (Date{1995, 1, 8}) || !f.DateTo.IsZero() {
			t.Errorf("header %+v", f)
		}
		if len(ws) != 0 || f.Rounds[0].Number != 0 || f.Rounds[0].Line != 0 {
			t.Errorf("warnings %v, first round %+v", ws, f.Rounds[0])
		}
		wantGame(t, name, f.Rounds[0].Games[5], Game{First: 1878, Second: 1868, Result: Win, Line: 11})
	})

	t.Run("Argentina: Latin-1", func(t *testing.T) {
		name := "20090927_CH_Argentina.ELO"
		_, f, _ := readRealELO(t, name)
		wantPlayer(t, name, f, Player{ID: 280008, Surname: "RODRUIGUEZ", Firstname: "Ismael", Country: "URU", Score: fp(3.5), Discs: ip(165)})
		wantGame(t, name, f.Rounds[2].Games[1], Game{First: 650, Second: 280008, Result: Draw, FirstDiscs: ip(32), SecondDiscs: ip(32), FirstColor: Black, Line: 25})
	})

	t.Run("Burijn 26: UTF-8, new players, scores with a bonus", func(t *testing.T) {
		name := "20190423_26_Burijn_open.ELO"
		_, f, _ := readRealELO(t, name)
		wantPlayer(t, name, f, Player{ID: 120197, Surname: "BERGEN", Firstname: "Vaj\u00c8n", Country: "NL", Score: fp(2), Bonus: fp(1), Discs: ip(234)})
		wantPlayer(t, name, f, Player{ID: 120034, Surname: "DE GRAAF", Firstname: "Wendy", Country: "NL", Score: fp(5), Bonus: fp(2), Discs: ip(468)})
		wantPlayer(t, name, f, Player{ID: 120249, New: true, Surname: "MIJNALS", Firstname: "Kaylee", Country: "NL", Score: fp(2), Discs: ip(254)})
		wantPlayer(t, name, f, Player{ID: 120169, Surname: "BERGEN", Firstname: "Quinty", Country: "NL", Score: fp(1), Discs: ip(102)})
	})

	t.Run("Singapore: new players, comments, missing comma, white", func(t *testing.T) {
		name := "20090725_CH_SINGAPORE.ELO"
		_, f, _ := readRealELO(t, name)
		newPlayers := 0
		for _, p := range f.Players {
			if p.New {
				newPlayers++
			}
		}
		if newPlayers != 16 {
			t.Errorf("%d new players, want 16", newPlayers)
		}
		wantPlayer(t, name, f, Player{ID: 698, Surname: "SUEKUNI", Firstname: "Makoto", Country: "J", Score: fp(8), Discs: ip(617), Comment: "Champion"})
		wantPlayer(t, name, f, Player{ID: 250056, New: true, Surname: "SIM", Firstname: "Wei Ping", Country: "SGP", Score: fp(4), Discs: ip(378)})
		wantGame(t, name, f.Rounds[0].Games[15], Game{First: 250064, Second: 250018, Result: Loss, FirstDiscs: ip(0), SecondDiscs: ip(64), FirstColor: White, Comment: "Walkover", Line: 65})
	})

	t.Run("Cambridge: empty disc counts, ratings, trailing commas", func(t *testing.T) {
		name := "20221126_Cambridge_Christmas_Friendly.ELO"
		_, f, ws := readRealELO(t, name)
		if len(ws) != 0 {
			t.Errorf("warnings %v", ws)
		}
		if f.Creator != "David Haigh, from information supplied by Imre Leader." || f.CreationDate != "2022/11/28 16:00" {
			t.Errorf("creator %q, date %q", f.Creator, f.CreationDate)
		}
		wantPlayer(t, name, f, Player{ID: 79, Surname: "LEADER", Firstname: "Imre", Country: "GBR", Score: fp(4), Rating: ip(1906)})
		wantPlayer(t, name, f, Player{ID: 320, Surname: "PLOWMAN", Firstname: "Guy", Country: "GBR", Score: fp(5)})
		wantGame(t, name, f.Rounds[5].Games[2], Game{First: 100037, Second: 100042, Result: Win, Line: 45})
	})

	t.Run("Meijin 40: big, placeholder discs, no colours", func(t *testing.T) {
		name := "20190324_40_Meijin.ELO"
		_, f, ws := readRealELO(t, name)
		for _, g := range f.Games() {
			if !g.DiscsContradict() || *g.FirstDiscs != 32 || g.FirstColor != ColorUnknown {
				t.Fatalf("game %+v: want a (32)>(32) placeholder without colour", g)
			}
		}
		if k := kinds(ws); k[WarnDiscs] != 745 || len(ws) != 745 {
			t.Errorf("warnings by kind %v, want 745 placeholder discs", k)
		}
		if r := f.Rounds[7]; r.Number != 8 || len(r.Games) != 1 || r.Games[0].First != 13841 || r.Games[0].Second != 700 {
			t.Errorf("round 8 %+v", r)
		}
		wantPlayer(t, name, f, Player{ID: 420012, Surname: "EYAWA", Firstname: "itaru", Country: "TWN", Score: fp(3), Discs: ip(224)})
	})

	t.Run("Meijin 27: spaces around the result", func(t *testing.T) {
		name := "20060326_27_Meijin.ELO"
		_, f, _ := readRealELO(t, name)
		wantGame(t, name, f.Rounds[0].Games[0], Game{First: 700, Second: 5530, Result: Win, FirstDiscs: ip(64), SecondDiscs: ip(0), Line: 135})
		wantPlayer(t, name, f, Player{ID: 5680, Surname: "HAJIME", Firstname: "watanabe", Country: "J", Score: fp(4), Discs: ip(224)})
	})

	t.Run("Barcelona and Paulista: several games on a line", func(t *testing.T) {
		name := "20130406_EGP_Barcelona.ELO"
		_, f, _ := readRealELO(t, name)
		games := f.Rounds[0].Games
		wantGame(t, name, games[18], Game{First: 5071, Second: 4875, Result: Win, Line: 25})
		wantGame(t, name, games[19], Game{First: 36, Second: 5071, Result: Win, FirstDiscs: ip(49), SecondDiscs: ip(15), Line: 25})
		if f.DateTo != (Date{2013, 4, 7}) {
			t.Errorf("last day %v", f.DateTo)
		}
		name = "20160925_Campeonato_Paulista_de_Othello_2016-Feminino.ELO"
		_, f, _ = readRealELO(t, name)
		for _, g := range f.Rounds[0].Games {
			if g.Line != 36 {
				t.Errorf("round 1 game on line %d, want all on line 36", g.Line)
			}
		}
		wantGame(t, name, f.Rounds[0].Games[10], Game{First: 290122, Second: 290027, Result: Loss, FirstDiscs: ip(0), SecondDiscs: ip(64), Line: 36})
		wantPlayer(t, name, f, Player{ID: 290018, Surname: "SARNADSKAYA", Firstname: "Ekaterina I.", Country: "BRA", Score: fp(3), Discs: ip(165), Rating: ip(0)})
	})

	t.Run("NL-B: tabs and '% round 1:' markers", func(t *testing.T) {
		name := "20000304_NL_B.ELO"
		_, f, _ := readRealELO(t, name)
		for i, r := range f.Rounds {
			if r.Number != i+1 || len(r.Games) != 6 {
				t.Errorf("round %d: %+v", i+1, r)
			}
		}
		wantGame(t, name, f.Rounds[0].Games[0], Game{First: 2729, Second: 178, Result: Loss, Line: 7})
	})

	t.Run("WOC 1995: PAPP file with added results", func(t *testing.T) {
		name := "19951116_WOC_1995.ELO"
		_, f, _ := readRealELO(t, name)
		wantPlayer(t, name, f, Player{ID: 802, Surname: "MINE", Firstname: "Tatsuya", Country: "USA", Score: fp(10.5), Discs: ip(504)})
		wantGame(t, name, f.Added[0], Game{First: 178, Second: 802, Result: Loss, FirstDiscs: ip(30), SecondDiscs: ip(34), FirstColor: Black, Line: 159})
		if f.Creator != "PAPP 1.33" || f.CreationDate != "2011/03/28 21:39" || f.Rounds[12].Number != 13 {
			t.Errorf("creator %q %q, last round %+v", f.Creator, f.CreationDate, f.Rounds[12])
		}
	})

	t.Run("EGP Roma: odd country, named round, commented-out games", func(t *testing.T) {
		name := "20090110_EGP_Roma.ELO"
		_, f, _ := readRealELO(t, name)
		wantPlayer(t, name, f, Player{ID: 40005, New: true, Surname: "FERRARI", Firstname: "Tommaso", Country: "{I}"})
		wantPlayer(t, name, f, Player{ID: 3037, Surname: "DI MATTEI", Firstname: "Alessandro"})
		last := f.Rounds[11]
		if last.Number != 0 || last.Label != "Finals" || len(last.Games) != 1 {
			t.Errorf("last round %+v", last)
		}
		if c := f.Comments[0]; c.Text != "45 (53)>(11) 2855 B" || c.Line != 51 {
			t.Errorf("first comment %+v", c)
		}
	})

	t.Run("India: games before the first marker, tabs, '%%Round 1'", func(t *testing.T) {
		name := "20190907_CH_India.ELO"
		_, f, _ := readRealELO(t, name)
		if r := f.Rounds[0]; r.Number != 0 || r.Line != 0 || len(r.Games) != 9 {
			t.Errorf("first round %+v", r)
		}
		if r := f.Rounds[1]; r.Number != 1 || r.Line != 32 {
			t.Errorf("round 1 %+v", r)
		}
		wantPlayer(t, name, f, Player{ID: 350021, Surname: "AGARWAL", Firstname: "Sumit", Country: "IND", Score: fp(2), Discs: ip(188)})
		wantPlayer(t, name, f, Player{ID: 350029, New: true, Surname: "CHOUGLE", Firstname: "Abdulrehman", Country: "IND", Score: fp(6.5), Discs: ip(387)})
	})

	t.Run("Roma open, Kanto, China, World Cup: odd columns", func(t *testing.T) {
		name := "20190608_Roma_open.ELO"
		_, f, _ := readRealELO(t, name)
		wantPlayer(t, name, f, Player{ID: 3023, Surname: "LAI", Firstname: "Fabrizio", Country: "ITA", Score: fp(5), Discs: ip(256), DiscsAgainst: ip(128)})
		name = "20190506_Kanto_Ladies_Meijin-sen_prelim.ELO"
		_, f, _ = readRealELO(t, name)
		wantPlayer(t, name, f, Player{ID: 9062, New: true, Surname: "TOMIDA", Firstname: "Hikari", Country: "JPN", Score: fp(6), Discs: ip(265), Rating: ip(0)})
		name = "20250621_CH_China.ELO"
		_, f, _ = readRealELO(t, name)
		wantPlayer(t, name, f, Player{ID: 60138, New: true, Surname: "Zhu", Firstname: "nike", Country: "CHN", Score: fp(5), Discs: ip(282)})
		if f.Sender != "null" || f.Creator != "FlipTheDisc.com" || f.Comments[1].Text != "Classical tournament" {
			t.Errorf("sender %q, creator %q, comments %+v", f.Sender, f.Creator, f.Comments)
		}
		name = "20140116_Othello_World_Cup.ELO"
		_, f, _ = readRealELO(t, name)
		wantPlayer(t, name, f, Player{ID: 4004, Surname: "Sano", Firstname: "Yoko", Country: "JPN", Score: fp(5), Discs: ip(711)})
		wantPlayer(t, name, f, Player{ID: 5537, Surname: "Takanashi", Firstname: "Yusuke", Country: "JPN", Score: fp(7.5), Discs: ip(864)})
	})

	t.Run("Hukuriku and GDPRIX: '%round1' and '%%Round: 1'", func(t *testing.T) {
		_, f, _ := readRealELO(t, "19970223_18_Hukuriku_Expert_preliminary.ELO")
		if f.Rounds[5].Number != 6 || len(f.Rounds[5].Games) != 8 || f.Comments[0].Text != "players" {
			t.Errorf("Hukuriku round 6 %+v, comment %+v", f.Rounds[5], f.Comments[0])
		}
		_, f, _ = readRealELO(t, "19970920_GDPRIX.ELO")
		if f.Rounds[9].Number != 10 || len(f.Rounds[9].Games) != 5 || f.Comments[0].Text != "Finale" {
			t.Errorf("GDPRIX round 10 %+v, comment %+v", f.Rounds[9], f.Comments)
		}
	})
}
