package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"outflank"
	"outflank/internal/storetest"
	"outflank/rules"
	"outflank/sqlite"
)

// bigTournament has players players and rounds rounds, all results entered.
func bigTournament(b *testing.B, players, rounds int) *outflank.Tournament {
	b.Helper()
	t, err := outflank.NewTournament("big", "Big Open", "2026-08-01", rules.WOC, rounds)
	if err != nil {
		b.Fatal(err)
	}
	for i := range players {
		if _, err := t.AddPlayer(outflank.Player{Name: fmt.Sprintf("Player %d", i+1), Country: "JPN", Rating: 1500 + i}); err != nil {
			b.Fatal(err)
		}
	}
	for r := range rounds {
		pairs := make([]outflank.Pair, 0, players/2)
		for i := 0; i+1 < players; i += 2 {
			a, c := (i+r)%players+1, (i+r+players/2)%players+1
			pairs = append(pairs, outflank.Pair{Black: a, White: c})
		}
		// Shifting both halves keeps every player once per round.
		seen := map[int]bool{}
		var unique []outflank.Pair
		for _, p := range pairs {
			if !seen[p.Black] && !seen[p.White] && p.Black != p.White {
				seen[p.Black], seen[p.White] = true, true
				unique = append(unique, p)
			}
		}
		if _, err := t.AddRound(outflank.StageSwiss, unique, nil); err != nil {
			b.Fatal(err)
		}
		for table := range unique {
			res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 30 + table%5, White: 34 - table%5}})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := t.SetResult(r+1, table+1, res, outflank.ResultOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	return t
}

// BenchmarkEnterResult enters one result (--replace) in a stored
// tournament: load, check, write the changed row and its audit event,
// commit with synchronous=FULL.
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

// BenchmarkConcurrentResults has many goroutines of one process enter
// results at once through Update, as the web server does under load: into
// one 200-player tournament, or spread over four. It reports, besides the
// time per result, how many writes failed because the database stayed
// locked (busy) and how many changes were prepared again per write
// (repreps/op) because another writer saved first.
func BenchmarkConcurrentResults(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	const players, rounds = 200, 7
	for _, tournaments := range []int{1, 4} {
		for _, writers := range []int{32, 128} {
			b.Run(fmt.Sprintf("%dtournaments/%dwriters", tournaments, writers), func(b *testing.B) {
				db := MustOpenDB(b)
				ctx := context.Background()
				slugs := make([]string, tournaments)
				tables := 0 // per round, the same in every round
				for i := range slugs {
					t := bigTournament(b, players, rounds)
					tables = len(t.Rounds[0].Games)
					t.Slug = fmt.Sprintf("big-%d", i+1)
					slugs[i] = t.Slug
					if _, err := db.Create(ctx, t, outflank.KindImport, ""); err != nil {
						b.Fatal(err)
					}
				}
				var n, busy, failed atomic.Int64
				before := sqlite.Reprepared()
				b.SetParallelism(max(1, writers/runtime.GOMAXPROCS(0)))
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						i := int(n.Add(1))
						slug := slugs[i%tournaments]
						round, table := 1+(i/tournaments)%rounds, 1+(i/(tournaments*rounds))%tables
						_, err := db.Update(ctx, slug, outflank.KindResult, func(t *outflank.Tournament) (string, error) {
							res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 20 + i%20, White: 44 - i%20}})
							if err != nil {
								return "", err
							}
							_, err = t.SetResult(round, table, res, outflank.ResultOptions{Replace: true})
							return "bench", err
						})
						switch {
						case err == nil, outflank.ErrorCode(err) == outflank.EINVALID: // EINVALID: the same score again
						case outflank.ErrorCode(err) == outflank.ECONFLICT && strings.Contains(err.Error(), "locked"):
							busy.Add(1)
						default:
							failed.Add(1)
							b.Error(err)
						}
					}
				})
				b.StopTimer()
				b.ReportMetric(float64(busy.Load()), "busy")
				b.ReportMetric(float64(sqlite.Reprepared()-before)/float64(b.N), "repreps/op")
			})
		}
	}
}

// BenchmarkLoadBigEvent opens the database and reads a 5,000-player WOC
// of 13 rounds (32,500 games) in full, as each command of the command
// line that reads a tournament does (Options.ReadOnce): the database is
// opened anew each time, so nothing is kept in memory from the time
// before. It reports the CPU time of the process per
// load too (cpu-ms/op), which other processes on the machine disturb less
// than the time.
func BenchmarkLoadBigEvent(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a command does (internal/memo)
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "big.db")
	db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := db.Create(ctx, storetest.CircleEvent(b, 5000, 13), outflank.KindImport, "benchmark"); err != nil {
		b.Fatal(err)
	}
	db.Close()
	cpu := processCPU()
	for b.Loop() {
		db, err := sqlite.Open(ctx, path, sqlite.Options{ReadOnce: true})
		if err != nil {
			b.Fatal(err)
		}
		t, err := db.Tournament(ctx, "big")
		if err != nil {
			b.Fatal(err)
		}
		if len(t.Players) != 5000 || len(t.Rounds) != 13 {
			b.Fatalf("loaded %d players, %d rounds", len(t.Players), len(t.Rounds))
		}
		db.Close()
	}
	b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	if n := sqlite.Unpacked(); n != 0 {
		b.Fatalf("%d tables read column by column", n)
	}
}

// processCPU is the CPU time the process has used so far.
func processCPU() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
