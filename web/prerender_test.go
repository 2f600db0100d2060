package web

import (
	"bufio"
	"context"
	"fmt"
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

// TestPrerender: when a result is saved, a page asked for since its last
// render is rendered anew before the live pages are told, so their fetch
// finds it ready; a page nobody asked for again waits to be asked. The
// site's version moves at once (a read after a write shows it): the live
// pages are told of it only once the busy page is ready.
func TestPrerender(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "web.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tour, _ := outflank.NewTournament("club", "Club", "2026-11-23", rules.BOFRegional, 5)
	for _, n := range []string{"Ann", "Ben", "Cid", "Dee"} {
		tour.AddPlayer(outflank.Player{Name: n})
	}
	tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil)
	if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	s, err := New(db, db, Config{})
	if err != nil {
		t.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	defer stop()
	go s.Watch(watch)
	h := s.Handler()
	get := func(path string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 {
			t.Fatalf("%s: %d", path, rec.Code)
		}
	}
	get("/t/club/standings")
	get("/t/club/standings")           // asked again: busy
	get("/t/club/standings?list=ifrl") // asked once: not
	before, _ := s.version(ctx, "club")
	srv := httptest.NewServer(h)
	defer srv.Close()
	res, err := srv.Client().Get(fmt.Sprintf("%s/t/club/events?since=%d", srv.URL, before))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	told := make(chan int64, 1)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				n, _ := strconv.ParseInt(v, 10, 64)
				told <- n
				return
			}
		}
	}()

	db.Update(ctx, "club", outflank.KindResult, func(t *outflank.Tournament) (string, error) {
		res, _ := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
		_, err := t.SetResult(1, 1, res, outflank.ResultOptions{})
		return "result", err
	})
	select {
	case v := <-told:
		if v <= before {
			t.Fatalf("the live pages were told of version %d, not newer than %d", v, before)
		}
		// The live pages were told: the busy page was ready.
		if p := s.cache.get("/t/club/standings", v); p == nil {
			t.Error("the busy page was not rendered before the live pages were told of the new version")
		}
		s.cache.mu.Lock()
		idle, _ := s.cache.pages.peek("/t/club/standings?list=ifrl")
		s.cache.mu.Unlock()
		if idle == nil || idle.version >= v {
			t.Error("a page asked for once was rendered in advance")
		}
	case <-time.After(3 * time.Second):
		t.Fatal("the live pages were not told of the new version within 3 s")
	}
}
