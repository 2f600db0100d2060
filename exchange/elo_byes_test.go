package exchange

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
	"outflank/wof"
)

// readOadby imports the real Oadby Regional 2010 (testdata, a copy of
// shared/data/elo's) under ruleset id.
func readOadby(t *testing.T, id rules.ID) (*outflank.Tournament, []string) {
	t.Helper()
	data, err := os.ReadFile("testdata/20100313_Oadby_Regional.ELO")
	if err != nil {
		t.Fatal(err)
	}
	tour, warnings, err := ReadELO(bytes.NewReader(data), id, "20100313_Oadby_Regional.ELO")
	if err != nil {
		t.Fatal(err)
	}
	return tour, warnings
}

// TestELOImportOadbyMatchesItsHeader is the Oadby Regional 2010 imported
// (issue 24, 5): the file has no bye lines, and ARNOLD's bye in round 1,
// when BUTLER arrived late, was lost (4 points, 258 discs, 4th), while his
// player line says 5 and 302 (3rd). The import puts the bye back and says
// so, and the standings are the header's: order, points, discs. Under the
// import's default (custom) the bye discs follow the header's 44-20.
func TestELOImportOadbyMatchesItsHeader(t *testing.T) {
	for _, id := range []rules.ID{rules.BOFRegional, rules.Custom} {
		t.Run(string(id), func(t *testing.T) {
			tour, warnings := readOadby(t, id)
			data, _ := os.ReadFile("testdata/20100313_Oadby_Regional.ELO")
			f, _, err := wof.Read(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			rows := tour.Standings(0)
			if len(rows) != len(f.Players) {
				t.Fatalf("%d rows, %d player lines", len(rows), len(f.Players))
			}
			for i, row := range rows {
				p, _ := tour.Player(row.Player)
				line := f.Players[i]
				if p.WOFID != line.ID || row.Points != *line.Score || row.Discs != *line.Discs {
					t.Errorf("place %d: %s, %v points, %d discs; the header says %s, %v points, %d discs",
						i+1, p.Name, row.Points, row.Discs, line.Surname, *line.Score, *line.Discs)
				}
			}
			if r1 := tour.Rounds[0]; !slices.Equal(r1.Byes, []int{3}) {
				t.Errorf("round 1 byes %v, want ARNOLD's (#3)", r1.Byes)
			}
			want := "#3 ARNOLD, Roy: a bye inferred in round 1 from the player line's 5 points and 302 discs"
			if !slices.Contains(warnings, want) {
				t.Errorf("no %q among the warnings:\n%s", want, strings.Join(warnings, "\n"))
			}
			butler, _ := tour.Player(7)
			if len(butler.AbsentRounds) != 0 {
				t.Errorf("BUTLER recorded absent in %v: his line (78 discs) counts his round 1 as nothing", butler.AbsentRounds)
			}
		})
	}
}

// TestELOImportOadbyNamesButler: where the ruleset scores a round missed
// 20-44 (BOF general rule 11), the import says which player's line counts
// a round without a game as nothing, and what recording it would give.
func TestELOImportOadbyNamesButler(t *testing.T) {
	_, warnings := readOadby(t, rules.BOFRegional)
	want := "#7 BUTLER, Robert: no game and no bye in round 1, which the player line's 1 point and 78 discs count as nothing, as PAPP counts a round missed: kept so, not recorded absent (recorded absent, BOF general rule 11 would score it 20-44: 98 discs)"
	if !slices.Contains(warnings, want) {
		t.Errorf("no %q among the warnings:\n%s", want, strings.Join(warnings, "\n"))
	}
}

// elo is a small .ELO file for the tests below: its player lines and
// games, with the header lines added.
func elo(body string) string {
	return "%%Tournament: Test\n%%Country: Great-Britain\n%%Date: 01/02/2020\n%%Sender: Test\n" + body
}

// readTestELO imports text under id, failing the test on an error.
func readTestELO(t *testing.T, text string, id rules.ID) (*outflank.Tournament, []string, []HeaderCheck) {
	t.Helper()
	b, err := readELO(strings.NewReader(text), id, "test.ELO", "")
	if err != nil {
		t.Fatal(err)
	}
	return b.t, b.warnings, b.checks
}

// checkClasses compares the classes found with want, by WOF id.
func checkClasses(t *testing.T, checks []HeaderCheck, want map[int]HeaderClass) {
	t.Helper()
	got := map[int]HeaderClass{}
	for _, c := range checks {
		got[c.WOFID] = c.Class
	}
	for id, class := range want {
		if got[id] != class {
			t.Errorf("player %d: %q, want %q (all: %v)", id, got[id], class, got)
		}
	}
}

// threePlayers is a round robin of three: each round one player has no
// game. Player 1's line counts his free round as a 44-20 bye; player 2's
// as a round missed 20-44 (BOF general rule 11); player 3's as nothing.
const threePlayers = `%_% 1, ONE, A, GBR, 3, 124
%_% 2, TWO, B, GBR, 1, 84
%_% 3, THREE, C, GBR, 0, 48
%Round: 1
2 (40)>(24) 3 B
%Round: 2
1 (40)>(24) 3 B
%Round: 3
1 (40)>(24) 2 W
`

// TestELOImportByeAndAbsence: under BOF rules a difference of 1 point and
// 44 discs in a round without a game is a bye, one of 20 discs a round
// missed; the tournament then has the bye and the absence, and the
// standings the lines' totals.
func TestELOImportByeAndAbsence(t *testing.T) {
	tour, warnings, checks := readTestELO(t, elo(threePlayers), rules.BOFRegional)
	checkClasses(t, checks, map[int]HeaderClass{1: HeaderBye, 2: HeaderAbsent, 3: HeaderAgree})
	if !slices.Equal(tour.Rounds[0].Byes, []int{1}) {
		t.Errorf("round 1 byes %v, want player 1's", tour.Rounds[0].Byes)
	}
	if p, _ := tour.Player(2); !slices.Equal(p.AbsentRounds, []int{2}) {
		t.Errorf("player 2 absent in %v, want round 2", p.AbsentRounds)
	}
	for _, row := range tour.Standings(0) {
		want := map[int][2]int{1: {3, 124}, 2: {1, 84}, 3: {0, 48}}[row.Player]
		if row.Points != float64(want[0]) || row.Discs != want[1] {
			t.Errorf("player %d: %v points %d discs, want %v", row.Player, row.Points, row.Discs, want)
		}
	}
	for _, want := range []string{
		"#1 ONE, A: a bye inferred in round 1 from the player line's 3 points and 124 discs",
		"#2 TWO, B: absent in round 2 inferred (a round missed scores 20-44: BOF general rule 11) from the player line's 1 point and 84 discs",
		"#3 THREE, C: no game and no bye in round 3, which the player line's 0 points and 48 discs count as nothing, as PAPP counts a round missed: kept so, not recorded absent (recorded absent, BOF general rule 11 would score it 20-44: 68 discs)",
	} {
		if !slices.Contains(warnings, want) {
			t.Errorf("no %q among the warnings:\n%s", want, strings.Join(warnings, "\n"))
		}
	}
}

// TestELOImportByeScoredOtherwise: under WOC rules (byes 32-32, a round
// missed 0-64) the 44-20 bye of the lines is taken as the event's, and
// said; a round missed of 20 discs is no WOC difference, so player 2's
// line is reported, not mended.
func TestELOImportByeScoredOtherwise(t *testing.T) {
	tour, warnings, checks := readTestELO(t, elo(threePlayers), rules.WOC)
	checkClasses(t, checks, map[int]HeaderClass{1: HeaderBye, 2: HeaderMissing, 3: HeaderAgree})
	if tour.Settings.ByeDiscs != [2]int{44, 20} {
		t.Errorf("bye discs %v, want the lines' 44-20", tour.Settings.ByeDiscs)
	}
	for _, want := range []string{
		"the player lines count a bye 44-20, as BOF general rule 7 has it, not 32-32 as the woc rules do (WOC Appendix A §3 c (a bye counts 32 discs in the BQ); design choice): the event's byes are scored as it scored them (its bye discs setting), so that its standings are those it published",
		"#2 TWO, B: the player line (line 6) says 1 point and 84 discs, the games give 1 point and 64 discs: the player has rounds without a game: games missing from the file (a forfeit or a game not played, which are not rated, or a game written under another id); the standings count the games",
	} {
		if !slices.Contains(warnings, want) {
			t.Errorf("no %q among the warnings:\n%s", want, strings.Join(warnings, "\n"))
		}
	}
}

// TestELOImportDifferences: each difference the import leaves as the
// games say is classed and reported with the player, the line's totals and
// the games'.
func TestELOImportDifferences(t *testing.T) {
	text := elo(`%_% 1, ONE, A, GBR, 2, 80
%_% 2, TWO, B, GBR, 1, 60
%_% 3, THREE, C, GBR, 1, 58
%_% 4, FOUR, D, GBR, 0, 51
%_% 5, FIVE, E, GBR, 1.5, 126
%_% 6, SIX, F, GBR, 0, 33
%_% 7, SEVEN, G, GBR, 2, 64
%_% 8, EIGHT, H, GBR, 1, 64
%Round: 1
1 (40)>(20) 2 B
3 > 4
5 (32)=(32) 6 B
7 (40)>(24) 8 B
%Round: 2
1 (40)>(24) 3 B
2 (44)>(20) 4 B
5 (63)>(01) 6 B
8 (40)>(24) 7 B
%%Added results
1 (33)>(31) 5 B
`)
	tour, warnings, checks := readTestELO(t, text, rules.WOC)
	checkClasses(t, checks, map[int]HeaderClass{
		1: HeaderDiscsWritten, // 40+40 as written; 44+40 with the empty squares to the winner
		2: HeaderDiscs,        // 20+44 = 64, the line says 60
		3: HeaderDiscsUnknown, // the result-only game counts 33-31
		4: HeaderAgree,        // 31+20
		5: HeaderAdded,        // 32+63 and the added game's 31
		6: HeaderFewerPoints,  // a draw is half a point
		7: HeaderMorePoints,   // a point more, with a game every round
		8: HeaderAgree,
	})
	for _, want := range []string{
		"#1 ONE, A: the player line (line 5) says 2 points and 80 discs, the games give 2 points and 84 discs: the line adds up the discs as the games write them, without giving the empty squares to the winner; the standings count the games",
		"#2 TWO, B: the player line (line 6) says 1 point and 60 discs, the games give 1 point and 64 discs: the discs differ; the standings count the games",
		"#3 THREE, C: the player line (line 7) says 1 point and 58 discs, the games give 1 point and 57 discs: some of the games give no discs or placeholders (as (32)>(32)), which count 33-31 or 32-32 here; the standings count the games",
		"#5 FIVE, E: the player line (line 9) says 1.5 points and 126 discs, the games give 1.5 points and 95 discs: the line also counts the games after %%Added results, which the standings leave to the final lists; the standings count the games",
		"#6 SIX, F: the player line (line 10) says 0 points and 33 discs, the games give 0.5 points and 33 discs: the games give more points than the line (a game written twice, or among the rounds though not counted?); the standings count the games",
		"#7 SEVEN, G: the player line (line 11) says 2 points and 64 discs, the games give 1 point and 64 discs: points were added to the games' (a bonus?); the standings count the games",
	} {
		if !slices.Contains(warnings, want) {
			t.Errorf("no %q among the warnings:\n%s", want, strings.Join(warnings, "\n"))
		}
	}
	for _, r := range tour.Rounds {
		if len(r.Byes) > 0 {
			t.Errorf("round %d: byes %v put back, where no difference is one", r.Number, r.Byes)
		}
	}
}

// TestELOImportFileClasses: what shows only over the whole file. A disc
// column that holds more than 64 a round for one line is no disc count for
// any; lines that give most players twice their games' points score
// otherwise; lines that all say 0 were left unfilled. More than three
// players the same: one warning.
func TestELOImportFileClasses(t *testing.T) {
	games := `%Round: 1
1 (40)>(24) 2 B
3 (40)>(24) 4 B
%Round: 2
1 (40)>(24) 3 B
2 (40)>(24) 4 B
`
	for _, c := range []struct {
		name, lines string
		want        map[int]HeaderClass
		warning     string
	}{
		{"not discs", "%_% 1, A, a, , 2, 300\n%_% 2, B, b, , 1, 70\n%_% 3, C, c, , 1, 60\n%_% 4, D, d, , 0, 48\n",
			map[int]HeaderClass{1: HeaderNotDiscs, 2: HeaderNotDiscs, 3: HeaderNotDiscs, 4: HeaderAgree},
			"#1 A, a: the player line (line 5) says 2 points and 300 discs, the games give 2 points and 80 discs: its disc column holds more than the games, a game more and 64 a round without a game could give: no disc count (a tie-break?); the standings count the games"},
		{"scaled", "%_% 1, A, a, , 4, 80\n%_% 2, B, b, , 2, 64\n%_% 3, C, c, , 2, 64\n%_% 4, D, d, , 0, 48\n",
			map[int]HeaderClass{1: HeaderScaled, 2: HeaderScaled, 3: HeaderScaled, 4: HeaderAgree},
			"the line scores the games otherwise (a bonus, or 2 or 3 points a win)"},
		{"zero", "%_% 1, A, a, , 0, 0\n%_% 2, B, b, , 0, 0\n%_% 3, C, c, , 0, 0\n%_% 4, D, d, , 0, 0\n",
			map[int]HeaderClass{1: HeaderPlaceholder, 2: HeaderPlaceholder, 3: HeaderPlaceholder, 4: HeaderPlaceholder},
			"the player lines of 4 players (#1 A, a, #2 B, b, #3 C, c, ...) give other totals than their games: the file's player lines all say 0, or most give one disc count: its totals are placeholders; the standings count the games"},
		{"no totals", "%_% 1, A, a\n%_% 2, B, b\n%_% 3, C, c\n%_% 4, D, d\n",
			map[int]HeaderClass{1: HeaderNoTotals, 2: HeaderNoTotals, 3: HeaderNoTotals, 4: HeaderNoTotals}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, warnings, checks := readTestELO(t, elo(c.lines+games), rules.WOC)
			checkClasses(t, checks, c.want)
			found := c.warning == ""
			for _, w := range warnings {
				found = found || strings.Contains(w, c.warning)
				if c.warning == "" && strings.Contains(w, "player line") {
					t.Errorf("warning about lines without totals: %s", w)
				}
			}
			if !found {
				t.Errorf("no %q among the warnings:\n%s", c.warning, strings.Join(warnings, "\n"))
			}
		})
	}
}

