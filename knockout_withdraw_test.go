package outflank_test

import (
	"fmt"
	"strings"
	"testing"

	"outflank"
)

// setScore enters discs as the result of the game at table in round n,
// replacing any.
func setScore(t *testing.T, tour *outflank.Tournament, n, table, black, white int) {
	t.Helper()
	res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: black, White: white}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tour.SetResult(n, table, res, outflank.ResultOptions{Replace: true}); err != nil {
		t.Fatal(err)
	}
}

// playRoundsFrom enters lowerIDWins's result in every game of the rounds
// from round first on that has none.
func playRoundsFrom(t *testing.T, tour *outflank.Tournament, first int) {
	t.Helper()
	for _, r := range tour.Rounds[first-1:] {
		for _, g := range r.Games {
			if g.Result == nil {
				d := lowerIDWins(&r, &g)
				setScore(t, tour, r.Number, g.Table, d.Black, d.White)
			}
		}
	}
}

// tablesOf lists the games of rounds from..to as "round/table:black-white".
func tablesOf(tour *outflank.Tournament, from, to int) string {
	var parts []string
	for _, r := range tour.Rounds[from-1 : to] {
		for _, g := range r.Games {
			parts = append(parts, fmt.Sprintf("%d/%d:%d-%d", r.Number, g.Table, g.Black, g.White))
		}
	}
	return strings.Join(parts, " ")
}

// wocAtSemiFinalThree plays a 12-player WOC to the 12:10 slot of its third
// day with semi-final 1's game 2 entered wrongly (#4 winning it, so 1-1):
// the slot pairs semi-final 1's game 3 on table 1 (round 16), the young
// players' final and third place on tables 2 and 3 (rounds 17, 18).
func wocAtSemiFinalThree(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour := newWOC(t, 12, []int{5, 6, 7, 8}, []int{9, 10, 11, 12})
	for len(tour.Rounds) < 11 {
		if _, err := tour.PairNext(outflank.PairOptions{}); err != nil {
			t.Fatal(err)
		}
		playRoundsFrom(t, tour, len(tour.Rounds))
	}
	if _, err := tour.PairNext(outflank.PairOptions{Choices: []outflank.ChoiceOption{{Player: 1, Chose: outflank.ChoseBlack}, {Player: 9, Chose: outflank.ChoseBlack}, {Player: 10, Chose: outflank.ChoseBlack}}}); err != nil {
		t.Fatal(err) // 9:30: the semi-finals' game 1, the young semi-finals
	}
	playRoundsFrom(t, tour, 12)
	if _, err := tour.PairNext(outflank.PairOptions{Choices: []outflank.ChoiceOption{{Player: 5, Chose: outflank.ChoseBlack}, {Player: 6, Chose: outflank.ChoseBlack}}}); err != nil {
		t.Fatal(err) // 10:50: game 2, the women's semi-finals
	}
	g, err := tour.Game(14, 1)
	if err != nil || g.Black != 4 || g.White != 1 {
		t.Fatalf("semi-final 1, game 2: %+v %v", g, err)
	}
	setScore(t, tour, 14, 1, 40, 24) // wrongly: #4 won it
	playRoundsFrom(t, tour, 14)
	if _, err := tour.PairNext(outflank.PairOptions{Choices: []outflank.ChoiceOption{{Player: 1, Chose: outflank.ChoseBlack}, {Player: 9, Chose: outflank.ChoseBlack}, {Player: 11, Chose: outflank.ChoseBlack}}}); err != nil {
		t.Fatal(err) // 12:10
	}
	if got := tablesOf(tour, 16, 18); got != "16/1:1-4 17/2:9-10 18/3:11-12" {
		t.Fatalf("12:10: %s", got)
	}
	return tour
}

