package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/exchange"
	"outflank/sqlite"
	"outflank/words"
)

func runExport(e *env, args []string) error {
	const usage = "export SLUG [--format json|elo|csv|wthor] [--sender NAME] [--country NAME] [-o FILE|DIR]"
	fs := e.newFlags("export", usage)
	format := fs.String("format", "json", "json (the outflank/1 tournament file), elo (WOF rating file), csv (results) or wthor (the games with transcripts as WTHOR files, into the folder -o names)")
	out := fs.String("o", "", "write to `file` instead of stdout (wthor: the folder to write SLUG.wtb, SLUG.JOU and SLUG.TRN into)")
	sender := fs.String("sender", "", "elo: who sends the file to the WOF, for its %%Sender: line (default: the tournament's setting)")
	country := fs.String("country", "", "elo: the country the event was held in, in words (Italy, Great-Britain, World), for its %%Country: line (default: the tournament's setting)")
	slug, _, err := e.parseSlug(fs, args, 0, usage)
	if err != nil {
		return err
	}
	export, ok := exchange.Exports[*format]
	if !ok && *format != "wthor" {
		return usagef("export: unknown format %q: use json, elo, csv or wthor", *format)
	}
	if (*sender != "" || *country != "") && *format != "elo" {
		return usagef("export: --sender and --country go with --format elo")
	}
	if *format == "wthor" && *out == "" {
		return usagef("export: --format wthor writes three files: give the folder to write them into with -o DIR")
	}
	var t *outflank.Tournament
	err = e.storeDo(sqlite.Options{ReadOnce: true}, func(ctx context.Context, db database) error {
		var err error
		if t, err = db.Tournament(ctx, slug); err != nil || *format != "elo" {
			return err
		}
		// A new player stays "+ID" until the WOF's player database
		// lists him.
		_, err = director.UnmarkListed(ctx, db, t)
		return err
	})
	if err != nil {
		return err
	}
	if *format == "wthor" {
		return e.exportWthor(t, *out)
	}
	if *format == "elo" {
		if err := e.eloHeader(t, *sender, *country); err != nil {
			return err
		}
		if n := exchange.UnratedGames(t); n > 0 {
			e.printf(e.stderr, "export: %s of %s left out of the .ELO file, which has the players and no games: they are not rated\n%s",
				words.Count(n, "game"), t.Slug, strings.TrimPrefix(unratedWarning(t), "warning: "))
		}
	}
	var buf bytes.Buffer
	if err := export.Write(&buf, t); err != nil {
		return err
	}
	if *out == "" {
		_, err := dataOut(e.stdout).Write(buf.Bytes())
		return err
	}
	return writeFileAtomically(*out, exportPerm(*format), func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	})
}

// eloHeader puts the sender and country given on the command line in the
// settings of t (for this export only), and warns about a header line left
// empty (exchange.ELOHeaderLines: neither the settings, the ruleset's
// federation nor the place give it): the WOF's rating officer needs them.
func (e *env) eloHeader(t *outflank.Tournament, sender, country string) error {
	for _, h := range []struct {
		what, value string
		dst         *string
	}{{"sender", sender, &t.Settings.ELOSender}, {"country", country, &t.Settings.ELOCountry}} {
		if h.value == "" {
			continue
		}
		v, err := outflank.ELOHeader(h.what, h.value)
		if err != nil {
			return err
		}
		*h.dst = v
	}
	for _, what := range exchange.MissingELOHeader(t) {
		switch what {
		case "sender":
			e.printf(e.stderr, "warning: the .ELO header has no sender: give --sender NAME (your federation's name), or set the tournament's ('outflank settings %s --sender NAME')\n", t.Slug)
		case "country":
			why := "no place is recorded"
			if t.Settings.Place != "" {
				why = fmt.Sprintf("Outflank has no name for the place %s", t.Settings.Place)
			}
			e.printf(e.stderr, "warning: the .ELO header has no country (%s): give --country NAME (in words: Italy, Great-Britain, World), or record where the event is held ('outflank settings %s --place CCC')\n", why, t.Slug)
		}
	}
	return nil
}

// exportPerm is the mode of a new export file, before the umask: the
// tournament file holds birth dates (of children, for the young players'
// list) and genders, so only its owner may read it; the .ELO file and the
// results CSV hold what is published anyway (names, countries, ratings,
// results).
func exportPerm(format string) os.FileMode {
	if exchange.Exports[format].Private {
		return 0o600
	}
	return 0o644
}

// fileError says what went wrong with a file the user named.
func fileError(path string, err error) error {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return outflank.Errorf(outflank.ENOTFOUND, "%s: no such file or folder", path)
	case errors.Is(err, os.ErrPermission):
		return outflank.Errorf(outflank.EINVALID, "%s: permission denied", path)
	}
	return outflank.Errorf(outflank.EINVALID, "%s: %v", path, err)
}
