package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestJSONBodiesRefuseDuplicateKeys: every JSON write route refuses a body
// that gives a key twice (encoding/json would keep the last silently), in
// any case and at any depth, with a 400 naming the key, and changes
// nothing (issue 25, point 5d).
func TestJSONBodiesRefuseDuplicateKeys(t *testing.T) {
	s := newAccessSite(t)
	type attempt struct{ who, path, body, key string }
	byRoute := map[string][]attempt{
		"POST /api/t/{slug}/players": {
			{"admin (token)", "/api/t/club/players", `{"name": "Eve", "name": "Mallory"}`, "name"},
			{"admin (token)", "/api/t/club/players", `{"name": "Eve", "country": "GBR", "NAME": "Mallory"}`, "NAME"},
			{"td-club (session)", "/api/t/club/players", `{"name": "Eve", "rating": 1500, "rating": 2500}`, "rating"},
		},
		"POST /api/t/{slug}/rounds/{round}/results/{table}": {
			{"admin (token)", "/api/t/club/rounds/1/results/2", `{"score": "40-24", "score": "24-40"}`, "score"},
		},
		"POST /api/t/{slug}/pair": {
			{"admin (token)", "/api/t/club/pair", `{"seed": "1", "Seed": "2"}`, "Seed"},
		},
		"POST /api/t/{slug}/rounds": {
			{"admin (token)", "/api/t/club/rounds", `{"pairs": ["1-3", "2-4"], "force": true, "pairs": ["1-4", "2-3"]}`, "pairs"},
		},
		"POST /api/t/{slug}/undo": {
			{"admin (token)", "/api/t/club/undo", `{"expect": 5, "expect": 1}`, "expect"},
		},
		"POST /api/t/{slug}/judge/{round}/{table}/moves": {
			{"judge club r1 t2", "/api/t/club/judge/1/2/moves", `{"seq": 1, "moves": "f5", "moves": "f5d6"}`, "moves"},
		},
		"POST /api/t/{slug}/judge/{round}/{table}/result": {
			{"judge club r1 t2", "/api/t/club/judge/1/2/result", `{"seq": 1, "moves": "f5", "outcome": "forfeit", "loser": "white", "loser": "black"}`, "loser"},
		},
	}
	// Routes that read no body.
	noBody := map[string]bool{"POST /api/t/{slug}/rounds/{round}/games/{table}/withdraw": true}
	for _, rt := range s.server.Routes() {
		if strings.HasPrefix(rt.Pattern, "POST /api/") && byRoute[rt.Pattern] == nil && !noBody[rt.Pattern] {
			t.Errorf("%s: a JSON write route this test does not try with a key given twice", rt.Pattern)
		}
	}
	before := s.snapshot()
	for pattern, list := range byRoute {
		for _, a := range list {
			status, body := s.do(a.who, "POST", a.path, a.body)
			if status != http.StatusBadRequest || !strings.Contains(body, `key \"`+a.key+`\" more than once`) && !strings.Contains(body, `key &#34;`+a.key+`&#34; more than once`) {
				t.Errorf("%s with %s: %d %s; want 400 naming the key %q", pattern, a.body, status, strings.TrimSpace(body), a.key)
			}
			if s.snapshot() != before {
				t.Fatalf("%s with %s was refused (%d) but changed the database", pattern, a.body, status)
			}
		}
	}
	// The same body with each key once is saved.
	if status, body := s.do("admin (token)", "POST", "/api/t/club/players", `{"name": "Eve", "country": "GBR", "wof_id": 0}`); status != http.StatusCreated {
		t.Errorf("a body with each key once: %d %s", status, body)
	}
}
