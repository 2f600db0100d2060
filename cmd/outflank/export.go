package main

import (
	"bytes"
	"errors"
	"io"
	"os"

	"outflank"
	"outflank/exchange"
)

func runExport(e *env, args []string) error {
	const usage = "export SLUG [--format json|elo|csv] [-o FILE]"
	fs := e.newFlags("export", usage)
	format := fs.String("format", "json", "json (the outflank/1 tournament file), elo (WOF rating file) or csv (results)")
	out := fs.String("o", "", "write to `file` instead of stdout")
	slug, _, err := e.parseSlug(fs, args, 0, usage)
	if err != nil {
		return err
	}
	write, ok := exporters[*format]
	if !ok {
		return usagef("export: unknown format %q: use json, elo or csv", *format)
	}
	t, err := e.load(slug)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := write(&buf, t); err != nil {
		return err
	}
	if *out == "" {
		_, err := dataOut(e.stdout).Write(buf.Bytes())
		return err
	}
	return writeFileAtomically(*out, exportPerm[*format], func(w io.Writer) error {
		_, err := w.Write(buf.Bytes())
		return err
	})
}

// exportPerm is the mode of a new export file, before the umask. The
// tournament file holds birth dates (of children, for the young players'
// list) and genders, so only its owner may read it; the .ELO file and the
// results CSV hold what is published anyway (names, countries, ratings,
// results).
var exportPerm = map[string]os.FileMode{"json": 0o600, "elo": 0o644, "csv": 0o644}

var exporters = map[string]func(io.Writer, *outflank.Tournament) error{
	"json": exchange.WriteJSON,
	"elo":  exchange.WriteELO,
	"csv":  exchange.WriteResultsCSV,
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
