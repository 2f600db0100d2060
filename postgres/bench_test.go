package postgres_test

import (
	"context"
	"fmt"
	"reflect"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"outflank"
	"outflank/postgres"
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
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
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

// BenchmarkConcurrentResults: 32 writers enter results at once, as the
// judges of a busy event do through the web server, into one tournament
// of 200 players, or spread over four. Each writer replaces the result of
// a game of its own with another score, so no change fails: what differs
// is how much work the writers of one tournament redo when they collide.
// Besides ns/op it reports the CPU time of this process (go-cpu-ns/op) and
// of the PostgreSQL server's processes (pg-cpu-ns/op, on Linux) per write,
// and how many times a change was prepared again per write (reprep/op).
func BenchmarkConcurrentResults(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	const writers = 32
	for _, tournaments := range []int{1, 4} {
		b.Run(fmt.Sprintf("%dtournaments", tournaments), func(b *testing.B) {
			ctx := context.Background()
			db := MustOpenDB(b)
			var slugs []string
			for i := range tournaments {
				t := bigTournament(b, 200, 7)
				t.Slug = fmt.Sprintf("big%d", i+1)
				if _, err := db.Create(ctx, t, outflank.KindImport, ""); err != nil {
					b.Fatal(err)
				}
				slugs = append(slugs, t.Slug)
			}
			var writer atomic.Int64
			b.SetParallelism((writers + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
			before := postgres.Repreparations(db)
			cpu := startCPU(b, db)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				w := int(writer.Add(1)) - 1
				slug := slugs[w%len(slugs)]
				// Writers share tournaments round-robin; each has its own
				// game: round 1 + w/100, table 1 + w%100.
				round, table := 1+(w/100)%7, 1+w%100
				for pb.Next() {
					_, err := db.Update(ctx, slug, outflank.KindResult, func(t *outflank.Tournament) (string, error) {
						g, err := t.Game(round, table)
						if err != nil {
							return "", err
						}
						black := 33
						if g.Result != nil && g.Result.BlackDiscs == 33 {
							black = 32
						}
						res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: black, White: 64 - black}})
						if err != nil {
							return "", err
						}
						_, err = t.SetResult(round, table, res, outflank.ResultOptions{Replace: true})
						return "bench", err
					})
					if err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.StopTimer()
			cpu.report(b)
			b.ReportMetric(float64(postgres.Repreparations(db)-before)/float64(b.N), "reprep/op")
		})
	}
}
