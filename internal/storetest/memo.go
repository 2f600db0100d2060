package storetest

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/memo"
)

// MemoStore is a store that keeps tournaments in memory (internal/memo).
type MemoStore interface {
	outflank.Store
	MemoStats() memo.Stats
}

// MemoHandles are two handles on one database, as two processes (or two
// instances of outflank serve) have, and a way to run SQL on it behind
// their backs.
type MemoHandles struct {
	A, B MemoStore
	Exec func(query string) error
	// NoticesOutside is set for a store that notices a change made
	// outside Outflank (SQLite: migration 15, PostgreSQL: migration 9)
	// and reads the tournament again; on another, serving it from memory
	// is caught when verifying.
	NoticesOutside bool
}

// RunMemo checks that what a store serves from memory is always what the
// database holds: after its own writes, after another handle's (caught up
// from the log, or read again when too much changed), and that a
// difference the log does not explain is caught when verifying
// (OUTFLANK_VERIFY_MEMO, which the tests set).
func RunMemo(t *testing.T, open func(t *testing.T) MemoHandles) {
	ctx := context.Background()
	h := open(t)
	a, b := h.A, h.B
	if _, err := a.Create(ctx, Sample(t), outflank.KindImport, "memo"); err != nil {
		t.Fatal(err)
	}
	// same checks that a serves what b reads, b's versions included.
	same := func(what string) {
		t.Helper()
		got, want := mustLoad(t, a, "sample"), mustLoad(t, b, "sample")
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the handle that kept the tournament serves version %d, the database has version %d:\n%+v\nwant %+v", what, got.Version, want.Version, got, want)
		}
	}
	stats := func(want func(s memo.Stats) bool, what string) {
		t.Helper()
		if s := a.MemoStats(); !want(s) {
			t.Fatalf("%s: memo stats %+v", what, s)
		}
	}

	mustLoad(t, a, "sample")
	mustLoad(t, a, "sample")
	stats(func(s memo.Stats) bool { return s.Loads == 1 && s.Hits == 1 }, "read twice")

	// Its own writes: served from memory, with the games' versions.
	for table, score := range map[int]outflank.Discs{2: {Black: 33, White: 31}, 3: {Black: 10, White: 54}} {
		if _, err := setResult(a, ctx, table, score, outflank.ResultOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	before := a.MemoStats()
	tour := mustLoad(t, a, "sample")
	stats(func(s memo.Stats) bool { return s.Hits == before.Hits+1 && s.Loads == before.Loads }, "read after its own writes")
	if g := tour.Rounds[0].Games[1]; g.Result == nil || g.Result.BlackDiscs != 33 || g.Version != 2 {
		t.Fatalf("round 1 table 2 served as %+v (version %d), want 33-31 at version 2", g.Result, g.Version)
	}
	same("after its own writes")

	// Another handle's writes and undo: caught up from the log.
	if _, err := setResult(b, ctx, 2, outflank.Discs{Black: 20, White: 44}, outflank.ResultOptions{Replace: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Update(ctx, "sample", outflank.KindSettings, func(tour *outflank.Tournament) (string, error) {
		tour.Name = "Sample Open (renamed)"
		return "renamed", nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Undo(ctx, "sample", 0); err != nil {
		t.Fatal(err)
	}
	before = a.MemoStats()
	same("after another handle's result, rename and undo")
	stats(func(s memo.Stats) bool { return s.CaughtUp == before.CaughtUp+1 && s.Loads == before.Loads }, "read after another handle's writes")
	// A write of a's own on the state it caught up with.
	if _, err := setResult(a, ctx, 2, outflank.Discs{Black: 21, White: 43}, outflank.ResultOptions{Replace: true}); err != nil {
		t.Fatal(err)
	}
	same("after a write on the state caught up with")

	// More changes than a catch-up takes: read in full.
	for i := range memo.MaxCatchUp + 1 {
		if _, err := setResult(b, ctx, 3, outflank.Discs{Black: 11 - i%2, White: 53 + i%2}, outflank.ResultOptions{Replace: true}); err != nil {
			t.Fatal(err)
		}
	}
	before = a.MemoStats()
	same("after many changes by another handle")
	stats(func(s memo.Stats) bool { return s.Loads == before.Loads+1 }, "read after many changes")

	// A change behind the log's back (no version, no event): the store
	// notices it and reads the tournament again, or verifying catches it.
	if err := h.Exec(`UPDATE games SET black_discs = 60, white_discs = 4 WHERE round = 1 AND table_no = 2`); err != nil {
		t.Fatal(err)
	}
	got, err := a.Tournament(ctx, "sample")
	if h.NoticesOutside {
		if err != nil {
			t.Fatal(err)
		}
		if g := got.Rounds[0].Games[1]; g.Result == nil || g.Result.BlackDiscs != 60 || g.Result.WhiteDiscs != 4 {
			t.Fatalf("a tournament changed behind the log's back: the handle that kept it serves %+v, want 60-4", g.Result)
		}
		same("after a change behind the log's back")
		return
	}
	if outflank.ErrorCode(err) != outflank.EINTERNAL || !strings.Contains(outflank.ErrorMessage(err), "kept in memory") {
		t.Fatalf("a tournament changed behind the log's back, served from memory while verifying: %v", err)
	}
}
