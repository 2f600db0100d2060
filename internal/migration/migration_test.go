package migration

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/shareddata"
	"outflank/rules"
)

// The sweep over real events, with every view checked, is TestMigration
// in cmd/outflank, where the command line's Main is reachable; these tests
// check the replay's parts.

// TestLoadRecoversRounds: the rounds of real files whose markers or order
// are odd are recovered, and each event gets the ruleset whose plan is its
// own: a round robin of 3 players listed without markers (each round a
// game and a bye), finals entered under the last round's marker,
// knockout games listed before the rounds, a final marked as a round, a
// WOC and an EGP played to their rulebooks' plans.
func TestLoadRecoversRounds(t *testing.T) {
	elo := shareddata.Dir(t, "elo")
	for _, tc := range []struct {
		file           string
		rules          rules.ID
		rounds, cycles int
	}{
		{"19950108_JKTT.ELO", rules.Custom, 6, 2},
		{"19970920_GDPRIX.ELO", rules.Custom, 10, 2},
		{"20140116_Othello_World_Cup.ELO", rules.Custom, 11, 0},
		{"20190907_CH_India.ELO", rules.Custom, 5, 0},
		{"20190324_40_Meijin.ELO", rules.Custom, 7, 0},
		{"19951116_WOC_1995.ELO", rules.WOC, 13, 1},
		{"20090110_EGP_Roma.ELO", rules.EGP, 11, 0},
		{"20100313_Oadby_Regional.ELO", rules.BOFRegional, 7, 1},
	} {
		ev, skip, err := Load(filepath.Join(elo, tc.file))
		if err != nil || skip != "" {
			t.Errorf("%s: %v, skipped: %q", tc.file, err, skip)
			continue
		}
		if ev.Rules != tc.rules || ev.Rounds() != tc.rounds || ev.Cycles != tc.cycles {
			t.Errorf("%s: %s, %d rounds, %d cycles; want %s, %d rounds, %d cycles", tc.file, ev.Rules, ev.Rounds(), ev.Cycles, tc.rules, tc.rounds, tc.cycles)
		}
		for i, r := range ev.Played.Rounds {
			seen := map[int]bool{}
			for _, g := range r.Games {
				if seen[g.Black] || seen[g.White] {
					t.Errorf("%s: round %d has a player twice", tc.file, i+1)
				}
				seen[g.Black], seen[g.White] = true, true
			}
		}
	}
}

// TestReplayThroughKnockouts: the WOC 1995 (14 players, a round robin by
// WOC II.2 b) replayed from round 5 is completed from the rounds played,
// then its playoffs, semi-finals and final are paired and played to the
// end, and nobody meets twice in the round robin.
func TestReplayThroughKnockouts(t *testing.T) {
	ev, skip, err := Load(shareddata.File(t, "elo", "19951116_WOC_1995.ELO"))
	if err != nil || skip != "" {
		t.Fatalf("%v %q", err, skip)
	}
	out, err := Replay(ev, 5, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Finished || out.Refusal != "" || out.Completing != 8 || out.Knockout == 0 || len(out.Rematches) > 0 {
		t.Fatalf("finished %v, refusal %q, %d rounds completing the round robin, %d knockout rounds, rematches %v",
			out.Finished, out.Refusal, out.Completing, out.Knockout, out.Rematches)
	}
	final := false
	for _, r := range out.Tournament.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				t.Errorf("round %d (%s) table %d has no result", r.Number, r.Stage, g.Table)
			}
		}
		final = final || r.Stage == outflank.StageFinal
	}
	if !final {
		t.Error("no final was played")
	}
}

// TestRematchFree: four players can play a round without a rematch until
// they have played the three rounds of a round robin; a fifth, odd one
// out, needs a bye for someone without one.
func TestRematchFree(t *testing.T) {
	tour, err := outflank.NewTournament("four", "Four", "2026-01-01", rules.Custom, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"A", "B", "C", "D"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	for i, round := range [][]outflank.Pair{{{Black: 1, White: 2}, {Black: 3, White: 4}}, {{Black: 1, White: 3}, {Black: 2, White: 4}}, {{Black: 1, White: 4}, {Black: 2, White: 3}}} {
		if !rematchFree(tour, i+1, false) {
			t.Errorf("round %d: a pairing without a rematch exists", i+1)
		}
		if _, err := tour.AddRound(outflank.StageSwiss, round, nil); err != nil {
			t.Fatal(err)
		}
	}
	if rematchFree(tour, 4, false) {
		t.Error("round 4 of four players who have all met: no pairing without a rematch exists")
	}
	if !rematchFree(tour, 4, true) {
		t.Error("round 4 in a modified Swiss: second meetings are allowed")
	}
}

// TestSweepReportsEachDisagreement: a views check's disagreements are
// each reported with the event's file and k; a check that fails is a
// replay that failed, not a pass.
func TestSweepReportsEachDisagreement(t *testing.T) {
	ev, skip, err := Load(shareddata.File(t, "elo", "20190608_Roma_open.ELO"))
	if err != nil || skip != "" {
		t.Fatalf("%v %q", err, skip)
	}
	s := NewSweep()
	s.Run([]*Event{ev}, 2, 24, func(ev *Event, k int, tour *outflank.Tournament) (int, []string, error) {
		if k == 1 {
			return 3, []string{"HTML crosstable: #4 X has 40 discs; by hand: 60"}, nil
		}
		return 0, nil, errors.New("GET /t/x/standings: 500")
	})
	if s.Replays != 1 || s.Checked != 1 || s.Documents != 3 || len(s.Disagreements) != 1 || len(s.Errors) != 1 ||
		s.Disagreements[0] != "elo/20190608_Roma_open.ELO, k=1: HTML crosstable: #4 X has 40 discs; by hand: 60" ||
		!strings.Contains(s.Errors[0], "k=5: GET /t/x/standings: 500") {
		t.Errorf("replays %d, checked %d, documents %d, disagreements %q, errors %q", s.Replays, s.Checked, s.Documents, s.Disagreements, s.Errors)
	}
	report := strings.Join(s.Report(), "\n")
	if !strings.Contains(report, "views checked: 1 replays, 3 documents; disagreements: 1") {
		t.Errorf("report:\n%s", report)
	}
}