// TestELOImportWithoutPlayerLines: the oldest files have games only; they
// import as before, without a word about totals.
func TestELOImportWithoutPlayerLines(t *testing.T) {
	tour, warnings, checks := readTestELO(t, elo("1 (40)>(24) 2\n3 (40)>(24) 1\n"), rules.BOFRegional)
	if checks != nil || len(tour.Rounds) != 2 {
		t.Errorf("checks %v, %d rounds", checks, len(tour.Rounds))
	}
	for _, w := range warnings {
		if strings.Contains(w, "bye") || strings.Contains(w, "the player line") {
			t.Errorf("warning %q in a file without player lines", w)
		}
	}
}

// TestELOImportByeWithoutMarkers: without round markers the bye goes to
// the first round the import made in which the player has no game, and
// the message says the rounds are the import's.
func TestELOImportByeWithoutMarkers(t *testing.T) {
	text := elo(`%_% 1, A, a, , 2, 104
%_% 2, B, b, , 1, 64
%_% 3, C, c, , 2, 104
1 (40)>(24) 2 B
3 (40)>(24) 1 B
2 (40)>(24) 3 B
`)
	tour, warnings, _ := readTestELO(t, text, rules.AOF)
	if len(tour.Rounds) != 3 || !slices.Equal(tour.Rounds[0].Byes, []int{3}) || !slices.Equal(tour.Rounds[2].Byes, []int{1}) {
		t.Fatalf("%d rounds, byes %v %v", len(tour.Rounds), tour.Rounds[0].Byes, tour.Rounds[len(tour.Rounds)-1].Byes)
	}
	want := "#1 A, a: a bye inferred in round 3 from the player line's 2 points and 104 discs; the file has no round markers, so the rounds are as the import split the games"
	if !slices.Contains(warnings, want) {
		t.Errorf("no %q among the warnings:\n%s", want, strings.Join(warnings, "\n"))
	}
}

