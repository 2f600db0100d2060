package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestAPIAddRound: POST /api/t/{slug}/rounds enters a round by hand as
// 'round add' does: the rulebooks' checks refuse what they forbid (open
// results, a rematch) unless forced, warn of the rest, and name the round;
// a round entered meanwhile answers 409 (the conditional "round").
func TestAPIAddRound(t *testing.T) {
	s := newAccessSite(t)
	post := func(body string) (int, string) { return s.do("td-club (token)", "POST", "/api/t/club/rounds", body) }
	for _, c := range []struct {
		body, want string
		status     int
	}{
		{`{"pairs": ["1-3", "2-4"]}`, "no result yet, and a Swiss round is paired on the points so far", http.StatusBadRequest},
		{`{"pairs": ["1-3", "2-4"]}`, "add --force to enter it anyway", http.StatusBadRequest},
		{`{"pairs": ["1-3"], "stage": "bogus"}`, `unknown stage \"bogus\"`, http.StatusBadRequest},
		{`{"pairs": ["1-3"], "table": 2}`, "unknown field", http.StatusBadRequest},
		{`{"round": -1, "pairs": ["1-3"]}`, "give the round to enter", http.StatusBadRequest},
		{`{"pairs": ["1-9"]}`, "no player with id 9", http.StatusNotFound},
	} {
		if status, body := post(c.body); status != c.status || !strings.Contains(body, c.want) {
			t.Errorf("POST %s: %d %s; want %d and %q", c.body, status, body, c.status, c.want)
		}
	}
	for _, table := range []string{"1", "2"} {
		if status, body := s.do("td-club (token)", "POST", "/api/t/club/rounds/1/results/"+table, `{"score": "40-24"}`); status != http.StatusCreated {
			t.Fatalf("result: %d %s", status, body)
		}
	}
	if status, body := post(`{"round": 3, "pairs": ["1-3", "2-4"]}`); status != http.StatusConflict || !strings.Contains(body, "round 3 cannot be entered: club has 1 round, so the next is round 2") {
		t.Errorf("round 3 before round 2: %d %s", status, body)
	}
	if status, body := post(`{"pairs": ["2-1", "3-4"]}`); status != http.StatusBadRequest || !strings.Contains(body, "#2 Ben and #1 Ann have met before (BOF Swiss system 1") {
		t.Errorf("a rematch: %d %s", status, body)
	}
	status, body := post(`{"round": 2, "pairs": ["1-3", "2-4"]}`)
	var saved struct {
		Kind, Summary string
		Rounds        []int
		Version       int64
		Warnings      []string
	}
	if err := json.Unmarshal([]byte(body), &saved); err != nil || status != http.StatusCreated {
		t.Fatalf("round 2: %d %s (%v)", status, body, err)
	}
	if saved.Kind != "round.add" || saved.Summary != "round 2 (swiss): 1-3, 2-4" || len(saved.Rounds) != 1 || saved.Rounds[0] != 2 || saved.Version == 0 || saved.Warnings != nil {
		t.Errorf("round 2 saved as %+v", saved)
	}
	if status, body := post(`{"round": 2, "pairs": ["1-4", "2-3"]}`); status != http.StatusConflict || !strings.Contains(body, "round 2 was entered meanwhile: nothing was saved") {
		t.Errorf("round 2 again: %d %s", status, body)
	}
	// A player left out at a BOF regional (absences allowed): a warning.
	for _, table := range []string{"1", "2"} {
		s.do("td-club (token)", "POST", "/api/t/club/rounds/2/results/"+table, `{"score": "40-24"}`)
	}
	status, body = post(`{"round": 3, "pairs": ["1-4"]}`)
	if status != http.StatusCreated || !strings.Contains(body, "have no game and no bye in round 3: if absent, record it") {
		t.Errorf("round 3 with two players left out: %d %s", status, body)
	}
}
