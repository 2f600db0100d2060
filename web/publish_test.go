package web

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/sqlite"
)

// burstFeed is a feed that reports each change as it is made, as
// PostgreSQL's does, and gives what changed while its caller was busy at
// once afterwards, as PostgreSQL's mailbox does.
type burstFeed struct {
	slug    string
	first   int64
	changes chan int64
}

func (f *burstFeed) Watch(ctx context.Context, changed func(map[string]int64)) error {
	changed(map[string]int64{f.slug: f.first})
	for {
		var v int64
		select {
		case <-ctx.Done():
			return nil
		case v = <-f.changes:
		}
		for more := true; more; {
			select {
			case next := <-f.changes:
				v = max(v, next)
			default:
				more = false
			}
		}
		changed(map[string]int64{f.slug: v})
	}
}

// TestPublicationsSpaced has 400 changes reported one by one within a
// second, and checks that a live stream gets at most one event per
// publishEvery (and the first at once), ending with the last version.
func TestPublicationsSpaced(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "spaced.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tour, err := outflank.NewTournament("club", "Club", "2026-11-27", rules.Custom, 5)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Create(ctx, tour, outflank.KindCreate, "test"); err != nil {
		t.Fatal(err)
	}
	const changes = 400
	feed := &burstFeed{slug: "club", first: 1, changes: make(chan int64, changes)}
	s, err := New(db, feed, Config{})
	if err != nil {
		t.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	defer stop()
	go s.Watch(watch)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/t/club/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	ids := make(chan int64, changes)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				n, _ := strconv.ParseInt(v, 10, 64)
				ids <- n
			}
		}
		close(ids)
	}()

	start := time.Now()
	for v := int64(2); v < 2+changes; v++ {
		feed.changes <- v
		time.Sleep(time.Second / changes)
	}
	produced := time.Since(start)
	var got []int64
	timeout := time.After(2 * time.Second)
	for len(got) == 0 || got[len(got)-1] != 1+changes {
		select {
		case id, ok := <-ids:
			if !ok {
				t.Fatalf("the stream ended after events %v", got)
			}
			got = append(got, id)
		case <-timeout:
			t.Fatalf("the last version, %d, not seen 2 s after the changes: events %v", 1+changes, got)
		}
	}
	if most := int(produced/publishEvery) + 2; len(got) > most {
		t.Errorf("%d events for %d changes in %v, want at most %d (one per %v): %v", len(got), changes, produced, most, publishEvery, got)
	}
	if len(got) < 3 {
		t.Errorf("%d events for %d changes in %v: %v", len(got), changes, produced, got)
	}
}
