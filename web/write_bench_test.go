package web

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/rules"
	"outflank/sqlite"
)

// BenchmarkWriteResults drives the write API as the cluster load test
// (cmd/outflank-load -only cluster) does, in one process: a 200-player
// tournament on SQLite with round 1 paired, writers POSTing results with
// an API token (replace: true), a few live streams open and the standings
// fetched now and then, so that the page cache, the prerender and the
// live hub do their usual work. It reports the CPU of the whole process
// (the client's share included) per write: run it with -cpuprofile to see
// where it goes.
func BenchmarkWriteResults(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	const (
		players = 200
		writers = 8
		streams = 20
	)
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "writes.db"), sqlite.Options{Create: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	tour, err := outflank.NewTournament("bench", "Write benchmark", "2026-11-23", rules.Custom, 13)
	if err != nil {
		b.Fatal(err)
	}
	var pairs []outflank.Pair
	for i := 1; i <= players; i++ {
		if _, err := tour.AddPlayer(outflank.Player{Name: fmt.Sprintf("Player %d", i), Country: "GBR", Rating: 1000 + 5*i}); err != nil {
			b.Fatal(err)
		}
		if i%2 == 0 {
			pairs = append(pairs, outflank.Pair{Black: i - 1, White: i})
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, pairs, nil); err != nil {
		b.Fatal(err)
	}
	if _, err := db.Create(ctx, tour, outflank.KindImport, "benchmark"); err != nil {
		b.Fatal(err)
	}
	token := directorToken(b, db)
	store := &countingStore{Store: db}
	s, err := New(store, db, Config{Accounts: db, Live: db})
	if err != nil {
		b.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	defer stop()
	go s.Watch(watch)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: writers * 2}}

	// The live streams, read to the end.
	var readers sync.WaitGroup
	for range streams {
		resp, err := http.Get(srv.URL + "/t/bench/events")
		if err != nil {
			b.Fatal(err)
		}
		readers.Go(func() {
			defer resp.Body.Close()
			io.Copy(io.Discard, bufio.NewReader(resp.Body))
		})
	}
	defer func() { srv.CloseClientConnections(); s.hub.closeAll(); readers.Wait() }()
	get := func(path string) {
		resp, err := client.Get(srv.URL + path)
		if err != nil {
			b.Error(err)
			return
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	get("/t/bench/standings")

	var n atomic.Int64
	var failed atomic.Int64
	work := make(chan struct{})
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			for range work {
				i := n.Add(1)
				if i%10 == 0 {
					// A visitor, and the pages the streams fetch on a change.
					get("/t/bench/standings")
					get("/t/bench/standings?fragment=1")
				}
				black := 2 + 2*rng.IntN(31)
				body := fmt.Sprintf(`{"score":"%d-%d","replace":true}`, black, 64-black)
				url := fmt.Sprintf("%s/api/t/bench/rounds/1/results/%d", srv.URL, 1+rng.IntN(players/2))
				req, _ := http.NewRequest("POST", url, strings.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+token)
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				if err != nil {
					b.Error(err)
					continue
				}
				msg, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				// A 409 of writes racing, or a replacement by the score
				// already stored, are expected.
				if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusConflict && !strings.Contains(string(msg), "nothing to change") {
					if failed.Add(1) == 1 {
						b.Logf("%s: %d %s", body, resp.StatusCode, msg)
					}
				}
			}
		})
	}
	b.ResetTimer()
	start := processCPU()
	for b.Loop() {
		work <- struct{}{}
	}
	close(work)
	wg.Wait()
	used := processCPU() - start
	b.StopTimer()
	if f := failed.Load(); f > 0 {
		b.Errorf("%d writes of %d failed", f, b.N)
	}
	b.ReportMetric(float64(used.Microseconds())/1000/float64(b.N), "cpu-ms/write")
	b.ReportMetric(float64(store.prepared.Load())/float64(b.N), "prepared/write")
}

// countingStore counts the times a change is worked out: more than once
// per write when writes race and the losers work theirs out again.
type countingStore struct {
	outflank.Store
	prepared atomic.Int64
}

func (c *countingStore) Update(ctx context.Context, slug, kind string, change func(t *outflank.Tournament) (string, error)) (*outflank.Event, error) {
	return c.Store.Update(ctx, slug, kind, func(t *outflank.Tournament) (string, error) {
		c.prepared.Add(1)
		return change(t)
	})
}

// directorToken adds a director to db and returns an API token of his.
func directorToken(b *testing.B, db *sqlite.DB) string {
	b.Helper()
	ctx := context.Background()
	a := auth.New(db)
	if _, err := a.AddUser(ctx, "director", "a good password", true); err != nil {
		b.Fatal(err)
	}
	token, err := a.AddToken(ctx, "director", "script")
	if err != nil {
		b.Fatal(err)
	}
	return token
}

// processCPU is the CPU time the process has used so far.
func processCPU() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
