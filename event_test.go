package outflank_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// lowerIDWins: in every game the player with the lower id wins 40-24, so
// the lists are known in advance.
func lowerIDWins(_ *outflank.Round, g *outflank.Game) outflank.Discs {
	if g.White < g.Black {
		return outflank.Discs{Black: 24, White: 40}
	}
	return outflank.Discs{Black: 40, White: 24}
}

// runEvent pairs and plays an event to its end, each game scored by score.
// It returns, for each pairing after the main stage, the stages it
// created, and every status text on the way.
func runEvent(t *testing.T, tour *outflank.Tournament, score func(*outflank.Round, *outflank.Game) outflank.Discs) (calls [][]string, statuses []string) {
	t.Helper()
	for guard := 0; !tour.Status().Done; guard++ {
		statuses = append(statuses, tour.Status().Text)
		if guard > 100 {
			t.Fatalf("the event does not end: %s", tour.Status().Text)
		}
		before := len(tour.Rounds)
		main := tour.PlannedRounds()
		if _, err := tour.PairNext(outflank.PairOptions{Seed: uint64(guard)}); err != nil {
			t.Fatalf("pairing round %d: %v", before+1, err)
		}
		var created []string
		for i := before; i < len(tour.Rounds); i++ {
			r := &tour.Rounds[i]
			for j := range r.Games {
				g := &r.Games[j]
				discs := score(r, g)
				res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &discs})
				if err != nil {
					t.Fatal(err)
				}
				g.Result = res
			}
			if r.Number > main {
				created = append(created, fmt.Sprintf("%s %d", r.Stage, len(r.Games)))
			}
		}
		if len(created) > 0 {
			calls = append(calls, created)
		}
	}
	return calls, append(statuses, tour.Status().Text)
}

func newWOC(t *testing.T, n int, women, young []int) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("woc", "WOC", "2026-11-01", rules.WOC, 0)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= n; id++ {
		p := outflank.Player{ID: id, Name: fmt.Sprintf("Player %02d", id), Gender: "m", Born: "1990-01-01", Country: "FRA"}
		if slices.Contains(women, id) {
			p.Gender = "f"
		}
		if slices.Contains(young, id) {
			p.Born = "2013-06-01"
		}
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	return tour
}

// TestWOCThirdDay: 12 players play a single round robin (WOC II.2 b), then
// the third day in the order of Appendix B, with the women's and young
// players' semi-finals, third place and final (III.3-4).
func TestWOCThirdDay(t *testing.T) {
	tour := newWOC(t, 12, []int{5, 6, 7, 8}, []int{9, 10, 11, 12})
	if got := tour.PlannedRounds(); got != 11 {
		t.Fatalf("12 players: %d rounds planned, want 11 (a single round robin)", got)
	}
	calls, _ := runEvent(t, tour, lowerIDWins)
	want := [][]string{
		{"semi-final 2", "young-semi-final 2"},              // 9:30: semi-finals game 1, young semi-finals
		{"semi-final 2", "women-semi-final 2"},              // 10:50: game 2, women's semi-finals
		{"young-final 1", "young-third-place 1"},            // 12:10: no game 3 is needed; the young players' final and third place
		{"final 1", "third-place 1", "women-third-place 1"}, // 14:10: the final on table 1
		{"final 1", "women-final 1"},                        // 15:40; no third game of the final
	}
	if fmt.Sprint(calls) != fmt.Sprint(want) {
		t.Errorf("the third day went\n%v\nwant\n%v", calls, want)
	}
	text := tour.Status().Text
	for _, w := range []string{"the winner is #1 ", "women's champion #5 ", "young players' champion #9 "} {
		if !strings.Contains(text, w) {
			t.Errorf("status %q does not say %q", text, w)
		}
	}
	if got := tour.TitleOrder(rules.TitleWomen); fmt.Sprint(got) != "[5 6 7 8]" {
		t.Errorf("women's order of finish %v, want [5 6 7 8]", got)
	}
	if got := tour.TitleOrder(rules.TitleYoung); fmt.Sprint(got) != "[9 10 11 12]" {
		t.Errorf("young players' order of finish %v, want [9 10 11 12]", got)
	}
	if got := tour.FinalOrder()[:4]; fmt.Sprint(got) != "[1 2 3 4]" {
		t.Errorf("order of finish %v, want 1 2 3 4 first", got)
	}
}

