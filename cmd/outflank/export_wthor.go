package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"outflank"
	"outflank/exchange"
	"outflank/othello/wthor"
	"outflank/words"
)

// exportWthor writes t's games with transcripts into dir as SLUG.wtb,
// SLUG.JOU and SLUG.TRN, each atomically, the name files first so that a
// game file is never there without its names; it lists on stderr the games
// left out and those written with the board's score.
func (e *env) exportWthor(t *outflank.Tournament, dir string) error {
	switch info, err := os.Stat(dir); {
	case err == nil && !info.IsDir():
		return outflank.Errorf(outflank.EINVALID, "%s is a file: --format wthor writes three files, give a folder (it is created if missing)", dir)
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fileError(dir, err)
		}
	case err != nil:
		return fileError(dir, err)
	}
	w, err := exchange.WriteWthor(t, time.Now())
	if err != nil {
		return err
	}
	base := filepath.Join(dir, t.Slug)
	files := []struct {
		path  string
		write func(io.Writer) error
	}{
		{base + ".JOU", func(out io.Writer) error { return wthor.WritePlayers(out, w.Players) }},
		{base + ".TRN", func(out io.Writer) error { return wthor.WriteTournaments(out, w.Tournaments) }},
		{base + ".wtb", func(out io.Writer) error { return wthor.WriteGames(out, w.Games) }},
	}
	for _, f := range files {
		if err := writeFileAtomically(f.path, 0o644, f.write); err != nil {
			return err
		}
	}
	for _, s := range w.Skipped {
		e.printf(e.stderr, "skipped: %s\n", s)
	}
	for _, n := range w.Notes {
		e.printf(e.stderr, "note: %s\n", n)
	}
	e.printf(e.stdout, "wrote %s of %s to %s.wtb (players %s.JOU, tournament %s.TRN), %d skipped; check them with 'outflank game wthor --check %s.wtb --players %s.JOU --tournaments %s.TRN'\n",
		words.Count(len(w.Games.Games), "game"), t.Slug, base, base, base, len(w.Skipped), base, base, base)
	return nil
}
