package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"

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
	return writeFileAtomically(*out, buf.Bytes())
}

var exporters = map[string]func(io.Writer, *outflank.Tournament) error{
	"json": exchange.WriteJSON,
	"elo":  exchange.WriteELO,
	"csv":  exchange.WriteResultsCSV,
}

// writeFileAtomically writes data to a temporary file beside path, syncs it
// and renames it over path: a failure (a full disk) never leaves half a file.
func writeFileAtomically(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fileError(path, err)
	}
	defer os.Remove(tmp.Name())
	// CreateTemp makes the file private (0600); an export is for sharing,
	// and one that replaces an earlier file keeps that file's mode.
	mode := os.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return fileError(path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fileError(path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fileError(path, err)
	}
	if err := tmp.Close(); err != nil {
		return fileError(path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fileError(path, err)
	}
	return nil
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
