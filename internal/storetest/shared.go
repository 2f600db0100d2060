package storetest

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"outflank"
)

// testShared checks a store's SharedTournament (outflank.SharedReader): the
// tournament as kept, sealed, with the rows and version Tournament gives;
// after a change, the new state, whose lists (inherited from the state
// before or drawn up anew) are those of the tournament read anew, while
// the state before is left as it was.
func testShared(t *testing.T, s outflank.Store) {
	sr, ok := s.(outflank.SharedReader)
	if !ok {
		t.Skip("the store does not keep its tournaments in memory")
	}
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	shared := func() *outflank.Tournament {
		t.Helper()
		tour, err := sr.SharedTournament(ctx, "sample")
		if err != nil {
			t.Fatal(err)
		}
		if !tour.Sealed() {
			t.Fatal("the shared tournament is not sealed")
		}
		if copied := mustLoad(t, s, "sample"); !outflank.SameRows(tour, copied) || copied.Sealed() {
			t.Fatalf("the shared tournament (version %d) is not the copy Tournament gives (version %d), or the copy is sealed", tour.Version, copied.Version)
		}
		return tour
	}
	before := shared()
	before.IFRL(0) // drawn up, to be inherited
	before.IFRL(1)
	was, err := json.Marshal(before)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []int{2, 3} {
		if _, err := s.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 20 + table, White: 44 - table}})
			if err != nil {
				return "", err
			}
			_, err = tour.SetResult(1, table, res, outflank.ResultOptions{})
			return "result", err
		}); err != nil {
			t.Fatal(err)
		}
		after := shared()
		if after.Version <= before.Version {
			t.Fatalf("after a result, the shared tournament's version is %d (%d before)", after.Version, before.Version)
		}
		fresh := mustLoad(t, s, "sample")
		for round := range 3 {
			if got, want := after.IFRL(round), fresh.IFRL(round); !reflect.DeepEqual(got, want) {
				t.Fatalf("after table %d, the shared tournament's lists after round %d:\n%+v\nwant\n%+v", table, round, got, want)
			}
		}
	}
	if now, _ := json.Marshal(before); string(now) != string(was) {
		t.Fatalf("the shared tournament changed after it was served:\n%s\nwas\n%s", now, was)
	}
}