// TestWOCWomanInSemiFinals: with a woman in the WOC semi-finals there are
// no women's semi-finals; the women in the WOC semi-finals are ranked by
// their finish in the WOC (WOC III.3.1).
func TestWOCWomanInSemiFinals(t *testing.T) {
	tour := newWOC(t, 10, []int{3, 5, 6, 7, 8}, nil)
	calls, _ := runEvent(t, tour, lowerIDWins)
	for _, call := range calls {
		for _, stage := range call {
			if strings.HasPrefix(stage, "women") || strings.HasPrefix(stage, "young") {
				t.Errorf("a %s was paired", stage)
			}
		}
	}
	if got := tour.TitleOrder(rules.TitleWomen); fmt.Sprint(got) != "[3 5 6 7 8]" {
		t.Errorf("women's order of finish %v, want [3 5 6 7 8]", got)
	}
	if text := tour.Status().Text; !strings.Contains(text, "women's champion #3 ") {
		t.Errorf("status %q: the women's champion is #3", text)
	}
}

// TestRoundsByPlan: without --rounds the ruleset's format for the field
// fixes the rounds when round 1 is paired, and the Brightwell constant
// with them (AOF: C = Integer(64 / rounds)); a withdrawal later does not
// change the format.
func TestRoundsByPlan(t *testing.T) {
	for _, tc := range []struct {
		id      rules.ID
		players int
		rounds  int
		c       float64
	}{
		{rules.AOF, 6, 5, 12},  // AOF 1.2 a: a round robin of 5 rounds
		{rules.AOF, 9, 5, 12},  // 1.2 b: a Swiss of 5
		{rules.AOF, 14, 6, 10}, // 1.2 c: a Swiss of 6
		{rules.EGP, 4, 9, 6},   // EGP II.2: a triple round robin
		{rules.EGP, 6, 10, 6},  // a double one
		{rules.EGP, 8, 11, 6},  // 7 rounds, then a Swiss of 4
		{rules.WOC, 8, 14, 6},  // WOC II.2 a
		{rules.WOC, 30, 13, 6}, // II.2 d
		{rules.BOFRegional, 5, 5, 13},
		{rules.BOFRegional, 4, 6, 11},
	} {
		tour, err := outflank.NewTournament("t", "T", "2026-01-01", tc.id, 0)
		if err != nil {
			t.Fatal(err)
		}
		for id := 1; id <= tc.players; id++ {
			if _, err := tour.AddPlayer(outflank.Player{ID: id, Name: fmt.Sprintf("P%d", id)}); err != nil {
				t.Fatal(err)
			}
		}
		if got := tour.PlannedRounds(); got != tc.rounds {
			t.Errorf("%s %d players: %d rounds planned, want %d", tc.id, tc.players, got, tc.rounds)
		}
		if _, err := tour.PairNext(outflank.PairOptions{Seed: 1}); err != nil {
			t.Fatal(err)
		}
		if s := tour.Settings; s.Rounds != tc.rounds || s.RoundsByPlan || s.BrightwellC != tc.c {
			t.Errorf("%s %d players after round 1: rounds %d (by plan %v), C %v; want %d rounds, C %v", tc.id, tc.players, s.Rounds, s.RoundsByPlan, s.BrightwellC, tc.rounds, tc.c)
		}
		if err := tour.Withdraw(tc.players, 1); err != nil {
			t.Fatal(err)
		}
		if got := tour.PlannedRounds(); got != tc.rounds {
			t.Errorf("%s %d players: %d rounds after a withdrawal, want %d", tc.id, tc.players, got, tc.rounds)
		}
	}
}

// TestSemiFinalGameThree: semi-finals at 1-1 go to a third game, whose
// colour is chosen by the player with more discs over games 1-2 (WOC
// III.1), at 12:10 (Appendix B).
func TestSemiFinalGameThree(t *testing.T) {
	tour := newWOC(t, 10, nil, nil)
	blackWins := func(r *outflank.Round, g *outflank.Game) outflank.Discs {
		if r.Stage != outflank.StageSemiFinal {
			return lowerIDWins(r, g)
		}
		if g.Black < g.White { // game 1 and 3: the higher-ranked has black
			return outflank.Discs{Black: 40, White: 24}
		}
		return outflank.Discs{Black: 35, White: 29}
	}
	calls, statuses := runEvent(t, tour, blackWins)
	want := "semi-final 1, game 3: #1 Player 01 v #4 Player 04 (#1 Player 01 chooses colour: more discs in games 1-2), 35 minutes each, 12:10-13:20"
	found := false
	for _, s := range statuses {
		found = found || strings.Contains(s, want)
	}
	if !found {
		t.Errorf("no status said %q; statuses:\n%s", want, strings.Join(statuses, "\n"))
	}
	if len(calls) < 3 || fmt.Sprint(calls[2]) != "[semi-final 2]" {
		t.Errorf("the third day went %v: the third pairing is both semi-finals' game 3", calls)
	}
}

