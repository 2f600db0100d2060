package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/report"
)

// TestStandingsFollowEveryChange drives a tournament through the changes
// that do and do not change its lists (results of a round complete and of
// the round in play, a pairing, a result replaced, an undo, a rename, a
// withdrawal, the number of rounds and the tie-break changed by another
// writer, as the command line would), asking for the standings after each, and checks that every
// standings document the site serves is the one drawn up from the
// tournament read anew: the lists a sealed state draws up once, or
// inherits from the state before (Tournament.Seal), are never stale.
func TestStandingsFollowEveryChange(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	step := func(what string, status int, body string) {
		t.Helper()
		if status != http.StatusCreated && status != http.StatusOK && status != http.StatusSeeOther {
			t.Fatalf("%s: %d %s", what, status, body)
		}
		s.standingsFollow(what)
	}
	api := func(what, path, body string) {
		t.Helper()
		status, answer := s.do("td-club (token)", "POST", path, body)
		step(what, status, answer)
	}
	s.standingsFollow("at first")
	api("a result, round 1 in play", "/api/t/club/rounds/1/results/1", `{"score": "40-24"}`)
	api("round 1 complete", "/api/t/club/rounds/1/results/2", `{"score": "20-44"}`)
	api("round 2 paired", "/api/t/club/pair", `{}`)
	api("a result of round 2", "/api/t/club/rounds/2/results/1", `{"score": "50-14"}`)
	api("a result of round 1 replaced", "/api/t/club/rounds/1/results/1", `{"score": "10-54", "replace": true}`)
	api("undone", "/api/t/club/undo", `{}`)
	a := td.post("/t/club/admin/players/2", url.Values{"name": {"Bea Renamed"}})
	step("a player renamed", a.status, a.body)
	a = td.post("/t/club/admin/players/3/withdraw", url.Values{"after_round": {"2"}})
	step("a player withdrawn", a.status, a.body)
	api("round 2 complete", "/api/t/club/rounds/2/results/2", `{"score": "33-31"}`)
	_, err := s.db.Update(context.Background(), "club", outflank.KindSettings, func(tour *outflank.Tournament) (string, error) {
		tour.Settings.Rounds, tour.Settings.TieBreak = 2, outflank.TieBreakDiscs
		return "two rounds, ties broken by discs", nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s.standingsFollow("two rounds (the final list), by another writer")
	if !strings.Contains(s.get200(t, "/t/club/standings"), "Bea Renamed") {
		t.Error("the standings page does not show the new name")
	}
}

// get200 fetches a public page that must be there.
func (s *accessSite) get200(t *testing.T, path string) string {
	t.Helper()
	status, body := s.do("", "GET", path, "")
	if status != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, status, body)
	}
	return body
}

var dataPlayer = regexp.MustCompile(`<tr data-player="(\d+)"`)

// standingsFollow waits, up to 5 s (the store's feed polls every 250 ms),
// for the standings the site serves to be those drawn up from the club's
// tournament read anew from the store, as the command line draws them up:
// the default list, the IFRL, and the IFRL after each complete round.
func (s *accessSite) standingsFollow(step string) {
	s.t.Helper()
	tour := s.tournament("club") // a copy, not sealed: its lists drawn up anew
	queries := []struct {
		list  string
		after int
	}{{"", 0}, {"ifrl", 0}}
	for _, r := range tour.Rounds {
		if r.Number <= tour.Progress().Complete {
			queries = append(queries, struct {
				list  string
				after int
			}{"ifrl", r.Number})
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for _, q := range queries {
		doc, err := report.StandingsOf(tour, q.list, q.after, false)
		if err != nil {
			s.t.Fatal(err)
		}
		var want strings.Builder
		if err := report.WriteJSON(&want, doc); err != nil {
			s.t.Fatal(err)
		}
		query := "?list=" + q.list
		if q.after > 0 {
			query += "&after=" + strconv.Itoa(q.after)
		}
		for {
			_, got := s.do("", "GET", "/api/t/club/standings"+query, "")
			if got == want.String() {
				break
			}
			if time.Now().After(deadline) {
				s.t.Fatalf("%s: the standings%s served:\n%s\nwant (drawn up anew):\n%s", step, query, got, want.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		// The page, at the same version by now, shows the same rows (the
		// final list's once there is one).
		var ids []string
		for _, m := range dataPlayer.FindAllStringSubmatch(s.get200(s.t, "/t/club/standings"+query), -1) {
			ids = append(ids, m[1])
		}
		rows := doc.Final
		if rows == nil {
			rows = doc.Provisional
		}
		var wantIDs []string
		for _, r := range rows {
			wantIDs = append(wantIDs, strconv.Itoa(r.Player))
		}
		if len(wantIDs) > 0 && !strings.Contains(" "+strings.Join(ids, " ")+" ", " "+strings.Join(wantIDs, " ")+" ") {
			s.t.Errorf("%s: the standings page%s has the rows of players %v, not the list %v", step, query, ids, wantIDs)
		}
	}
}
