package outflank_test

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
)

// brackets are field sizes on both sides of every boundary of every
// ruleset's format (WOC II.2; EGP II.2; AOF 1.2; BOF Regionals 1: a round
// robin up to 8 players; BOF National 3; custom: seven rounds).
var brackets = map[rules.ID][]int{
	rules.WOC:         {4, 8, 9, 14, 15, 24, 25, 31},
	rules.EGP:         {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 21},
	rules.AOF:         {5, 6, 7, 11, 12, 17},
	rules.BOFRegional: {4, 5, 8, 9, 13, 22},
	rules.BOFNational: {6, 10, 19},
	rules.Custom:      {6, 8, 9, 16},
}

var winnerIs = regexp.MustCompile(`the winner is #(\d+) `)

// TestListsOfCompleteEvents plays complete events of every ruleset at every
// field-size bracket, several seeds each, and checks that the lists obey
// the ruleset: WOC II.3.2's playoffs only at a WOC, players declared equal
// only where WOC II.3.3 c and EGP II.3 declare them (after the top four),
// never where the ruleset breaks every tie (AOF 4.1 and Appendix B §4; BOF
// Regionals 5, National 10), and that the list and status agree on the
// winner.
func TestListsOfCompleteEvents(t *testing.T) {
	for id, sizes := range brackets {
		for _, n := range sizes {
			for seed := uint64(1); seed <= 6; seed++ {
				t.Run(fmt.Sprintf("%s-%d-seed%d", id, n, seed), func(t *testing.T) {
					tour, err := simulate.Event(simulate.Options{Rules: id, Players: n, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					checkCompleteLists(t, tour)
				})
			}
		}
	}
}

func checkCompleteLists(t *testing.T, tour *outflank.Tournament) {
	t.Helper()
	status := tour.Status()
	if !status.Done {
		t.Fatalf("not complete: %s", status.Text)
	}
	lists := tour.IFRL(0)
	if tour.Rules != rules.WOC && len(lists.Playoffs)+len(lists.Pending) > 0 {
		t.Errorf("%s: WOC II.3.2 playoffs %v, pending %v", tour.Rules, lists.Playoffs, lists.Pending)
	}
	if len(lists.Pending) > 0 || lists.Final == nil {
		t.Fatalf("complete, yet the final list waits for %d playoffs", len(lists.Pending))
	}
	declares := tour.Rules == rules.WOC || tour.Rules == rules.EGP
	for _, r := range lists.Final {
		if r.Equal && (!declares || r.Rank <= 4) {
			t.Errorf("%s: rank %d (player %d) declared equal: %+v", tour.Rules, r.Rank, r.Player, lists.Final)
			break
		}
	}
	m := winnerIs.FindStringSubmatch(status.Text)
	if m == nil {
		t.Fatalf("status names no winner: %s", status.Text)
	}
	winner, _ := strconv.Atoi(m[1])
	if order := tour.FinalOrder(); len(order) != len(tour.Players) || order[0] != winner {
		t.Errorf("the order of finish %v does not start with the winner #%d status names", order, winner)
	}
}
