package main

import (
	"context"
	"path/filepath"

	"outflank"
	"outflank/wof"
	"outflank/words"
)

const playerDBLoadUsage = "playerdb load FILE [--max-size SIZE]"

var playerDBCommands = map[string]command{
	"load": {usage: playerDBLoadUsage, help: "store the WOF player database (joueurs.txt) for the web console's search, replacing the one before", run: runPlayerDBLoad},
	"show": {usage: "playerdb show", help: "which player database is stored", run: runPlayerDBShow},
}

func runPlayerDB(e *env, args []string) error {
	return e.subcommand("playerdb", playerDBCommands, args)
}

// runPlayerDBLoad reads joueurs.txt as 'player find' does and keeps it in
// the database, where the console searches it as a director types.
func runPlayerDBLoad(e *env, args []string) error {
	fs := e.newFlags("playerdb load", playerDBLoadUsage)
	maxSize := maxSizeFlag(fs)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", playerDBLoadUsage)
	}
	db, err := readPlayerDB(pos[0], maxSize)
	if err != nil {
		return err
	}
	players := make([]outflank.WOFPlayer, len(db.Players))
	for i, p := range db.Players {
		players[i] = wofPlayerOf(p)
	}
	return e.withNewStore(func(ctx context.Context, store database) error {
		info, err := store.LoadPlayerDB(ctx, filepath.Base(pos[0]), players)
		if err != nil {
			return err
		}
		e.printf(e.stderr, "saved: %s of %s, for the console's search\n", words.Count(info.Players, "player"), info.Source)
		return nil
	})
}

func runPlayerDBShow(e *env, args []string) error {
	fs := e.newFlags("playerdb show", "playerdb show")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("usage: outflank playerdb show")
	}
	return e.withStore(func(ctx context.Context, store database) error {
		info, err := store.PlayerDBInfo(ctx)
		if err != nil {
			return err
		}
		e.printf(e.stdout, "%s: %s, loaded %s\n", info.Source, words.Count(info.Players, "player"), info.LoadedAt.Local().Format("2006-01-02 15:04"))
		return nil
	})
}

// wofPlayerOf is a database player as the store keeps it.
func wofPlayerOf(p wof.DBPlayer) outflank.WOFPlayer {
	w := outflank.WOFPlayer{ID: p.ID, Surname: p.Surname, Firstname: p.Firstname, Country: p.Country}
	if p.HasRating {
		r := p.Rating
		w.Rating = &r
	}
	return w
}
