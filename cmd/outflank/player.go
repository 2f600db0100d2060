package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"

	"outflank"
	"outflank/director"
	"outflank/exchange"
	"outflank/wof"
)

const (
	playerAddUsage      = "player add SLUG --name NAME [--country CCC] [--rating N] [--gender f|m] [--born YYYY-MM-DD] [--seeded] [--additional] [--team NAME] [--wof-id N] [--citizenship CCC] [--resident-since YYYY-MM-DD] [--exemption REASON] [--override REASON] [--players-db FILE [--new]] [--max-size SIZE]"
	playerImportUsage   = "player import SLUG FILE.csv [--players-db FILE] [--encoding auto|utf-8|latin-1] [--override REASON] [--max-size SIZE]"
	playerWithdrawUsage = "player withdraw SLUG PLAYER [--after-round N]"
)

var playerCommands = map[string]command{
	"add":      {usage: playerAddUsage, help: "register a player", run: runPlayerAdd},
	"import":   {usage: playerImportUsage, help: "register the players of a CSV file", run: runPlayerImport},
	"withdraw": {usage: playerWithdrawUsage, help: "record a withdrawal (no re-entry: WOC II.8)", run: runPlayerWithdraw},
	"edit":     {usage: playerEditUsage, help: "correct a registration (audited; 'outflank undo' reverts it)", run: runPlayerEdit},
	"absent":   {usage: playerAbsentUsage, help: "record rounds a player misses (where the ruleset allows re-entry)", run: runPlayerAbsent},
	"return":   {usage: playerReturnUsage, help: "cancel a player's absences to come", run: runPlayerReturn},
	"list":     {usage: playerListUsage, help: "the players: id, name, country, rating, team, status, points", run: runPlayerList},
	"remove":   {usage: playerRemoveUsage, help: "take back a registration before the player's first game", run: runPlayerRemove},
	"find":     {usage: playerFindUsage, help: "search the WOF player database by name or WOF id", run: runPlayerFind},
}

func runPlayer(e *env, args []string) error {
	return e.subcommand("player", playerCommands, args)
}

func runPlayerAdd(e *env, args []string) error {
	usage := playerAddUsage
	fs := e.newFlags("player add", usage)
	var p outflank.Player
	fs.StringVar(&p.Name, "name", "", "the player's `name` (Surname, Firstname is the WOF's way)")
	fs.StringVar(&p.Country, "country", "", "country `code`: three letters (JPN), or an ISO two-letter code (JP)")
	fs.IntVar(&p.Rating, "rating", 0, "rating (0: unrated)")
	fs.StringVar(&p.Gender, "gender", "", "f or m")
	fs.StringVar(&p.Born, "born", "", "birth date YYYY-MM-DD")
	fs.BoolVar(&p.Seeded, "seeded", false, "group A for the first round (WOC II.7.1)")
	fs.BoolVar(&p.Additional, "additional", false, "the additional player (WOC II.2)")
	fs.StringVar(&p.Team, "team", "", "the team the player's points count for")
	fs.IntVar(&p.WOFID, "wof-id", 0, "the player's WOF id")
	fs.StringVar(&p.Citizenship, "citizenship", "", "the country `code` the player is a citizen of (WOC I.2.3 a; default: the BOF member record's)")
	fs.StringVar(&p.ResidentSince, "resident-since", "", "the `date` YYYY-MM-DD since which the player has lived in the country they represent, the UK at the BOF's events (WOC I.2.3 b, BOF National 12; default: the BOF member record's)")
	fs.StringVar(&p.Exemption, "exemption", "", "bof-national: the chairman's exemption from the 183-day rule, with its `reason` (BOF National 13): the player plays, but not in the play-off for the British title")
	override := fs.String("override", "", "register the player although an eligibility rule refuses them (WOC I.2, BOF National 12), for this `reason`, recorded in the log")
	dbPath := fs.String("players-db", "", "the WOF player database (joueurs.txt): the player is looked up by --wof-id, or else by name, to fill in country, rating and WOF id")
	isNew := fs.Bool("new", false, "with --players-db: the player is not in the database (register them without looking up the name)")
	maxSize := maxSizeFlag(fs)
	slug, _, err := e.parseSlug(fs, args, 0, usage)
	if err != nil {
		return err
	}
	typedRating := false
	fs.Visit(func(f *flag.Flag) { typedRating = typedRating || f.Name == "rating" })
	var pdb *wof.PlayerDB
	if *dbPath != "" {
		if pdb, err = readPlayerDB(*dbPath, maxSize); err != nil {
			return err
		}
	}
	source := filepath.Base(*dbPath)
	return e.withStore(func(ctx context.Context, db database) error {
		from := ""
		var warnings []string
		if pdb != nil {
			if p.WOFID == 0 && !*isNew {
				// The event's country puts its players first among
				// namesakes listed.
				t, err := db.Tournament(ctx, slug)
				if err != nil {
					return err
				}
				if _, err := director.LookUpName(&p, pdb, source, director.PreferenceFor(t)); err != nil {
					return err
				}
			}
			if from, warnings, err = director.FillFromPlayerDB(&p, pdb, source); err != nil {
				return err
			}
			if p.WOFID == 0 {
				from = fmt.Sprintf(" (not in %s: new to the WOF)", source)
			}
		}
		reg, err := director.Register(ctx, db, slug, p, director.Entry{From: from, TypedRating: typedRating, Override: *override})
		if err != nil {
			return err
		}
		e.saved(reg.Event, "")
		for _, w := range append(warnings, reg.Warnings...) {
			e.printf(e.stderr, "warning: %s\n", w)
		}
		return nil
	})
}