// TestPlayoffNeeded: 4th and 5th tied on points after the round robin
// play off (WOC II.3.2), and status says so in plain words.
func TestPlayoffNeeded(t *testing.T) {
	tour := newWOC(t, 9, nil, nil)
	drawFourFive := func(r *outflank.Round, g *outflank.Game) outflank.Discs {
		if r.Stage == outflank.StageRoundRobin && min(g.Black, g.White) == 4 && max(g.Black, g.White) == 5 {
			return outflank.Discs{Black: 32, White: 32}
		}
		return lowerIDWins(r, g)
	}
	calls, statuses := runEvent(t, tour, drawFourFive)
	found := false
	for _, s := range statuses {
		found = found || strings.Contains(s, "playoff needed: #4 Player 04 v #5 Player 05 (4th and 5th on 5.5 points); #4 Player 04 chooses colour or draw-win") ||
			strings.Contains(s, "playoff needed: #5 Player 05 v #4 Player 04 (4th and 5th on 5.5 points); #5 Player 05 chooses colour or draw-win")
	}
	if !found {
		t.Errorf("no status announced the playoff:\n%s", strings.Join(statuses, "\n"))
	}
	if len(calls) == 0 || fmt.Sprint(calls[0]) != "[playoff 1]" {
		t.Errorf("after the round robin came %v, want the playoff", calls)
	}
}

// TestDrawnPlayoffBlocks: a playoff stored drawn without its draw-win (as
// an Outflank before the choice was recorded could store it) neither
// counts nor brings a second playoff game: status says how to record the
// choice, pairing refuses, and recording it decides the playoff (WOC
// II.3.2, IV.9).
func TestDrawnPlayoffBlocks(t *testing.T) {
	tour := newWOC(t, 9, nil, nil)
	drawFourFive := func(r *outflank.Round, g *outflank.Game) outflank.Discs {
		if r.Stage == outflank.StageRoundRobin && min(g.Black, g.White) == 4 && max(g.Black, g.White) == 5 {
			return outflank.Discs{Black: 32, White: 32}
		}
		return lowerIDWins(r, g)
	}
	for len(tour.Rounds) < 9 {
		if _, err := tour.PairNext(outflank.PairOptions{}); err != nil {
			t.Fatal(err)
		}
		r := &tour.Rounds[len(tour.Rounds)-1]
		for j := range r.Games {
			d := drawFourFive(r, &r.Games[j])
			r.Games[j].Result, _ = tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &d})
		}
	}
	if _, err := tour.PairNext(outflank.PairOptions{}); err != nil {
		t.Fatal(err)
	}
	playoff := &tour.Rounds[9].Games[0]
	playoff.Result, _ = tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 32, White: 32}})
	st := tour.Status()
	if !strings.Contains(st.Text, "cannot go on") || !strings.Contains(st.Text, "--choice") {
		t.Errorf("status of a drawn playoff: %s", st.Text)
	}
	if _, err := tour.PairNext(outflank.PairOptions{}); err == nil || len(tour.Rounds) != 10 {
		t.Fatalf("a drawn playoff was paired again (%d rounds): %v", len(tour.Rounds), err)
	}
	if _, err := tour.RecordChoice(10, 1, outflank.ChoseDrawWin); err != nil {
		t.Fatal(err)
	}
	if _, err := tour.SetResult(10, 1, playoff.Result, outflank.ResultOptions{Replace: true}); err != nil {
		t.Fatal(err)
	}
	if p := tour.Rounds[9].Games[0]; p.Result.Outcome != outflank.OutcomeDrawWin || p.Result.Winner != outflank.Black {
		t.Errorf("the playoff, #%d holding the draw-win as black: %s", p.Black, p.Result.Summary())
	}
	if lists := tour.IFRL(0); len(lists.Pending) != 0 || lists.Final == nil {
		t.Errorf("the playoff is decided, yet pending %v", lists.Pending)
	}
}
