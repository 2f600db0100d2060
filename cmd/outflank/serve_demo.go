package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"outflank"
	"outflank/director"
	"outflank/rules"
	"outflank/simulate"
	"outflank/sqlite"
	"outflank/words"
)

// demoSlug is the simulated event's slug.
const demoSlug = "woc-demo"

// serveDemo shows what Outflank does: a new database (in a temporary
// folder, unless --db names a file that does not exist yet), a simulated
// WOC in it, and the site serving it while the event is played in live,
// through the store calls a director's commands make: `new`, `player
// import`, then `pair` as each round is paired and `result` as each game
// ends, in the order they end, a few a second. Every page open on the event
// follows it. The site stays up once the event is over, until Ctrl-C.
func (e *env) serveDemo(ctx context.Context, o serveOptions) (err error) {
	if o.players < 4 || o.players > 500 {
		return outflank.Errorf(outflank.EINVALID, "--players %d: the demo plays 4 to 500", o.players)
	}
	if o.pace <= 0 || o.pace > time.Minute {
		return outflank.Errorf(outflank.EINVALID, "--pace %s: give a time from 1ms to 1m between two results", o.pace)
	}
	seed, err := director.ParseSeed(o.seed)
	if err != nil {
		return err
	}
	path, temporary, err := e.demoDatabase()
	if err != nil {
		return err
	}
	if temporary {
		defer os.RemoveAll(filepath.Dir(path))
	}
	db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		return err
	}
	defer db.Close()
	d := &demo{e: e, db: db, rng: rand.New(rand.NewPCG(seed, 0x64656d6f)), pace: o.pace}
	if err := d.register(outflank.WithActor(ctx, "demo"), o.players); err != nil {
		return err
	}
	where := "in a temporary folder removed when the server stops (--db FILE keeps it)"
	if !temporary {
		where = "kept after the server stops"
	}
	serveCtx, stopServing := context.WithCancel(ctx)
	defer stopServing()
	var wg sync.WaitGroup
	var playErr error
	err = e.serve(serveCtx, db, o, func(local string) {
		e.printf(e.stdout, "demo: a simulated World Othello Championship of %d players (seed %d), played in live: a result every %s\n", o.players, seed, o.pace)
		e.printf(e.stdout, "  database: %s, %s\n", path, where)
		e.printf(e.stdout, "  watch:    %st/%s/standings\n", local, demoSlug)
		wg.Go(func() {
			if playErr = d.play(outflank.WithActor(serveCtx, "demo")); playErr != nil {
				stopServing()
			}
		})
	})
	stopServing()
	wg.Wait()
	if err == nil && ctx.Err() == nil {
		err = playErr
	}
	return err
}

// demoDatabase returns the demo's database: --db when given, which must
// not exist yet, else a file in a new temporary folder.
func (e *env) demoDatabase() (path string, temporary bool, err error) {
	if isPostgresURL(e.db) {
		return "", false, outflank.Errorf(outflank.EINVALID, "--db %s: the demo makes a new SQLite database; give --db a file that does not exist, or leave --db out for a temporary one", e.dbName())
	}
	if e.dbGiven {
		if _, err := os.Lstat(e.db); err == nil {
			return "", false, outflank.Errorf(outflank.EINVALID, "%s exists: the demo makes a new database; give --db a file that does not exist, or leave --db out for a temporary one", e.db)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", false, outflank.Errorf(outflank.EINVALID, "%s: %v", e.db, err)
		}
		return e.db, false, nil
	}
	dir, err := os.MkdirTemp("", "outflank-demo-")
	if err != nil {
		return "", false, fmt.Errorf("making the demo's folder: %w", err)
	}
	return filepath.Join(dir, "demo.db"), true, nil
}

// demo plays the simulated event into the store.
type demo struct {
	e    *env
	db   database
	rng  *rand.Rand
	pace time.Duration
}

