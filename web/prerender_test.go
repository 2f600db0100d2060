package web

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/sqlite"
)

// TestPrerender: when a result is saved, a page asked for since its last
// render is rendered anew before the live pages are told, so their fetch
// finds it ready; a page nobody asked for again waits to be asked.
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

	db.Update(ctx, "club", outflank.KindResult, func(t *outflank.Tournament) (string, error) {
		res, _ := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
		_, err := t.SetResult(1, 1, res, outflank.ResultOptions{})
		return "result", err
	})
	deadline := time.Now().Add(3 * time.Second)
	for {
		if v, _ := s.version(ctx, "club"); v > before {
			// The site moved to the new version: its busy page was ready.
			if p := s.cache.get("/t/club/standings", v); p == nil {
				t.Error("the busy page was not rendered before the site moved to the new version")
			}
			s.cache.mu.RLock()
			idle := s.cache.pages["/t/club/standings?list=ifrl"]
			s.cache.mu.RUnlock()
			if idle == nil || idle.version >= v {
				t.Error("a page asked for once was rendered in advance")
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the site did not move to the new version within 3 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
