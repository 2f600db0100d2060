package postgres_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/internal/pgtest"
	"outflank/postgres"
	"outflank/rules"
	"outflank/web"
)

// TestRestartAnswers503 (issue 25, point 4): while PostgreSQL restarts
// (pg_ctl stop -m fast, then start) under a web server's reads and
// writes, no request answers 500: each succeeds, or answers 503 with
// Retry-After and a message that says whether the change may have been
// saved. Once the server is back, reads and writes succeed again.
func TestRestartAnswers503(t *testing.T) {
	ctx := context.Background()
	db := MustOpenDB(t)
	createClub(t, db, false)
	a := auth.New(db)
	if _, err := a.AddUser(ctx, "td", "a good password", true); err != nil {
		t.Fatal(err)
	}
	token, err := a.AddToken(ctx, "td", "script")
	if err != nil {
		t.Fatal(err)
	}
	server, err := web.New(db, db, web.Config{Accounts: db, Live: db, PlayerDB: db, Members: db})
	if err != nil {
		t.Fatal(err)
	}
	watch, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	go server.Watch(watch)
	srv := httptest.NewServer(server.Handler())
	defer srv.Close()

	type answer struct {
		what       string
		status     int
		retryAfter string
		body       string
		after      bool // sent after the server was back
	}
	var (
		mu      sync.Mutex
		answers []answer
		back    atomic.Bool
		names   atomic.Int64
	)
	send := func(what, method, path, body string) {
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Error(err)
			return
		}
		if method == "POST" {
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
		}
		after := back.Load()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			return
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		mu.Lock()
		answers = append(answers, answer{what, res.StatusCode, res.Header.Get("Retry-After"), string(data), after})
		mu.Unlock()
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				switch i {
				case 0, 1:
					name := fmt.Sprintf("Late %d", names.Add(1))
					send("add "+name, "POST", "/api/t/club/players", fmt.Sprintf(`{"name": %q}`, name))
				case 2:
					send("players", "GET", "/api/t/club/players", "")
				default:
					send("standings page", "GET", "/t/club/standings", "")
				}
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
	time.Sleep(300 * time.Millisecond)
	pgtest.Restart(t)
	back.Store(true)
	time.Sleep(2 * time.Second)
	close(stop)
	wg.Wait()

	var ok, unavailable, okAfter int
	for _, a := range answers {
		switch {
		case a.status < 300:
			ok++
			if a.after {
				okAfter++
			}
		case a.status == http.StatusServiceUnavailable:
			unavailable++
			saidWhat := strings.Contains(a.body, "nothing was saved") || strings.Contains(a.body, "nothing was read or written") ||
				strings.Contains(a.body, "may or may not have been saved")
			if a.retryAfter == "" || !saidWhat {
				t.Errorf("%s: 503 with Retry-After %q: %s; want Retry-After and whether the change was saved", a.what, a.retryAfter, a.body)
			}
		default:
			t.Errorf("%s during the restart: %d %s", a.what, a.status, a.body)
		}
	}
	t.Logf("%d requests: %d succeeded (%d after the restart), %d answered 503", len(answers), ok, okAfter, unavailable)
	if okAfter == 0 {
		t.Error("no request succeeded once PostgreSQL was back")
	}
}

// createClub stores the tournament "club" of four players (Ann, Ben, Cid,
// Dee) in db, with its round 1 paired when paired is set.
func createClub(t *testing.T, db *postgres.DB, paired bool) {
	t.Helper()
	tour, err := outflank.NewTournament("club", "Club", "2026-11-28", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Ann", "Ben", "Cid", "Dee"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	if paired {
		if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Create(context.Background(), tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
}
