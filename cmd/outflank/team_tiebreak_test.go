package main

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/viewcheck"
	"outflank/rules"
	"outflank/sqlite"
)

// TestTeamListSaysItsTieBreak (issue 24, point 18): three WOC teams on 10
// points each and 2 games between their members each are separated by
// their best players' places in the final list (WOC II.4); the team list
// says so under each team that a tie-break placed, on the command line,
// in the API and on the page.
func TestTeamListSaysItsTieBreak(t *testing.T) {
	tour, err := outflank.NewTournament("teams", "WOC teams", "2026-11-01", rules.WOC, 0)
	if err != nil {
		t.Fatal(err)
	}
	// A double round robin (WOC II.2 a) won by the lower id: 10, 8, 6, 4,
	// 2 and 0 points; teams A = 1+6, B = 2+5, C = 3+4: 10 points each.
	team := map[int]string{1: "AAA", 6: "AAA", 2: "BBB", 5: "BBB", 3: "CCC", 4: "CCC"}
	for id := 1; id <= 6; id++ {
		if _, err := tour.AddPlayer(outflank.Player{ID: id, Name: fmt.Sprintf("Player %02d", id), Country: team[id], Team: team[id], Gender: "m", Born: "1990-01-01"}); err != nil {
			t.Fatal(err)
		}
	}
	playUntil(t, tour, lowerIDWins, func(tour *outflank.Tournament) bool { return len(tour.Rounds) == 10 })
	d := newTDB(t)
	d.importTournament(tour)
	text := d.ok("standings", "teams", "--list", "tfrl")
	for _, want := range []string{
		"1     AAA",
		"2     BBB", "below AAA on 10 points and 2 games between members: its best player is lower in the final IFRL (2nd v 1st) (WOC II.4)",
		"3     CCC", "below BBB on 10 points and 2 games between members: its best player is lower in the final IFRL (3rd v 2nd) (WOC II.4)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the team list lacks %q:\n%s", want, text)
		}
	}
	if api := d.ok("standings", "teams", "--list", "tfrl", "--json"); !strings.Contains(api, `"tie_break": "below AAA on 10 points`) {
		t.Errorf("the JSON team list has no tie_break:\n%s", api)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	db, err := openStoreWith(ctx, d.path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	site, err := viewcheck.Site(ctx, db, db)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	site.ServeHTTP(rec, httptest.NewRequest("GET", "/t/teams/standings?list=tfrl", nil))
	page, _ := io.ReadAll(rec.Body)
	if want := `<td class="name">CCC<span class="tiebreak">below BBB on 10 points and 2 games between members: its best player is lower in the final IFRL (3rd v 2nd)</span></td>`; !strings.Contains(string(page), want) {
		t.Errorf("the team list page lacks %s", want)
	}
}
