package outflank

import (
	"strings"
	"testing"

	"outflank/rules"
)

func TestLateEntryNote(t *testing.T) {
	late := func(tour *Tournament) string {
		t.Helper()
		p, err := tour.AddPlayer(Player{Name: "Late"})
		if err != nil {
			t.Fatal(err)
		}
		return tour.LateEntryNote([]int{p.ID})
	}
	before := absenceEvent(t, rules.WOC, 4, 3)
	if note := late(before); note != "" {
		t.Errorf("before round 1: %q", note)
	}
	rr := absenceEvent(t, rules.EGP, 4, 3) // a single round robin of 3 rounds
	pairNext(t, rr)
	if note := late(rr); !strings.Contains(note, "the round robin began in round 1 with its 4 players and runs to round 3") {
		t.Errorf("round robin: %q", note)
	}
	woc := absenceEvent(t, rules.WOC, 30, 13)
	pairNext(t, woc)
	playRound(t, woc)
	pairNext(t, woc)
	note := late(woc)
	if !strings.Contains(note, "paired from round 3; rounds 1-2 count as not played") || strings.Contains(note, "player absent") || !strings.Contains(note, "quotient: WOC Appendix A §3 c)") {
		t.Errorf("WOC Swiss: %q", note)
	}
	bof := absenceEvent(t, rules.BOFRegional, 12, 7)
	pairNext(t, bof)
	// A BOF event cites its own rulebook for the quotient, not the WOC's.
	if note := late(bof); !strings.Contains(note, "games not played, 20-44 (BOF general rule 11") || !strings.Contains(note, "--rounds 1'") ||
		!strings.Contains(note, "quotient: BOF general rule 15 d, as for a bye)") || strings.Contains(note, "WOC") {
		t.Errorf("BOF Swiss: %q", note)
	}
	over := absenceEvent(t, rules.Custom, 2, 1)
	pairNext(t, over)
	if note := late(over); !strings.Contains(note, "the main stage is over (1 round entered)") {
		t.Errorf("after the main stage: %q", note)
	}
}
