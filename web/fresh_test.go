package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// etagVersion is the tournament version a page's ETag names ("v12-…").
func etagVersion(t *testing.T, etag string) int64 {
	t.Helper()
	m := regexp.MustCompile(`^"v(\d+)-`).FindStringSubmatch(etag)
	if m == nil {
		t.Fatalf("ETag %q names no version", etag)
	}
	v, _ := strconv.ParseInt(m[1], 10, 64)
	return v
}

// fetchFresh fetches path from the site as anyone and returns the status, the
// version its ETag names and the body.
func (s *accessSite) fetchFresh(path string) (int64, string) {
	s.t.Helper()
	res, err := s.srv.Client().Get(s.srv.URL + path)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	if res.StatusCode != http.StatusOK {
		s.t.Fatalf("GET %s: %d\n%s", path, res.StatusCode, b.String())
	}
	return etagVersion(s.t, res.Header.Get("ETag")), b.String()
}

// TestReadAfterWrite: a GET right after a write the server acknowledged
// (201: a result, an undo) shows that write, never the version before it,
// in the JSON API and the HTML pages alike, however fast it follows
// (issue 24, point 15: the standings and pairings answered the previous
// version twice after a 201).
func TestReadAfterWrite(t *testing.T) {
	s := newAccessSite(t)
	const who = "td-club (token)"
	pages := []string{"/api/t/club/standings", "/api/t/club/pairings/1", "/t/club/pairings/1", "/t/club/standings", "/t/club"}
	// Warm the caches: the stale answer is a page kept from before.
	for _, p := range pages {
		s.fetchFresh(p)
	}
	// A console form's write: the page its answer leads to, and every
	// other, shows it.
	_, before := s.fetchFresh("/t/club/pairings/1")
	if status, answer := s.do("td-club (session)", "POST", "/t/club/admin/results", "round=1&table=2&score=41-23"); status != http.StatusSeeOther {
		t.Fatalf("the console's result: %d %s", status, answer)
	}
	if strings.Contains(before, "41-23") {
		t.Fatal("the pairings show 41-23 before it was entered")
	}
	for _, p := range pages {
		if _, page := s.fetchFresh(p); strings.Contains(p, "pairings") && !strings.Contains(page, "41-23") {
			t.Fatalf("GET %s right after the console saved 41-23 does not show it", p)
		}
	}
	var last int64
	for i := range 40 {
		black := 33 + i%30
		body := fmt.Sprintf(`{"score": "%d-%d", "replace": true}`, black, 64-black)
		status, answer := s.do(who, "POST", "/api/t/club/rounds/1/results/1", body)
		if status != http.StatusCreated {
			t.Fatalf("result %d: %d %s", i, status, answer)
		}
		var saved struct{ Version int64 }
		if err := json.Unmarshal([]byte(answer), &saved); err != nil || saved.Version == 0 {
			t.Fatalf("result %d: no version in %s (%v)", i, answer, err)
		}
		score := fmt.Sprintf("%d-%d", black, 64-black)
		for _, p := range pages {
			v, page := s.fetchFresh(p)
			if v < saved.Version {
				t.Fatalf("write %d: GET %s right after the result saved as version %d answered version %d", i, p, saved.Version, v)
			}
			if strings.Contains(p, "pairings") && !strings.Contains(page, score) {
				t.Fatalf("write %d: GET %s right after the result %s does not show it", i, p, score)
			}
		}
		last = saved.Version
		if i%4 != 3 {
			continue
		}
		// Undo it: the page shows the version after the undo.
		status, answer = s.do(who, "POST", "/api/t/club/undo", `{}`)
		if status != http.StatusCreated {
			t.Fatalf("undo %d: %d %s", i, status, answer)
		}
		for _, p := range pages {
			v, page := s.fetchFresh(p)
			if v <= last {
				t.Fatalf("undo %d: GET %s right after the undo answered version %d, the result's", i, p, v)
			}
			if strings.Contains(p, "pairings") && strings.Contains(page, score) && i > 0 {
				prev := 33 + (i-1)%30
				if prev != black {
					t.Fatalf("undo %d: GET %s right after the undo still shows the result undone (%s)", i, p, score)
				}
			}
		}
	}
}