// TestCorrectionMakesGameThreeNeedless is issue 24's point 13: semi-final
// 1's game 2 corrected to a win for #1 after its game 3 was paired with
// the young players' final and third place. Game 3 is not needed (WOC
// III.1): status says so and no longer calls it in play, pairing waits
// for it to be withdrawn, and withdrawing it leaves the other games of
// the slot on their rounds and tables.
func TestCorrectionMakesGameThreeNeedless(t *testing.T) {
	tour := wocAtSemiFinalThree(t)
	if n := tour.NeedlessGames(); len(n) != 0 {
		t.Fatalf("before the correction: %+v", n)
	}
	setScore(t, tour, 14, 1, 24, 40) // corrected: #1 won game 2 too
	needless := tour.NeedlessGames()
	if len(needless) != 1 || needless[0].Round != 16 || needless[0].Game.Table != 1 || needless[0].Label != "semi-final 1, game 3" {
		t.Fatalf("needless games: %+v", needless)
	}
	words := needless[0].Words(tour)
	for _, want := range []string{"semi-final 1, game 3 (round 16 table 1, #1 Player 01 v #4 Player 04) is not needed",
		"the semi-final 1 is decided, #1 Player 01 won the first two games (WOC III.1", "'outflank round withdraw woc 16 1'"} {
		if !strings.Contains(words, want) {
			t.Errorf("the needless game's words lack %q:\n%s", want, words)
		}
	}
	st := tour.Status()
	if !strings.HasPrefix(st.Text, "a knockout game is not needed: withdraw it\n  semi-final 1, game 3 (round 16 table 1") {
		t.Errorf("status:\n%s", st.Text)
	}
	if strings.Contains(st.Text, "semi-final 1, game 3 (round 16 table 1): ") {
		t.Errorf("status still lists game 3 as in play:\n%s", st.Text)
	}
	for _, m := range tour.Matches() {
		if m.Name == "semi-final-1" && (!m.State.Done || m.InPlay() || len(m.Games) != 2 || len(m.Needless) != 1) {
			t.Errorf("semi-final 1: done %v, in play %v, %d games, %d needless", m.State.Done, m.InPlay(), len(m.Games), len(m.Needless))
		}
	}
	if err := tour.CheckResultNeeded(16, 1); err == nil || !strings.Contains(err.Error(), "is not needed") {
		t.Errorf("a result for the needless game: %v", err)
	}
	if err := tour.CheckResultNeeded(17, 2); err != nil {
		t.Errorf("a result for the young final: %v", err)
	}
	playRoundsFrom(t, tour, 17)
	before := len(tour.Rounds)
	if _, err := tour.PairNext(outflank.PairOptions{}); err == nil || !strings.Contains(err.Error(), "semi-final 1, game 3 (round 16 table 1") || len(tour.Rounds) != before {
		t.Fatalf("pairing with a needless game in play: %v (%d rounds)", err, len(tour.Rounds))
	}

	// Withdrawn: round 16 stays, empty, so rounds 17 and 18 keep their
	// numbers, and every table stays where it was.
	w, err := tour.WithdrawGame(16, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.Summary(tour), "withdrew round 16 table 1 (semi-final 1, game 3): #1 Player 01 v #4 Player 04, not needed: the semi-final 1 is decided") {
		t.Errorf("summary: %s", w.Summary(tour))
	}
	if len(tour.Rounds) != 18 || len(tour.Rounds[15].Games) != 0 || tablesOf(tour, 17, 18) != "17/2:9-10 18/3:11-12" {
		t.Fatalf("after the withdrawal: %d rounds, %s", len(tour.Rounds), tablesOf(tour, 16, 18))
	}
	if n := tour.NeedlessGames(); len(n) != 0 {
		t.Errorf("needless after the withdrawal: %+v", n)
	}
	// 14:10 pairs as if game 3 had never been paired.
	if _, err := tour.PairNext(outflank.PairOptions{Choices: []outflank.ChoiceOption{{Player: 1, Chose: outflank.ChoseBlack}, {Player: 3, Chose: outflank.ChoseBlack}, {Player: 7, Chose: outflank.ChoseBlack}}}); err != nil {
		t.Fatal(err)
	}
	if got := tablesOf(tour, 19, len(tour.Rounds)); got != "19/1:1-2 20/2:3-4 21/3:7-8" {
		t.Errorf("14:10: %s", got)
	}
}

