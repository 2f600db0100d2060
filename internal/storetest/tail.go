package storetest

import (
	"context"
	"fmt"
	"testing"

	"outflank"
)

// tailReader is what a web server reads of a store beyond outflank.Store:
// every tournament's version after its own write, and the latest log
// entries for its terminal.
type tailReader interface {
	Versions(ctx context.Context) (map[string]int64, error)
	LastEvents(ctx context.Context, slug string, n int) ([]outflank.Event, error)
}

// testTail: Versions gives every tournament's version as Tournament does,
// at once after a write; LastEvents the latest entries of one
// tournament's log, oldest first, as Log has them.
func testTail(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	tr, ok := s.(tailReader)
	if !ok {
		t.Skip("the store reads no versions or log tail")
	}
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, "sample"); err != nil {
		t.Fatal(err)
	}
	other := Sample(t)
	other.Slug = "other"
	if _, err := s.Create(ctx, other, outflank.KindImport, "other"); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := s.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40 + i, White: 24 - i}})
			if err != nil {
				return "", err
			}
			_, err = tour.SetResult(1, 2, res, outflank.ResultOptions{Replace: true})
			return fmt.Sprintf("round 1 table 2: %d-%d", 40+i, 24-i), err
		}); err != nil {
			t.Fatal(err)
		}
	}
	versions, err := tr.Versions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, slug := range []string{"sample", "other"} {
		if v := mustLoad(t, s, slug).Version; versions[slug] != v || len(versions) != 2 {
			t.Errorf("Versions = %v; %s is at version %d", versions, slug, v)
		}
	}
	log, err := s.Log(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	tail, err := tr.LastEvents(ctx, "sample", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(tail) != 2 {
		t.Fatalf("LastEvents(2) = %+v", tail)
	}
	for i, ev := range tail {
		want := log[len(log)-2+i]
		if ev.ID != want.ID || ev.Summary != want.Summary || ev.Actor != want.Actor || ev.Kind != want.Kind || !ev.At.Equal(want.At) {
			t.Errorf("LastEvents[%d] = %+v, want %+v", i, ev, want)
		}
	}
	if all, err := tr.LastEvents(ctx, "sample", 100); err != nil || len(all) != len(log) {
		t.Errorf("LastEvents(100) = %d entries (%v), the log %d", len(all), err, len(log))
	}
	if none, err := tr.LastEvents(ctx, "nowhere", 5); err != nil || len(none) != 0 {
		t.Errorf("LastEvents of no tournament = %v, %v", none, err)
	}
}