// TestExplain: a difference is byes and rounds missed only when it is
// exactly that, in rounds the player has free.
func TestExplain(t *testing.T) {
	for _, c := range []struct {
		points               float64
		discs, free          int
		bye, unplayed        int
		wantByes, wantAbsent int
		wantOK               bool
	}{
		{1, 44, 1, 44, 20, 1, 0, true},
		{1, 64, 2, 44, 20, 1, 1, true},
		{0, 40, 2, 44, 20, 0, 2, true},
		{0, 40, 1, 44, 20, 0, 0, false}, // two rounds missed, one free
		{2, 88, 1, 44, 20, 0, 0, false}, // two byes, one free round
		{1, 43, 1, 44, 20, 0, 0, false},
		{0.5, 32, 1, 32, 0, 0, 0, false},
		{1, 32, 1, 32, 0, 1, 0, true},
		{0, 20, 1, 32, 0, 0, 0, false}, // a round missed without discs is no difference
		{-1, -44, 1, 44, 20, 0, 0, false},
		{0, 0, 3, 44, 20, 0, 0, false}, // nothing to explain
	} {
		byes, absent, ok := explain(c.points, c.discs, c.free, c.bye, c.unplayed)
		if byes != c.wantByes || absent != c.wantAbsent || ok != c.wantOK {
			t.Errorf("explain(%v, %d, %d, %d, %d) = %d, %d, %v; want %d, %d, %v", c.points, c.discs, c.free, c.bye, c.unplayed,
				byes, absent, ok, c.wantByes, c.wantAbsent, c.wantOK)
		}
	}
}

