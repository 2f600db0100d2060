package web_test

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"testing"
	"time"

	"outflank"
)

// TestOutsideEditSeen (issue 25, point 3): a result changed straight in
// the SQLite file (a second connection, as the sqlite3 shell makes) while
// the server runs is served by the site and the API within moments; a
// replacement conditional on the score before the edit is refused, saying
// so; the log's verification names the edited row, before and after a
// later change of the same game through Outflank.
func TestOutsideEditSeen(t *testing.T) {
	s := newAccessSite(t)
	ctx := context.Background()
	if status, body := s.do("td-club (token)", "POST", "/api/t/club/rounds/1/results/1", `{"score": "34-30"}`); status != http.StatusCreated {
		t.Fatalf("a result: %d %s", status, body)
	}
	shows := func(score string) bool {
		_, api := s.do("", "GET", "/api/t/club/pairings/1", "")
		_, page := s.do("", "GET", "/t/club/pairings/1", "")
		return strings.Contains(api, score) && strings.Contains(page, score)
	}
	if !shows("34-30") {
		t.Fatal("the result entered is not shown")
	}

	raw, err := sql.Open("sqlite", "file:"+s.db.Path()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.ExecContext(ctx, `UPDATE games SET black_discs = 40, white_discs = 24 WHERE round = 1 AND table_no = 1`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	for deadline := time.Now().Add(3 * time.Second); !shows("40-24"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			_, api := s.do("", "GET", "/api/t/club/pairings/1", "")
			t.Fatalf("3 s after the result was changed to 40-24 in the file, the API still says:\n%s", api)
		}
	}

	status, body := s.do("td-club (token)", "POST", "/api/t/club/rounds/1/results/1", `{"score": "20-44", "replace": true, "expect": "34-30"}`)
	if status != http.StatusConflict || !strings.Contains(body, "has 40-24, not the 34-30 expected") || !strings.Contains(body, "changed outside Outflank") {
		t.Errorf("a replacement expecting the score before the edit: %d %s", status, body)
	}
	stored, err := s.db.Tournament(ctx, "club")
	if err != nil {
		t.Fatal(err)
	}
	if r := stored.Rounds[0].Games[0].Result; r == nil || r.BlackDiscs != 40 {
		t.Fatalf("after the refused replacement, the file holds %+v, want 40-24", r)
	}

	verify := func(when string) {
		t.Helper()
		a, err := s.db.Audit(ctx, "club")
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.Verify()
		if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(outflank.ErrorMessage(err), "game 1/1 was changed outside Outflank") {
			t.Errorf("%s: the log's verification says %v, want the edit of game 1/1 named", when, err)
		}
	}
	verify("after the edit")
	// A replacement made on what the file holds now is saved; it does not
	// hide the edit.
	if status, body := s.do("td-club (token)", "POST", "/api/t/club/rounds/1/results/1", `{"score": "34-30", "replace": true, "expect": "40-24"}`); status != http.StatusCreated {
		t.Fatalf("a replacement expecting the score after the edit: %d %s", status, body)
	}
	verify("after a later change of the game")
}
