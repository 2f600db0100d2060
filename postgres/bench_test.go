package postgres_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"outflank"
	"outflank/rules"
)

// bigTournament has players players and rounds rounds, all results entered.
func bigTournament(tb testing.TB, players, rounds int) *outflank.Tournament {
	tb.Helper()
	t, err := outflank.NewTournament("big", "Big Open", "2026-08-01", rules.WOC, rounds)
	if err != nil {
		tb.Fatal(err)
	}
	for i := range players {
		if _, err := t.AddPlayer(outflank.Player{Name: fmt.Sprintf("Player %d", i+1), Country: "JPN", Rating: 1500 + i}); err != nil {
			tb.Fatal(err)
		}
	}
	for r := range rounds {
		seen := map[int]bool{}
		var pairs []outflank.Pair
		for i := 0; i+1 < players; i += 2 {
			a, c := (i+r)%players+1, (i+r+players/2)%players+1
			if !seen[a] && !seen[c] && a != c {
				seen[a], seen[c] = true, true
				pairs = append(pairs, outflank.Pair{Black: a, White: c})
			}
		}
		if _, err := t.AddRound(outflank.StageSwiss, pairs, nil); err != nil {
			tb.Fatal(err)
		}
		for table := range pairs {
			res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 30 + table%5, White: 34 - table%5}})
			if err != nil {
				tb.Fatal(err)
			}
			if _, err := t.SetResult(r+1, table+1, res, outflank.ResultOptions{}); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return t
}

// TestBigImport stores a thousand players and thirteen rounds in one
// transaction (the rows go in one batch) and reads them back as they were;
// the log verifies.
func TestBigImport(t *testing.T) {
	ctx := context.Background()
	db := MustOpenDB(t)
	want := bigTournament(t, 1000, 13)
	start := time.Now()
	if _, err := db.Create(ctx, want, outflank.KindImport, "big"); err != nil {
		t.Fatal(err)
	}
	t.Logf("import of %d players and %d rounds: %v", len(want.Players), len(want.Rounds), time.Since(start))
	got, err := db.Tournament(ctx, "big")
	if err != nil {
		t.Fatal(err)
	}
	got.Version, want.Version = 0, 0
	for _, tour := range []*outflank.Tournament{got, want} {
		for i := range tour.Rounds {
			for j := range tour.Rounds[i].Games {
				tour.Rounds[i].Games[j].Version = 0
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the tournament read back differs from the one stored")
	}
	audit, err := db.Audit(ctx, "big")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := audit.Verify(); err != nil {
		t.Errorf("the log does not verify: %v", err)
	}
}

// BenchmarkEnterResult enters one result (--replace) in a stored
// tournament: load, check, write the changed row and its audit event,
// commit.
func BenchmarkEnterResult(b *testing.B) {
	for _, size := range []struct{ players, rounds int }{{100, 7}, {1000, 13}} {
		b.Run(fmt.Sprintf("%dplayers", size.players), func(b *testing.B) {
			db := MustOpenDB(b)
			ctx := context.Background()
			if _, err := db.Create(ctx, bigTournament(b, size.players, size.rounds), outflank.KindImport, ""); err != nil {
				b.Fatal(err)
			}
			i := 0
			for b.Loop() {
				i++
				_, err := db.Update(ctx, "big", outflank.KindResult, func(t *outflank.Tournament) (string, error) {
					res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 20 + i%20, White: 44 - i%20}})
					if err != nil {
						return "", err
					}
					_, err = t.SetResult(1, 1, res, outflank.ResultOptions{Replace: true})
					return "bench", err
				})
				if err != nil && outflank.ErrorCode(err) != outflank.EINVALID { // EINVALID: the same score again
					b.Fatal(err)
				}
			}
		})
	}
}