// TestELOImportHeaderCheckBounded: a file of more players times rounds
// than maxHeaderCells imports without the check, and says so, so that a
// file built to be slow is not.
func TestELOImportHeaderCheckBounded(t *testing.T) {
	var b strings.Builder
	players, rounds := 1001, maxHeaderCells/1000
	for i := 1; i <= players; i++ {
		fmt.Fprintf(&b, "%%_%% %d, P%d, a, , 1, 32\n", i, i)
	}
	for range rounds {
		b.WriteString("1 > 2\n")
	}
	tour, warnings, checks := readTestELO(t, elo(b.String()), rules.WOC)
	if checks != nil || len(tour.Rounds) != rounds {
		t.Errorf("%d checks, %d rounds", len(checks), len(tour.Rounds))
	}
	want := fmt.Sprintf("%d players in %d rounds: too many to compare the player lines with the games, so no bye is put back", players, rounds)
	if !slices.Contains(warnings, want) {
		t.Errorf("no %q among %d warnings", want, len(warnings))
	}
}

// TestELOImportNoByeBesideAMissingGame: a point more than the games, in a
// round without a game, is no bye when another player without a game in
// that round has a line that counts a game more (Grenoble 2009 comments
// out ANDRIANI's games: NICOLET's win over him is no bye). When the other
// line counts nothing for the round, the bye is put back.
func TestELOImportNoByeBesideAMissingGame(t *testing.T) {
	games := `%Round: 1
1 (40)>(24) 2 B
%Round: 2
1 (40)>(24) 3 B
2 (40)>(24) 4 B
`
	_, _, checks := readTestELO(t, elo("%_% 1, A, a, , 2, 80\n%_% 2, B, b, , 1, 64\n%_% 3, C, c, , 1, 64\n%_% 4, D, d, , 0, 48\n"+games), rules.AOF)
	checkClasses(t, checks, map[int]HeaderClass{3: HeaderMissing, 4: HeaderMissing})
	tour, _, checks := readTestELO(t, elo("%_% 1, A, a, , 2, 80\n%_% 2, B, b, , 1, 64\n%_% 3, C, c, , 1, 64\n%_% 4, D, d, , 0, 24\n"+games), rules.AOF)
	checkClasses(t, checks, map[int]HeaderClass{3: HeaderBye, 4: HeaderAgree})
	if !slices.Equal(tour.Rounds[0].Byes, []int{3}) {
		t.Errorf("round 1 byes %v, want C's", tour.Rounds[0].Byes)
	}
}