// TestWithdrawGameRefuses: a game that counts, a Swiss game, a table that
// does not exist are not withdrawn, and nothing changes.
func TestWithdrawGameRefuses(t *testing.T) {
	tour := wocAtSemiFinalThree(t)
	for _, c := range []struct {
		round, table int
		want         string
	}{
		{14, 1, "semi-final 1, game 2 (round 14 table 1) was played (40-24) and its match stands on it: correct its result"},
		{3, 1, "round 3 is a round-robin round: only a knockout game"},
		{16, 9, "round 16 of woc has no table 9"},
		{40, 1, "woc has no round 40"},
	} {
		before := tablesOf(tour, 1, len(tour.Rounds))
		if _, err := tour.WithdrawGame(c.round, c.table); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("withdraw %d/%d: %v, want %q", c.round, c.table, err, c.want)
		}
		if after := tablesOf(tour, 1, len(tour.Rounds)); after != before {
			t.Errorf("a refused withdrawal changed the rounds")
		}
	}
	// A game still to play may be withdrawn (paired too early), and
	// paired again: here the young third place, the last round, which
	// goes with it.
	if _, err := tour.WithdrawGame(18, 3); err != nil {
		t.Fatal(err)
	}
	if len(tour.Rounds) != 17 {
		t.Errorf("the last round, left empty, stays: %d rounds", len(tour.Rounds))
	}
	if _, err := tour.PairNext(outflank.PairOptions{Match: "young-third-place", Choices: []outflank.ChoiceOption{{Player: 11, Chose: outflank.ChoseWhite}}}); err != nil {
		t.Fatal(err)
	}
	if got := tablesOf(tour, 18, 18); got != "18/3:12-11" {
		t.Errorf("the young third place paired again: %s", got)
	}
}

// TestCorrectedSemiFinalLeavesFinalStray: a young semi-final's result
// corrected once the young players' final and third place were paired
// (WOC III.4): those games are between players who no longer meet in
// them, so they are not needed either, and say who meets now; withdrawn,
// the final and third place are paired again between the right players.
func TestCorrectedSemiFinalLeavesFinalStray(t *testing.T) {
	tour := wocAtSemiFinalThree(t)
	setScore(t, tour, 16, 1, 40, 24) // semi-final 1, game 3
	setScore(t, tour, 13, 3, 24, 40) // corrected: #12 beat #9
	needless := tour.NeedlessGames()
	if len(needless) != 2 || needless[0].Label != "young final" || needless[1].Label != "young third place" {
		t.Fatalf("needless: %+v", needless)
	}
	if !strings.Contains(needless[0].Why, "the young final is #10 Player 10 v #12 Player 12") {
		t.Errorf("why the young final is not needed: %s", needless[0].Why)
	}
	if _, err := tour.PairNext(outflank.PairOptions{}); err == nil || !strings.Contains(err.Error(), "young final (round 17 table 2") {
		t.Fatalf("pairing with the stray games: %v", err)
	}
	for _, table := range []int{3, 2} { // the last round first: it goes
		round := 18
		if table == 2 {
			round = 17
		}
		if _, err := tour.WithdrawGame(round, table); err != nil {
			t.Fatal(err)
		}
	}
	// Each was the last round once its game was gone: both went.
	if len(tour.Rounds) != 16 {
		t.Fatalf("after the withdrawals: %d rounds, %s", len(tour.Rounds), tablesOf(tour, 16, len(tour.Rounds)))
	}
	if _, err := tour.PairNext(outflank.PairOptions{Choices: []outflank.ChoiceOption{{Player: 10, Chose: outflank.ChoseBlack}, {Player: 9, Chose: outflank.ChoseBlack}}}); err != nil {
		t.Fatal(err)
	}
	if got := tablesOf(tour, 17, len(tour.Rounds)); got != "17/2:10-12 18/3:9-11" {
		t.Errorf("the young players' final and third place paired again: %s", got)
	}
}