// register creates the event and registers its field, as `outflank new`
// and `outflank player import` do.
func (d *demo) register(ctx context.Context, players int) error {
	t, err := outflank.NewTournament(demoSlug, "World Othello Championship (simulated)", time.Now().Format(time.DateOnly), rules.WOC, 0)
	if err != nil {
		return err
	}
	t.Settings.DrawSeed = d.rng.Uint64() >> 1
	if _, err := d.db.Create(ctx, t, outflank.KindCreate, fmt.Sprintf("created %s (%s, rounds by the ruleset's format for the number of players)", t.Name, t.Rules)); err != nil {
		return err
	}
	field, err := simulate.Field(d.rng, players)
	if err != nil {
		return err
	}
	_, err = d.db.Update(ctx, demoSlug, outflank.KindPlayer, func(t *outflank.Tournament) (string, error) {
		reg := t.Registrar()
		for _, p := range field {
			if _, err := reg.Add(p); err != nil {
				return "", err
			}
		}
		return fmt.Sprintf("imported %d players (simulated)", len(field)), nil
	})
	return err
}

// play runs the event to its end: the result of a game in play, picked at
// random as games end in a hall, every pace; when none is in play, the
// next round or stage is paired, and its games start after five paces.
func (d *demo) play(ctx context.Context) error {
	for step := 0; ; step++ {
		t, err := d.db.Tournament(ctx, demoSlug)
		if err != nil {
			return ctx.Err() // a store error once ctx ends is the end
		}
		var open [][2]int
		for _, r := range t.Rounds {
			for _, g := range r.Games {
				if g.Result == nil {
					open = append(open, [2]int{r.Number, g.Table})
				}
			}
		}
		wait := d.pace
		switch {
		case len(open) > 0:
			game := open[d.rng.IntN(len(open))]
			if err := d.result(ctx, t, game[0], game[1]); err != nil {
				return err
			}
		case t.Status().Done:
			d.e.printf(d.e.stdout, "demo: the event is over: %s; the site stays up (Ctrl-C stops)\n", t.Status().Headline)
			return nil
		default:
			if err := d.pair(ctx); err != nil {
				return err
			}
			wait = 5 * d.pace
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
	}
}

// pair pairs the next round or stage, as `outflank pair` does.
func (d *demo) pair(ctx context.Context) error {
	seed := d.rng.Uint64() >> 1
	var summary []string
	_, err := d.db.Update(ctx, demoSlug, outflank.KindRound, func(t *outflank.Tournament) (string, error) {
		paired, err := t.PairNext(outflank.PairOptions{Seed: seed, Round: len(t.Rounds) + 1})
		if err != nil {
			return "", err
		}
		summary = summary[:0]
		for _, p := range append([]*outflank.Paired{paired}, paired.Also...) {
			summary = append(summary, fmt.Sprintf("paired round %d (%s): %s, %s", p.Round.Number, p.Round.Method, words.Count(len(p.Round.Games), "game"), words.Count(len(p.Round.Byes), "bye")))
		}
		return strings.Join(summary, "; "), nil
	})
	if err != nil {
		return ignoreEnd(ctx, err)
	}
	d.e.printf(d.e.stdout, "demo: %s\n", strings.Join(summary, "; "))
	return nil
}

// result plays the game at round and table and enters its result, as
// `outflank result` does with the game's moves.
func (d *demo) result(ctx context.Context, t *outflank.Tournament, round, table int) error {
	res, err := simulate.PlayResult(t, d.rng, round, table)
	if err != nil {
		return err
	}
	_, err = d.db.Update(ctx, demoSlug, outflank.KindResult, func(t *outflank.Tournament) (string, error) {
		g, err := t.SetResult(round, table, res, outflank.ResultOptions{})
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("round %d table %d, %s v %s: %s", round, table, t.Describe(g.Black), t.Describe(g.White), g.Result.Summary()), nil
	})
	return ignoreEnd(ctx, err)
}

// ignoreEnd drops the error of a change cut short by the server's end.
func ignoreEnd(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return nil
	}
	return err
}
