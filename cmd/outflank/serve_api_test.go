package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"outflank/internal/shareddata"
	"outflank/web"
)

// apiSite serves the web site of d's database, as 'outflank serve' does.
func apiSite(t *testing.T, d *tdb) *httptest.Server {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	db, err := openStore(ctx, d.path, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s, err := web.New(db, db, web.Config{})
	if err != nil {
		t.Fatal(err)
	}
	go s.Watch(ctx)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv
}

// getAPI fetches path from srv and returns its body; it must answer 200
// with JSON.
func getAPI(t *testing.T, srv *httptest.Server, path string) string {
	t.Helper()
	res, err := srv.Client().Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("GET %s: %d %s\n%s", path, res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	return string(body)
}

// sameAPI checks that the web API gives, byte for byte, the document the
// command line prints with --json: each route against its command.
func sameAPI(t *testing.T, d *tdb, srv *httptest.Server, slug string) {
	t.Helper()
	checked := 0
	check := func(path string, args ...string) {
		t.Helper()
		checked++
		if api, cli := getAPI(t, srv, path), d.ok(args...); api != cli {
			t.Errorf("GET %s is not 'outflank %v':\n%s\nwant:\n%s", path, args, clip(api), clip(cli))
		}
	}
	check("/api/tournaments", "list", "--json")
	check("/api/t/"+slug, "status", slug, "--json")
	check("/api/t/"+slug+"/players", "player", "list", slug, "--json")
	check("/api/t/"+slug+"/crosstable", "crosstable", slug, "--json")
	check("/api/t/"+slug+"/pairings", "round", "show", slug, "--json")
	var status struct {
		Rounds []struct {
			Round int    `json:"round"`
			Stage string `json:"stage"`
		} `json:"rounds"`
		CompleteRound int `json:"complete_round"`
	}
	if err := json.Unmarshal([]byte(d.ok("status", slug, "--json")), &status); err != nil {
		t.Fatal(err)
	}
	for _, r := range status.Rounds {
		n := fmt.Sprint(r.Round)
		check("/api/t/"+slug+"/pairings/"+n, "round", "show", slug, n, "--json")
		if r.Round <= status.CompleteRound && (r.Stage == "swiss" || r.Stage == "round-robin") {
			check("/api/t/"+slug+"/standings?list=ifrl&after="+n, "standings", slug, "--list", "ifrl", "--after-round", n, "--json")
		}
	}
	check("/api/t/"+slug+"/standings", "standings", slug, "--json")
	for _, list := range []string{"ifrl", "wfrl", "yfrl", "tfrl", "finish"} {
		if code, _, _ := d.run("standings", slug, "--list", list, "--json"); code == 0 {
			check("/api/t/"+slug+"/standings?list="+list, "standings", slug, "--list", list, "--json")
		}
	}
	if checked < len(status.Rounds)+8 {
		t.Errorf("%s: %d documents compared, for %d rounds", slug, checked, len(status.Rounds))
	}
}

// clip shortens a document for a failure message.
func clip(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "..."
	}
	return s
}

// TestAPIIsTheCLIsJSON: every JSON route of the web site serves exactly
// the command line's --json document of the same tournament: a simulated
// WOC played to its end, a real .ELO file imported, and an event whose
// main stage is over and whose knockout games are in play.
func TestAPIIsTheCLIsJSON(t *testing.T) {
	d := newTDB(t)
	code, file, stderr := runMain(t, "", "simulate", "--rules", "woc", "--players", "16", "--seed", "3", "--json")
	if code != 0 {
		t.Fatalf("simulate: %s", stderr)
	}
	d.ok("import", writeFile(t, "woc.json", file), "--slug", "woc")
	d.ok("import", shareddata.File(t, "elo", "20140116_Othello_World_Cup.ELO"), "--slug", "world-cup")
	enterTenPlayerEvent(d)
	d.ok("pair", "e2e")
	srv := apiSite(t, d)
	waitForSlug(t, srv, "e2e")
	for _, slug := range []string{"woc", "world-cup", "e2e"} {
		t.Run(slug, func(t *testing.T) { sameAPI(t, d, srv, slug) })
	}
}

// waitForSlug waits until the site serves slug (its feed has seen it).
func waitForSlug(t *testing.T, srv *httptest.Server, slug string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		res, err := srv.Client().Get(srv.URL + "/api/t/" + slug)
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the site does not serve %s", slug)
		}
	}
}
