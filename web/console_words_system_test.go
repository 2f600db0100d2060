package web

import (
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestConsoleWordsOfTheSystem: the messages of issue 24's round robins and
// systems, as a director meets them in the console (a round robin that
// cannot be completed, a round after which it cannot be, a late entry
// into a round robin, the system refused or fixed), name no command and no
// flag.
func TestConsoleWordsOfTheSystem(t *testing.T) {
	var msgs []string
	add := func(err error) {
		t.Helper()
		if err == nil {
			t.Fatal("no message")
		}
		msgs = append(msgs, outflank.ErrorMessage(err))
	}
	event := func(id rules.ID, n int) *outflank.Tournament {
		tour, err := outflank.NewTournament("reg", "Regional", "", id, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if _, err := tour.AddPlayer(outflank.Player{Name: "Player " + string(rune('A'+i))}); err != nil {
				t.Fatal(err)
			}
		}
		return tour
	}
	play := func(tour *outflank.Tournament, pairs []outflank.Pair) {
		r, err := tour.AddRound(outflank.StageRoundRobin, pairs, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range r.Games {
			score := outflank.Discs{Black: 40, White: 24}
			res, _ := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score})
			r.Games[i].Result = res
		}
	}
	for _, id := range []rules.ID{rules.BOFRegional} {
		stuck := event(id, 6)
		play(stuck, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}, {Black: 5, White: 6}})
		play(stuck, []outflank.Pair{{Black: 1, White: 3}, {Black: 2, White: 5}, {Black: 4, White: 6}})
		for _, n := range stuck.CheckRound(outflank.StageRoundRobin, []outflank.Pair{{Black: 1, White: 6}, {Black: 2, White: 4}, {Black: 3, White: 5}}, nil) {
			msgs = append(msgs, n.Text)
		}
		play(stuck, []outflank.Pair{{Black: 1, White: 6}, {Black: 2, White: 4}, {Black: 3, White: 5}})
		_, err := stuck.PairNext(outflank.PairOptions{})
		add(err)
		if err := stuck.LateEntryRefused([]int{7}); err == nil {
			t.Fatalf("%s: no late-entry refusal", id)
		} else {
			add(err)
		}
	}
	late := event(rules.BOFRegional, 8)
	if _, err := late.PairNext(outflank.PairOptions{}); err != nil {
		t.Fatal(err)
	}
	add(late.LateEntryRefused([]int{1}))
	woc := event(rules.WOC, 8)
	add(woc.ChooseSystem(outflank.SystemSwiss, false))
	if _, err := woc.PairNext(outflank.PairOptions{}); err != nil {
		t.Fatal(err)
	}
	add(woc.LateEntryRefused([]int{1}))
	if len(msgs) < 6 {
		t.Fatalf("%d messages: %q", len(msgs), msgs)
	}
	for _, m := range msgs {
		said := consoleWords(m)
		if strings.Contains(said, "outflank ") || strings.Contains(said, "--") {
			t.Errorf("the console says a command:\n%s\nfrom\n%s", said, m)
		}
	}
}
