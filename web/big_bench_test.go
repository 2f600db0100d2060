package web

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/internal/storetest"
	"outflank/sqlite"
)

// BenchmarkResultAtBigEvent enters results, one at a time, at a
// 5,000-player WOC in its 13th round, through the write API of a server
// on SQLite whose standings page is open (asked for, so that each change
// renders it again before it is published), and a live stream following
// it. Each write waits for the change event on the stream, then fetches
// the page's content as live.js does. It reports the process's CPU per
// result (the client's share included), the time from the write to the
// new standings fetched, and the Go heap in use at the end.
func BenchmarkResultAtBigEvent(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	const players, rounds = 5000, 13
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "big.db"), sqlite.Options{Create: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if _, err := db.Create(ctx, storetest.CircleEvent(b, players, rounds), outflank.KindImport, "benchmark"); err != nil {
		b.Fatal(err)
	}
	token := directorToken(b, db)
	s, err := New(db, db, Config{Accounts: db})
	if err != nil {
		b.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	defer stop()
	go s.Watch(watch)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	get := func(path string) string {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			b.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			b.Fatalf("%s: %d %s", path, resp.StatusCode, body)
		}
		return string(body)
	}
	// The whole list (?page=all: the figures in docs/web.md were measured
	// before the lists were paged) is open: it is rendered again on every
	// change, and its content fetched.
	get("/t/big/standings?page=all")
	get("/t/big/standings?page=all&fragment=1")
	stream, err := http.Get(srv.URL + "/t/big/events")
	if err != nil {
		b.Fatal(err)
	}
	defer func() { srv.CloseClientConnections(); s.hub.closeAll(); stream.Body.Close() }()
	versions := make(chan int64, 64)
	go func() {
		sc := bufio.NewScanner(stream.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				n, _ := strconv.ParseInt(v, 10, 64)
				versions <- n
			}
		}
		close(versions)
	}()
	var waited time.Duration
	table := 0
	b.ResetTimer()
	start := processCPU()
	for b.Loop() {
		table++
		black := 10 + table%45
		req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/t/big/rounds/%d/results/%d", srv.URL, rounds, table), strings.NewReader(fmt.Sprintf(`{"score":"%d-%d"}`, black, 64-black)))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		sent := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			b.Fatalf("result %d: %d %s", table, resp.StatusCode, body)
		}
		var version int64
		if i := strings.Index(string(body), `"version":`); i >= 0 {
			fmt.Sscanf(string(body[i+len(`"version":`):]), "%d", &version)
		}
		for v := int64(0); v < version; {
			select {
			case v = <-versions:
			case <-time.After(10 * time.Second):
				b.Fatalf("result %d: version %d not published within 10 s", table, version)
			}
		}
		// The open page fetches its content again, as live.js does.
		get("/t/big/standings?page=all&fragment=1")
		waited += time.Since(sent)
	}
	used := processCPU() - start
	b.StopTimer()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(used.Microseconds())/1000/float64(b.N), "cpu-ms/result")
	b.ReportMetric(float64(waited.Milliseconds())/float64(b.N), "ms-to-standings")
	b.ReportMetric(float64(m.HeapInuse)/(1<<20), "heap-MB")
	if !strings.Contains(get("/t/big/standings?page=all"), "Player 0001") {
		b.Fatal("the standings do not show the players")
	}
}
