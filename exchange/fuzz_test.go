package exchange

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// sampleJSON is a small valid tournament file: three players, a round with
// a transcript result and a bye.
func sampleJSON(tb testing.TB) string {
	tb.Helper()
	t, err := outflank.NewTournament("fuzz", "Fuzz Open", "2026-01-02", rules.AOF, 5)
	if err != nil {
		tb.Fatal(err)
	}
	for _, name := range []string{"A, a", "B, b", "C, c"} {
		if _, err := t.AddPlayer(outflank.Player{Name: name, Country: "AUS"}); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := t.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}}, []int{3}); err != nil {
		tb.Fatal(err)
	}
	res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Moves: "e6f4e3f6g5d6e7f5c5"})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := t.SetResult(1, 1, res, outflank.ResultOptions{}); err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, t); err != nil {
		tb.Fatal(err)
	}
	return b.String()
}

// FuzzReadJSON: any input either fails with a user error or gives a
// tournament whose file reads back to the same file.
func FuzzReadJSON(f *testing.F) {
	valid := sampleJSON(f)
	for _, seed := range []string{valid, "", "{}", `{"format":"outflank/1"}`, strings.Replace(valid, "64", "65", 1),
		strings.Replace(valid, `"byes": [`, `"byes": [1, `, 1), valid[:len(valid)/2]} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data string) {
		tour, err := ReadJSON(strings.NewReader(data))
		if err != nil {
			if outflank.ErrorCode(err) == outflank.EINTERNAL {
				t.Fatalf("internal error on user input: %v", err)
			}
			return
		}
		var first, second bytes.Buffer
		if err := WriteJSON(&first, tour); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("our own file does not read back: %v\n%s", err, first.String())
		}
		if err := WriteJSON(&second, back); err != nil || !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("round trip differs")
		}
	})
}

// FuzzReadPlayersCSV: any input either fails with a user error or gives
// players that all pass the domain's checks.
func FuzzReadPlayersCSV(f *testing.F) {
	for _, seed := range []string{"name,country\nA B,FRA\n", "name,rating\nA,x\n", "", "name\n\"unterminated\n", "wof_id\n12\n",
		"name,country,rating,gender,born,wof_id,team,group_a\nA,GBR,1500,f,2010-01-01,1,T,yes\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data string) {
		players, err := ReadPlayersCSV(strings.NewReader(data))
		if err != nil {
			if outflank.ErrorCode(err) == outflank.EINTERNAL {
				t.Fatalf("internal error on user input: %v", err)
			}
			return
		}
		tour, err := outflank.NewTournament("fuzz", "Fuzz", "", rules.WOC, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range players {
			_, _ = tour.AddPlayer(p) // may be refused; must not panic
		}
	})
}

// FuzzReadELO: any input either fails with a user error or gives a
// tournament whose byes and absences, put back from the player lines, are
// in rounds where their player has no game, and whose tournament file
// reads back.
func FuzzReadELO(f *testing.F) {
	oadby, err := os.ReadFile("testdata/20100313_Oadby_Regional.ELO")
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{string(oadby), elo(threePlayers), elo("%_% 1, A, a, , 1, 44\n%_% 2, B, b, , 1, 44\n1 (40)>(24) 2\n"),
		elo("%_% 1, A, a, , 2+1, 999\n%Round: 1\n1 > 2\n%%Added results\n2 (33)>(31) 1 W\n"), ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data string) {
		for _, id := range []rules.ID{rules.BOFRegional, rules.Custom} {
			tour, _, err := ReadELO(strings.NewReader(data), id, "fuzz.ELO")
			if err != nil {
				if outflank.ErrorCode(err) == outflank.EINTERNAL {
					t.Fatalf("internal error on user input: %v", err)
				}
				return
			}
			for _, r := range tour.Rounds {
				for _, bye := range r.Byes {
					for _, g := range r.Games {
						if g.Black == bye || g.White == bye {
							t.Fatalf("round %d: player %d has the bye and a game", r.Number, bye)
						}
					}
				}
			}
			tour.Standings(0)
			var b bytes.Buffer
			if err := WriteJSON(&b, tour); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadJSON(bytes.NewReader(b.Bytes())); err != nil {
				t.Fatalf("the tournament file of an imported .ELO does not read back: %v", err)
			}
		}
	})
}
