package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/rules"
	"outflank/web"
)

// freshSite is a web server of the database at path, as 'outflank serve'
// runs it, with accounts.
func freshSite(t *testing.T, path string) *httptest.Server {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	db, err := openStore(ctx, path, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s, err := web.New(db, db, web.Config{Accounts: db, Live: db})
	if err != nil {
		t.Fatal(err)
	}
	go s.Watch(ctx)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv
}

// pageVersion fetches path from srv and returns the tournament version its
// ETag names, and its body.
func pageVersion(t *testing.T, srv *httptest.Server, path string) (int64, string) {
	t.Helper()
	res, err := srv.Client().Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	m := regexp.MustCompile(`^"v(\d+)-`).FindStringSubmatch(res.Header.Get("ETag"))
	if res.StatusCode != http.StatusOK || m == nil {
		t.Fatalf("GET %s: %d, ETag %q\n%s", path, res.StatusCode, res.Header.Get("ETag"), body)
	}
	v, _ := strconv.ParseInt(m[1], 10, 64)
	return v, string(body)
}

// TestReadAfterWriteTwoServers: two servers of one database (SQLite, or
// PostgreSQL with OUTFLANK_TEST_STORE=postgres). A GET on the server that
// answered a write 201 shows that write at once, every time; the other
// server shows it as soon as its feed tells it (SQLite's data_version
// polls, PostgreSQL's notifications), well within a second (issue 24,
// point 15).
func TestReadAfterWriteTwoServers(t *testing.T) {
	ctx := context.Background()
	path := testDatabase(t, "fresh.db")
	db, err := openStore(ctx, path, true)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tour, err := outflank.NewTournament("fresh", "Fresh Open", "2026-11-28", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Ann", "Ben", "Cid", "Dee"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Create(outflank.WithActor(ctx, "setup"), tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	au := auth.New(db)
	if _, err := au.AddUser(ctx, "td", "a good password", false); err != nil {
		t.Fatal(err)
	}
	if err := db.Grant(ctx, "td", outflank.Grant{Tournament: "fresh", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	token, err := au.AddToken(ctx, "td", "script")
	if err != nil {
		t.Fatal(err)
	}
	a, b := freshSite(t, path), freshSite(t, path)
	post := func(path, body string) int64 {
		t.Helper()
		req, _ := http.NewRequest("POST", a.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		res, err := a.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		answer, _ := io.ReadAll(res.Body)
		var saved struct{ Version int64 }
		if res.StatusCode != http.StatusCreated || json.Unmarshal(answer, &saved) != nil {
			t.Fatalf("POST %s: %d %s", path, res.StatusCode, answer)
		}
		return saved.Version
	}
	paths := []string{"/api/t/fresh/standings", "/api/t/fresh/pairings/1", "/t/fresh/pairings/1"}
	for _, p := range paths { // pages kept from before
		pageVersion(t, a, p)
		pageVersion(t, b, p)
	}
	var lags []time.Duration
	for i := range 20 {
		black := 33 + i
		score := fmt.Sprintf("%d-%d", black, 64-black)
		version := post("/api/t/fresh/rounds/1/results/1", fmt.Sprintf(`{"score": %q, "replace": true}`, score))
		saved := time.Now()
		for _, p := range paths {
			v, page := pageVersion(t, a, p)
			if v < version || (strings.Contains(p, "pairings") && !strings.Contains(page, score)) {
				t.Fatalf("write %d: GET %s on the server that saved version %d answered version %d", i, p, version, v)
			}
		}
		for {
			v, page := pageVersion(t, b, paths[1])
			if v >= version {
				if !strings.Contains(page, score) {
					t.Fatalf("write %d: the other server's version %d does not show %s", i, v, score)
				}
				break
			}
			if time.Since(saved) > 5*time.Second {
				t.Fatalf("write %d: the other server still answers version %d, 5 s after version %d was saved", i, v, version)
			}
			time.Sleep(2 * time.Millisecond)
		}
		lags = append(lags, time.Since(saved))
	}
	slices.Sort(lags)
	t.Logf("the other server showed each write after %v (median), %v (most)", lags[len(lags)/2], lags[len(lags)-1])
	if worst := lags[len(lags)-1]; worst > 2*time.Second {
		t.Errorf("the other server took %v to show a write", worst)
	}
}
