// Command lighthouse-fixture makes the database scripts/lighthouse serves:
// a simulated WOC of 40 players played to its end (Swiss rounds, knockout
// and all), a simulated WOC of 1,000 players in its last Swiss round with
// half of that round's results in, and an administrator's account, logged
// in. It prints the session cookie and the pages to measure, one a line
// (not the error page: Lighthouse refuses to measure a 404):
//
//	cookie outflank_session=SECRET
//	page LABEL PATH public|console
//
// It is a helper of scripts/lighthouse, not a command of Outflank.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/rules"
	"outflank/simulate"
	"outflank/sqlite"
)

func main() {
	path := flag.String("db", "", "the new database `file` (must not exist)")
	big := flag.Int("big", 1000, "players of the big event")
	flag.Parse()
	if *path == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: lighthouse-fixture -db FILE [-big N]")
		os.Exit(2)
	}
	if err := run(*path, *big); err != nil {
		fmt.Fprintln(os.Stderr, "lighthouse-fixture:", err)
		os.Exit(1)
	}
}

// director is the administrator whose session measures the console.
const director, password = "director", "lighthouse only, on loopback"

func run(path string, big int) error {
	ctx := outflank.WithActor(context.Background(), "lighthouse")
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s exists: give a new file", path)
	}
	db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		return err
	}
	defer db.Close()

	start := time.Now()
	small, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: 40, Seed: 40})
	if err != nil {
		return err
	}
	small.Slug, small.Name = "woc40", "World Othello Championship (40 players, simulated)"
	large, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: big, Rounds: 13, Seed: 1000,
		Progress: func(played, planned int) {
			if played > planned {
				return // the knockout, dropped below
			}
			fmt.Fprintf(os.Stderr, "lighthouse-fixture: %d players: round %d of %d paired (%s)\n", big, played, planned, time.Since(start).Round(time.Second))
		}})
	if err != nil {
		return err
	}
	large.Slug, large.Name = "woc1000", fmt.Sprintf("World Othello Championship (%d players, simulated)", big)
	// The big event in its last Swiss round, half its results in: the
	// state spectators watch most.
	for i, r := range large.Rounds {
		if r.Stage != outflank.StageSwiss {
			large.Rounds = large.Rounds[:i]
			break
		}
	}
	last := &large.Rounds[len(large.Rounds)-1]
	for i := len(last.Games) / 2; i < len(last.Games); i++ {
		last.Games[i].Result = nil
	}
	for _, t := range []*outflank.Tournament{small, large} {
		if _, err := db.Create(ctx, t, outflank.KindImport, "lighthouse fixture: "+t.Name); err != nil {
			return err
		}
	}
	a := auth.New(db)
	if _, err := a.AddUser(ctx, director, password, true); err != nil {
		return err
	}
	secret, _, err := a.Login(ctx, director, password, "127.0.0.1")
	if err != nil {
		return err
	}
	fmt.Printf("cookie outflank_session=%s\n", secret)
	page := func(label, path, kind string) { fmt.Printf("page %s %s %s\n", label, path, kind) }
	page("home", "/", "public")
	page("login", "/login", "public")
	page("ratings", "/ratings", "public")
	for _, t := range []*outflank.Tournament{small, large} {
		s := t.Slug
		played := t.Rounds[0].Games[0]
		page(s+"-event", "/t/"+s, "public")
		page(s+"-pairings", "/t/"+s+"/pairings", "public")
		page(s+"-standings", "/t/"+s+"/standings", "public")
		page(s+"-crosstable", "/t/"+s+"/crosstable", "public")
		page(s+"-players", "/t/"+s+"/players", "public")
		page(s+"-player", fmt.Sprintf("/t/%s/players/%d", s, played.Black), "public")
		if t == small {
			page(s+"-knockout", "/t/"+s+"/knockout", "public")
			page(s+"-finish", "/t/"+s+"/standings?list=finish", "public")
		}
		page(s+"-game", fmt.Sprintf("/t/%s/games/1/%d?ply=30", s, played.Table), "public")
		page(s+"-live", "/t/"+s+"/live", "public")
		page(s+"-projector", "/t/"+s+"/projector", "public")
	}
	page("console-admin", "/admin", "console")
	for _, s := range []string{small.Slug, large.Slug} {
		page(s+"-console", "/t/"+s+"/admin", "console")
		page(s+"-console-players", "/t/"+s+"/admin/players", "console")
		page(s+"-console-results", "/t/"+s+"/admin/results", "console")
	}
	page(small.Slug+"-console-log", "/t/"+small.Slug+"/admin/log", "console")
	page(small.Slug+"-console-settings", "/t/"+small.Slug+"/admin/settings", "console")
	fmt.Fprintf(os.Stderr, "lighthouse-fixture: %s made in %s\n", path, time.Since(start).Round(time.Second))
	return nil
}
