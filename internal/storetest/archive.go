package storetest

import (
	"context"
	"reflect"
	"testing"

	"outflank"
)

// RunArchive tests a store's outflank.Archive: a tournament dumped from
// one store and restored into another (open gives a fresh one each time,
// of the same kind or not) is the same, log and all, and a restore that
// would collide with what the destination holds writes nothing.
func RunArchive(t *testing.T, from, to Opener) {
	t.Run("RoundTrip", func(t *testing.T) { testArchiveRoundTrip(t, from(t), to(t)) })
	t.Run("Collisions", func(t *testing.T) { testArchiveCollisions(t, from(t), to(t)) })
}

// archived fills s with the sample tournament, changed, undone and
// changed again by two actors, and returns its dump.
func archived(t *testing.T, s outflank.Store) *outflank.TournamentRecord {
	t.Helper()
	ctx := outflank.WithActor(context.Background(), "td:anna")
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, "sample"); err != nil {
		t.Fatal(err)
	}
	forfeit := func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeForfeit, Loser: outflank.White})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, 2, res, outflank.ResultOptions{})
		return "round 1 table 2: forfeit", err
	}
	if _, err := s.Update(ctx, "sample", outflank.KindResult, forfeit); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Undo(outflank.WithActor(ctx, "judge:3"), "sample", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, "sample", outflank.KindResult, forfeit); err != nil {
		t.Fatal(err)
	}
	rec, err := archive(t, s).Dump(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func archive(t *testing.T, s outflank.Store) outflank.Archive {
	t.Helper()
	a, ok := s.(outflank.Archive)
	if !ok {
		t.Fatalf("%T is not an outflank.Archive", s)
	}
	return a
}

func testArchiveRoundTrip(t *testing.T, src, dst outflank.Store) {
	ctx := context.Background()
	rec := archived(t, src)
	if len(rec.Events) != 4 || rec.Events[1].UndoneBy != rec.Events[2].ID || rec.Head != rec.Events[3].Hash || rec.CreatedAt.IsZero() {
		t.Fatalf("dump = %+v", rec)
	}
	if _, err := rec.Audit().Verify(); err != nil {
		t.Fatalf("the dump does not verify: %v", err)
	}
	if err := archive(t, dst).Restore(ctx, rec); err != nil {
		t.Fatal(err)
	}
	got, err := archive(t, dst).Dump(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Events, rec.Events) || got.Head != rec.Head || !got.CreatedAt.Equal(rec.CreatedAt) {
		t.Errorf("restored log differs:\n got %+v\nwant %+v", got.Events, rec.Events)
	}
	if !reflect.DeepEqual(got.Tournament, rec.Tournament) {
		t.Errorf("restored tournament differs:\n got %+v\nwant %+v", got.Tournament, rec.Tournament)
	}
	audit, err := dst.Audit(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if head, err := audit.Verify(); err != nil || head != rec.Head {
		t.Errorf("restored log: head %s, %v; want %s", head, err, rec.Head)
	}
	// The copy goes on as the original would.
	if _, err := dst.Undo(ctx, "sample", rec.Events[3].ID); err != nil {
		t.Fatal(err)
	}
	log, err := dst.Log(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 5 || log[4].ID <= log[3].ID || log[4].Undoes != rec.Events[3].ID {
		t.Errorf("log after an undo on the copy: %+v", log)
	}
}

func testArchiveCollisions(t *testing.T, src, dst outflank.Store) {
	ctx := context.Background()
	rec := archived(t, src)
	if err := archive(t, dst).Restore(ctx, rec); err != nil {
		t.Fatal(err)
	}
	err := archive(t, dst).Restore(ctx, rec)
	wantCode(t, err, outflank.ECONFLICT)
	// Another slug, but the same event ids: refused, nothing written.
	other := *rec
	other.Tournament = rec.Tournament.Clone()
	other.Tournament.Slug = "other"
	err = archive(t, dst).Restore(ctx, &other)
	wantCode(t, err, outflank.ECONFLICT)
	if _, err := dst.Tournament(ctx, "other"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("after a refused restore, tournament other: %v; want none", err)
	}
}
