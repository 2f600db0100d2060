package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
	"outflank/sqlite"
)

// fixture is the measured event: a simulated WOC in a fresh database, which
// the load generator also writes to, as a director's `outflank result`
// does, while the server follows it.
type fixture struct {
	db      *sqlite.DB
	path    string
	slug    string
	players int
	rounds  int
	games   int
	saved   int
}

// newFixture stores a simulated WOC of players and rounds in a new database
// at path.
func newFixture(ctx context.Context, path string, players, rounds int) (*fixture, error) {
	t, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: players, Rounds: rounds, Seed: 12})
	if err != nil {
		return nil, err
	}
	db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		return nil, err
	}
	if _, err := db.Create(ctx, t, outflank.KindImport, "load test: "+t.Name); err != nil {
		db.Close()
		return nil, err
	}
	f := &fixture{db: db, path: path, slug: t.Slug, players: len(t.Players), rounds: len(t.Rounds)}
	for _, r := range t.Rounds {
		f.games += len(r.Games)
	}
	return f, nil
}

// saveResult replaces the result of round 1 table 1 (alternately 40-24
// and 24-40), in one transaction of the store, and returns when it was
// committed and the tournament's new version.
func (f *fixture) saveResult(ctx context.Context) (time.Time, int64, error) {
	f.saved++
	score := outflank.Discs{Black: 40, White: 24}
	if f.saved%2 == 1 {
		score = outflank.Discs{Black: 24, White: 40}
	}
	_, err := f.db.Update(outflank.WithActor(ctx, "outflank-load"), f.slug, outflank.KindResult, func(t *outflank.Tournament) (string, error) {
		res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score})
		if err != nil {
			return "", err
		}
		if _, err := t.SetResult(1, 1, res, outflank.ResultOptions{Replace: true}); err != nil {
			return "", err
		}
		return fmt.Sprintf("load test: round 1 table 1, %d-%d", score.Black, score.White), nil
	})
	saved := time.Now()
	if err != nil {
		return saved, 0, err
	}
	t, err := f.db.Tournament(ctx, f.slug)
	if err != nil {
		return saved, 0, err
	}
	return saved, t.Version, nil
}

func (f *fixture) close() { f.db.Close() }

// buildOutflank builds the command line (the server) into dir.
func buildOutflank(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "outflank")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "outflank/cmd/outflank")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building outflank (run from the module, or give -outflank): %w", err)
	}
	return bin, nil
}
