package postgres

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/internal/pgtest"
)

// syncBuffer is a log's buffer written by several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestLostAndBackLoggedOnce (issue 26, point 13): while PostgreSQL is
// stopped, however many requests fail, the server's log says once that it
// was lost; when it is back, once that it is, with the LISTEN connection
// made again (the live pages follow the changes again). Before, the log
// held nothing but the requests' lines.
func TestLostAndBackLoggedOnce(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var buf syncBuffer
	db.SetLog(slog.New(slog.NewTextHandler(&buf, nil)))
	watchCtx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	first := make(chan struct{}, 1)
	go db.Watch(watchCtx, func(map[string]int64) {
		select {
		case first <- struct{}{}:
		default:
		}
	})
	<-first
	for db.listen.pid.Load() == 0 {
		time.Sleep(10 * time.Millisecond)
	}

	pgtest.Stop(t)
	for range 5 {
		if _, err := db.Tournaments(ctx); outflank.ErrorCode(err) != outflank.EUNAVAILABLE {
			t.Errorf("a read while PostgreSQL is stopped: %v, want EUNAVAILABLE", err)
		}
	}
	time.Sleep(300 * time.Millisecond) // the LISTEN loop tries again meanwhile
	pgtest.Start(t)
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(buf.String(), "PostgreSQL back") && time.Now().Before(deadline) {
		db.Tournaments(ctx)
		time.Sleep(50 * time.Millisecond)
	}
	for range 5 {
		if _, err := db.Tournaments(ctx); err != nil {
			t.Errorf("a read once PostgreSQL is back: %v", err)
		}
	}
	log := buf.String()
	t.Log(log)
	if n := strings.Count(log, "PostgreSQL lost"); n != 1 {
		t.Errorf("%d warnings that PostgreSQL was lost, want 1:\n%s", n, log)
	}
	if n := strings.Count(log, "PostgreSQL back"); n != 1 {
		t.Errorf("%d warnings that PostgreSQL is back, want 1:\n%s", n, log)
	}
	for _, want := range []string{"level=WARN msg=\"PostgreSQL lost", "503 with Retry-After", "LISTEN reconnected", "down_for="} {
		if !strings.Contains(log, want) {
			t.Errorf("the log does not say %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "password") {
		t.Errorf("the log names a password:\n%s", log)
	}

	// Without a watcher (no LISTEN connection), the first request answered
	// says it is back.
	stopWatch()
	for db.listen.reconnecting() || db.listen.pid.Load() != 0 {
		time.Sleep(10 * time.Millisecond)
	}
	buf.mu.Lock()
	buf.b.Reset()
	buf.mu.Unlock()
	pgtest.Stop(t)
	db.Tournaments(ctx)
	db.Tournaments(ctx)
	pgtest.Start(t)
	deadline = time.Now().Add(20 * time.Second)
	for _, err := db.Tournaments(ctx); err != nil && time.Now().Before(deadline); _, err = db.Tournaments(ctx) {
		time.Sleep(50 * time.Millisecond)
	}
	log = buf.String()
	if strings.Count(log, "PostgreSQL lost") != 1 || strings.Count(log, "PostgreSQL back: a request was answered") != 1 {
		t.Errorf("without a watcher, want one loss and one return (a request answered):\n%s", log)
	}
}
