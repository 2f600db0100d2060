package sqlite

import (
	"context"
	"reflect"
	"testing"

	"outflank"
	"outflank/internal/storetest"
)

// TestReadOnceKeepsNothing reads a tournament twice from a database opened
// to read once: nothing is kept in memory, and changing what the first
// read returned does not change the second, nor what a change reads.
func TestReadOnceKeepsNothing(t *testing.T) {
	path := storeFixture(t, storetest.EveryRowKind(t))
	ctx := context.Background()
	db, err := Open(ctx, path, Options{ReadOnce: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	first, err := db.Tournament(ctx, "every")
	if err != nil {
		t.Fatal(err)
	}
	want := first.Clone()
	if n := db.memo.Len(); n != 0 {
		t.Errorf("%d tournaments kept in memory", n)
	}
	first.Players[0].Name = "Changed"
	res := *first.Rounds[0].Games[0].Result // replaced, never changed in place (Clone)
	res.BlackDiscs = 7
	first.Rounds[0].Games[0].Result = &res
	second, err := db.Tournament(ctx, "every")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(second, want) {
		t.Error("changing a tournament read changed the next read")
	}
	_, err = db.Update(ctx, "every", outflank.KindPlayer, func(tour *outflank.Tournament) (string, error) {
		if !reflect.DeepEqual(tour.Players, want.Players) {
			t.Error("a change reads the tournament changed by a reader")
		}
		tour.Players[1].Name = "Renamed"
		return "renamed", nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
