package rating

import (
	"fmt"
	"path"
	"strings"

	"outflank/wof"
)

// FromArchive turns the files of the WOF's result archive into rated
// tournaments: each file's games, in file order, with only their results
// (a game's discs and colours do not count). Games whose players are the
// same id are left out and counted in skipped; the .ELO reader already
// leaves out games with a player that is not a number.
func FromArchive(files []wof.ArchiveFile) (ts []Tournament, skipped int) {
	ts = make([]Tournament, 0, len(files))
	for _, f := range files {
		t := Tournament{Date: Date{f.Date.Year, f.Date.Month, f.Date.Day}, Name: f.File.Tournament, File: f.Path}
		for _, g := range f.File.Games() {
			if g.First == g.Second || g.First < 1 || g.Second < 1 {
				skipped++
				continue
			}
			t.Games = append(t.Games, Game{A: g.First, B: g.Second, Score: ScoreOf(g.Result)})
		}
		ts = append(ts, t)
	}
	return ts, skipped
}

// ScoreOf returns the points of a game's first player, out of 2, for the
// result an .ELO file gives.
func ScoreOf(r wof.Result) int {
	switch r {
	case wof.Win:
		return 2
	case wof.Draw:
		return 1
	}
	return 0
}

// Without returns the archive's files less those named: each name is a
// file's path inside the archive ("2026/20260315_46_Meijin.ELO", with /
// or the system's separator) or, when only one file has it, its name
// alone. It is how a published list that lacked a late file is
// reproduced. A name that matches no file, or several, is an error: a
// typo must not leave the file in silently.
func Without(files []wof.ArchiveFile, names []string) ([]wof.ArchiveFile, error) {
	if len(names) == 0 {
		return files, nil
	}
	byPath := map[string]int{}
	byBase := map[string][]int{}
	for k, f := range files {
		byPath[f.Path] = k
		base := path.Base(f.Path)
		byBase[base] = append(byBase[base], k)
	}
	drop := map[int]bool{}
	for _, name := range names {
		clean := path.Clean(strings.ReplaceAll(strings.TrimSpace(name), "\\", "/"))
		if k, ok := byPath[clean]; ok {
			drop[k] = true
			continue
		}
		switch ks := byBase[path.Base(clean)]; {
		case len(ks) == 1 && (clean == path.Base(clean) || strings.HasSuffix(clean, "/"+files[ks[0]].Path)):
			drop[ks[0]] = true
		case len(ks) > 1:
			var where []string
			for _, k := range ks {
				where = append(where, files[k].Path)
			}
			return nil, fmt.Errorf("%q names %d files of the archive (%s): give the path inside the archive", name, len(ks), strings.Join(where, ", "))
		default:
			return nil, fmt.Errorf("%q is no file of the archive: give a file's path inside the archive, as 2026/20260315_46_Meijin.ELO, or its name", name)
		}
	}
	out := make([]wof.ArchiveFile, 0, len(files)-len(drop))
	for k, f := range files {
		if !drop[k] {
			out = append(out, f)
		}
	}
	return out, nil
}