// warnNegativeRating warns about a negative rating typed by hand.
func (e *env) warnNegativeRating(who string, rating int) {
	if rating < 0 {
		e.printf(e.stderr, "warning: %s\n", director.NegativeRating(who, rating))
	}
}

func runPlayerImport(e *env, args []string) error {
	usage := playerImportUsage
	fs := e.newFlags("player import", usage)
	dbPath := fs.String("players-db", "", "the WOF player database (joueurs.txt) to fill in rows that give only a wof_id")
	encoding := fs.String("encoding", exchange.EncodingAuto, "the CSV file's text encoding: auto (UTF-8, else Latin-1), utf-8 or latin-1 (Windows-1252, as Excel saves CSV)")
	override := fs.String("override", "", "import the players although an eligibility rule refuses them (WOC I.2, BOF National 12), for this `reason`, recorded in the log")
	maxSize := maxSizeFlag(fs)
	slug, rest, err := e.parseSlug(fs, args, 1, usage)
	if err != nil {
		return err
	}
	path := rest[0]
	players, used, err := readPlayersCSV(path, *encoding, maxSize)
	if err != nil {
		return err
	}
	var warnings []string
	if *dbPath != "" {
		db, err := readPlayerDB(*dbPath, maxSize)
		if err != nil {
			return err
		}
		if warnings, err = director.FillPlayersFromDB(players, db, path, filepath.Base(*dbPath)); err != nil {
			return err
		}
	}
	// The same registration as the console's: all or none, under the
	// ruleset's eligibility rules; the log names the file, not where it
	// was on this machine.
	return e.withStore(func(ctx context.Context, db database) error {
		imported, err := director.ImportPlayers(ctx, db, slug, players, filepath.Base(path), *override)
		if err != nil {
			return err
		}
		e.saved(imported.Event, "")
		if *encoding == exchange.EncodingAuto && used == exchange.EncodingLatin1 {
			e.printf(e.stderr, "note: %s is not UTF-8: read as Latin-1 (Windows-1252); if names look wrong, import it again with --encoding utf-8 or latin-1 after 'outflank undo'\n", filepath.Base(path))
		}
		for _, w := range append(warnings, imported.Warnings...) {
			e.printf(e.stderr, "warning: %s\n", w)
		}
		return nil
	})
}

// readPlayersCSV reads the players of a CSV file within its size limit,
// decoded from encoding (exchange.NewTextReader), and returns the encoding
// it was read as.
func readPlayersCSV(path, encoding string, maxSize *byteSize) ([]outflank.Player, string, error) {
	in, err := openLimited(path, kindPlayersCSV, maxSize)
	if err != nil {
		return nil, "", err
	}
	defer in.Close()
	text, err := exchange.NewTextReader(in, encoding)
	if err != nil {
		return nil, "", err
	}
	players, err := exchange.ReadPlayersCSV(text)
	if err := in.overLimit(); err != nil {
		return nil, "", err
	}
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	if len(players) == 0 {
		return nil, "", outflank.Errorf(outflank.EINVALID, "%s has a header but no players", path)
	}
	return players, text.Encoding(), nil
}

func runPlayerWithdraw(e *env, args []string) error {
	usage := playerWithdrawUsage
	fs := e.newFlags("player withdraw", usage)
	after := fs.Int("after-round", -1, "the last round the player took part in (default: the last round entered)")
	slug, rest, err := e.parseSlug(fs, args, 1, usage)
	if err != nil {
		return err
	}
	return e.update(slug, outflank.KindWithdraw, func(t *outflank.Tournament) (string, error) {
		p, err := t.FindPlayer(rest[0])
		if err != nil {
			return "", err
		}
		n := *after
		if n < 0 {
			n = len(t.Rounds)
		}
		if err := t.Withdraw(p.ID, n); err != nil {
			return "", err
		}
		return fmt.Sprintf("#%d %s withdrew after round %d", p.ID, p.Name, n), nil
	})
}

// readPlayerDB reads the WOF player database within its size limit.
func readPlayerDB(path string, maxSize *byteSize) (*wof.PlayerDB, error) {
	in, err := openLimited(path, kindPlayerDB, maxSize)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	db, _, err := wof.ReadPlayerDB(in)
	if err := in.overLimit(); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, outflank.Errorf(outflank.EINVALID, "%s: %v", path, err)
	}
	return db, nil
}

func parseInt(s, what string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, outflank.Errorf(outflank.EINVALID, "%s %q is not a whole number", what, s)
	}
	return n, nil
}
