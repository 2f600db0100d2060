package postgres_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"outflank/auth"
	"outflank/internal/pgtest"
	"outflank/web"
)

// publicPages are the pages and API documents anyone may read, of the
// tournament "club" and of the site.
var publicPages = []string{"/", "/t/club", "/t/club/standings", "/t/club/players", "/t/club/players/1", "/t/club/pairings",
	"/t/club/crosstable", "/t/club/live", "/t/club/projector", "/t/club/games/1/1", "/t/club/events", "/t/club/qr.svg",
	"/api/tournaments", "/api/t/club", "/api/t/club/standings", "/api/t/club/players", "/api/t/club/pairings",
	"/members", "/c/gp", "/api/c/gp", "/login", "/healthz"}

// TestPublicPagesAnswer503WhileDown (issue 26, point 13): while PostgreSQL
// is stopped, every public page answers 503 with Retry-After (a page kept
// from before may still be served), never a 500, nor a 404 that says the
// tournament does not exist: neither on a server that was following the
// database, nor on one that could not read the tournaments' versions
// before it was lost (before, 404 "There is no tournament").
func TestPublicPagesAnswer503WhileDown(t *testing.T) {
	ctx := context.Background()
	db := MustOpenDB(t)
	createClub(t, db, true)
	if _, err := auth.New(db).AddUser(ctx, "td", "a good password", true); err != nil {
		t.Fatal(err)
	}
	newServer := func() *web.Server {
		s, err := web.New(db, db, web.Config{Accounts: db, Live: db, PlayerDB: db, Members: db})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	following := newServer()
	watch, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	go following.Watch(watch)
	srvFollowing := httptest.NewServer(following.Handler())
	defer srvFollowing.Close()
	if res, err := http.Get(srvFollowing.URL + "/t/club"); err != nil || res.StatusCode != 200 {
		t.Fatalf("before the stop: %v %v", res, err)
	}
	notYet := newServer() // its feed starts after PostgreSQL is lost
	srvNotYet := httptest.NewServer(notYet.Handler())
	defer srvNotYet.Close()

	pgtest.Stop(t)
	defer pgtest.Start(t)
	go notYet.Watch(watch)
	var wg sync.WaitGroup
	for _, srv := range []struct{ name, url string }{{"following", srvFollowing.URL}, {"not yet following", srvNotYet.URL}} {
		for _, path := range publicPages {
			wg.Go(func() {
				client := http.Client{Timeout: 30 * time.Second}
				res, err := client.Get(srv.url + path)
				if err != nil {
					t.Errorf("%s, %s: %v", srv.name, path, err)
					return
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				switch {
				case res.StatusCode == http.StatusServiceUnavailable && res.Header.Get("Retry-After") != "":
				case res.StatusCode == http.StatusOK && srv.name == "following" && path != "/healthz":
					// a page kept from before the stop
				default:
					t.Errorf("%s, %s while PostgreSQL is stopped: %d (Retry-After %q) %s; want 503 with Retry-After",
						srv.name, path, res.StatusCode, res.Header.Get("Retry-After"), strings.TrimSpace(string(body[:min(len(body), 300)])))
				}
			})
		}
	}
	wg.Wait()
}
