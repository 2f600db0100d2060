package report_test

import (
	"strings"
	"testing"

	"outflank"
	"outflank/report"
	"outflank/rules"
	"outflank/simulate"
)

// TestStatusSummary: the event's state and where it is, in a spectator's
// words, at each step of a WOC.
func TestStatusSummary(t *testing.T) {
	// The first event from seed 3 with a playoff for 4th place (WOC
	// II.3.2): whether there is one depends on the simulated pairings and
	// results, which change with the pairing engine.
	var full *outflank.Tournament
	for seed := uint64(3); full == nil; seed++ {
		if seed == 40 {
			t.Fatal("no simulated 16-player WOC of seeds 3 to 39 has a playoff for 4th place")
		}
		ev, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: 16, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if len(ev.Rounds) > 13 && ev.Rounds[13].Stage == outflank.StagePlayoff {
			full = ev
		}
	}
	// at is the event with its first n rounds, the last missing the
	// results of its first missing games.
	at := func(n, missing int) *outflank.Tournament {
		t := full.Clone()
		t.Rounds = t.Rounds[:n]
		for i := range missing {
			t.Rounds[n-1].Games[i].Result = nil
		}
		return t
	}
	empty, err := outflank.NewTournament("empty", "Empty", "", rules.WOC, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name         string
		t            *outflank.Tournament
		state, words string
	}{
		{"no players", empty, report.StateUpcoming, "no players yet"},
		{"registered", at(0, 0), report.StateUpcoming, "16 players registered; round 1 of 13 not paired yet"},
		{"round in play", at(5, 3), report.StateInPlay, "round 5 of 13 in play, 5 of 8 results in"},
		{"between rounds", at(5, 0), report.StateInPlay, "round 5 of 13 complete; round 6 not paired yet"},
		{"playoffs due", at(13, 0), report.StateInPlay, "all 13 rounds played; next: playoff 4th v 5th, game 1"},
		{"playoff in play", at(14, 1), report.StateInPlay, "in play: playoff 4th v 5th, game 1"},
		{"semi-finals in play", at(15, 1), report.StateInPlay, "in play: semi-final 1, game 1"},
		{"finished", full, report.StateFinished, "finished; won by "},
	} {
		st := report.StatusOf(c.t)
		if st.State != c.state || !strings.HasPrefix(st.Summary, c.words) {
			t.Errorf("%s: %s, %q; want %s, %q", c.name, st.State, st.Summary, c.state, c.words)
		}
	}
	st := report.StatusOf(full)
	if len(st.Champions) != 3 || st.Champions[0].Title != "individual" || len(st.ListWinners) == 0 || !st.Done {
		t.Errorf("finished: champions %+v, list winners %+v", st.Champions, st.ListWinners)
	}
	if !strings.Contains(st.Summary, st.Champions[0].Name) {
		t.Errorf("finished: %q does not name the champion %s", st.Summary, st.Champions[0].Name)
	}
}
