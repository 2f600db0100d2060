package wof

import (
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// ArchiveFile is one .ELO file of a result archive, read.
type ArchiveFile struct {
	// Path is the file's path inside the archive ("2025/20250111_CZ_GPO1.ELO").
	Path string
	File *File
	// Date is the tournament's date: the first date of its %%Date: line or,
	// when that line is missing or unreadable, the YYYYMMDD the file's name
	// starts with (the WOF archive names every file so). DateFromName says
	// which.
	Date         Date
	DateFromName bool
	// Warnings are Read's warnings for the file.
	Warnings []Warning
}

// ArchiveProblem is a file of an archive that could not be used at all.
type ArchiveProblem struct {
	Path string
	Err  error
}

func (p ArchiveProblem) Error() string { return p.Path + ": " + p.Err.Error() }

// ReadArchive reads every .ELO file (the extension in any case) under root
// in fsys, as the WOF's public result archive lays them out (one folder per
// year), on all processors at once. Files are returned sorted by date, then
// path. A file that cannot be read, or has no date at all, is a problem and
// is left out; the error is for an archive that cannot be listed.
func ReadArchive(fsys fs.FS, root string) ([]ArchiveFile, []ArchiveProblem, error) {
	var paths []string
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && strings.EqualFold(path.Ext(p), ".elo") {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	files := make([]ArchiveFile, len(paths))
	errs := make([]error, len(paths))
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				next.Lock()
				k := i
				i++
				next.Unlock()
				if k >= len(paths) {
					return
				}
				files[k], errs[k] = readArchiveFile(fsys, paths[k])
			}
		}()
	}
	wg.Wait()
	var kept []ArchiveFile
	var problems []ArchiveProblem
	for k, f := range files {
		if errs[k] != nil {
			problems = append(problems, ArchiveProblem{Path: rel(root, paths[k]), Err: errs[k]})
			continue
		}
		f.Path = rel(root, paths[k])
		kept = append(kept, f)
	}
	sort.SliceStable(kept, func(a, b int) bool {
		if kept[a].Date != kept[b].Date {
			return kept[a].Date.before(kept[b].Date)
		}
		return kept[a].Path < kept[b].Path
	})
	return kept, problems, nil
}

func readArchiveFile(fsys fs.FS, p string) (ArchiveFile, error) {
	r, err := fsys.Open(p)
	if err != nil {
		return ArchiveFile{}, err
	}
	defer r.Close()
	f, ws, err := Read(r)
	if err != nil {
		return ArchiveFile{}, err
	}
	af := ArchiveFile{File: f, Date: f.DateFrom, Warnings: ws}
	if af.Date.IsZero() {
		d, ok := DateOfName(path.Base(p))
		if !ok {
			return ArchiveFile{}, fmt.Errorf("no date: the %%%%Date: line is missing or unreadable and the name does not start with YYYYMMDD_")
		}
		af.Date, af.DateFromName = d, true
	}
	return af, nil
}

// DateOfName reads the date a WOF archive file's name starts with,
// "20250111_CZ_GPO1.ELO".
func DateOfName(name string) (Date, bool) {
	if len(name) < 8 {
		return Date{}, false
	}
	n, err := strconv.Atoi(name[:8])
	if err != nil || strings.ContainsAny(name[:8], "+-") {
		return Date{}, false
	}
	d := Date{Year: n / 10000, Month: n / 100 % 100, Day: n % 100}
	return d, d.valid()
}

func rel(root, p string) string {
	if root == "." || root == "" {
		return p
	}
	return strings.TrimPrefix(strings.TrimPrefix(p, root), "/")
}
