package web_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestPagesKeyOnlyWhatTheyRead (issue 25, point 1): on every page the
// cache keeps, a parameter the page does not read, a second value of one
// it reads, or an empty one, changes neither the bytes nor the ETag: the
// page's cache key is made of the parameters its route declares
// (routes.go, reads), so junk in the address cannot make the server render
// or keep another page. A parameter a page reads still makes another page.
func TestPagesKeyOnlyWhatTheyRead(t *testing.T) {
	s := newAccessSite(t)
	type answer struct {
		status     int
		etag, body string
	}
	get := func(path string) answer {
		t.Helper()
		res, err := http.Get(s.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return answer{res.StatusCode, res.Header.Get("ETag"), string(body)}
	}
	with := func(path, query string) string {
		if strings.Contains(path, "?") {
			return path + "&" + query
		}
		return path + "?" + query
	}
	same := func(path, variant string) {
		t.Helper()
		a, b := get(path), get(variant)
		switch {
		case a.status != b.status:
			t.Errorf("%s answers %d, %s %d", path, a.status, variant, b.status)
		case a.status == http.StatusOK && a.etag == "":
			t.Errorf("%s: no ETag", path)
		case a.etag != b.etag:
			t.Errorf("%s has ETag %s, %s %s", path, a.etag, variant, b.etag)
		case a.body != b.body:
			t.Errorf("%s and %s answer other bytes", path, variant)
		}
	}
	pages := []string{
		"/", "/api/tournaments", "/t/club", "/api/t/club",
		"/t/club/standings", "/t/club/standings?list=ifrl", "/api/t/club/standings", "/api/t/club/standings?list=finish",
		"/t/club/pairings", "/t/club/pairings/1", "/api/t/club/pairings", "/api/t/club/pairings/1",
		"/t/club/crosstable", "/api/t/club/crosstable",
		"/t/club/players", "/t/club/players/1", "/api/t/club/players", "/api/t/club/players/1",
		"/t/club/knockout", "/t/club/games/1/1", "/t/club/games/1/1?ply=0", "/api/t/club/games/1/1",
		"/t/club/projector", "/t/club/live", "/api/t/club/live",
	}
	for _, path := range pages {
		if status := get(path).status; status != http.StatusOK && path != "/t/club/knockout" {
			t.Errorf("%s: %d", path, status)
		}
		same(path, with(path, "junk=1"))
		same(path, with(path, "utm_source=x&x=%3Cscript%3E&round=2&player=3&q=x"))
		same(path, with(path, "list=&after=&ply="))
		if !strings.HasPrefix(path, "/api/") {
			// A live update's fragment, however asked for, is one page.
			same(with(path, "fragment=1"), with(path, "fragment=1&junk=2"))
			same(with(path, "fragment=1"), with(path, "fragment"))
			same(with(path, "fragment=1"), with(path, "fragment=yes&fragment=2"))
		}
	}
	// Parameters in another order, repeated: the first value counts.
	same("/t/club/standings?list=ifrl", "/t/club/standings?junk=0&after=&list=ifrl&list=finish&fragmentx=1")
	// A parameter a page reads makes another page.
	if a, b := get("/t/club/standings?list=ifrl"), get("/t/club/standings?list=finish"); a.etag == b.etag || a.body == b.body {
		t.Errorf("?list=ifrl and ?list=finish: one page (ETag %s)", a.etag)
	}
}
