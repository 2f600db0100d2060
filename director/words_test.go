package director_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"outflank"
	"outflank/director"
	"outflank/rules"
)

// TestPairSummaryCounts: the log's summary of a pairing says its counts
// in the singular or the plural as they are: "2 games, 1 bye", never "1
// byes" (issue 24); the creation's "1 round".
func TestPairSummaryCounts(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	_, ev, err := director.CreateTournament(ctx, db, director.NewTournament{Slug: "club", Name: "Club", Rules: rules.BOFRegional, Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ev.Summary, "1 round)") {
		t.Errorf("creation: %q", ev.Summary)
	}
	for i := range 5 {
		if _, err := director.AddPlayer(ctx, db, "club", outflank.Player{Name: fmt.Sprintf("Player %d", i+1)}, "", false); err != nil {
			t.Fatal(err)
		}
	}
	p, err := director.Pair(ctx, db, "club", director.PairRequest{Round: 1, Seed: 7, SeedGiven: true})
	if err != nil {
		t.Fatal(err)
	}
	if s := p.Event.Summary; !strings.Contains(s, ": 2 games, 1 bye") || strings.Contains(s, "byes") {
		t.Errorf("the pairing's summary: %q", s)
	}
}
