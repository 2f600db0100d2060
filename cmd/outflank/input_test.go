package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"outflank/internal/bigfile"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"64MB", 64 << 20}, {"512KB", 512 << 10}, {"2GB", 2 << 30}, {"1048576", 1 << 20}, {"16 MiB", 16 << 20},
		{"1g", 1 << 30}, {"3k", 3 << 10}, {"100B", 100}, {" 8mb ", 8 << 20},
	} {
		if got, err := parseSize(tc.in); err != nil || got != tc.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "0", "-1", "1XB", "MB", "1.5MB", "99999999999GB", "12 34"} {
		if got, err := parseSize(bad); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", bad, got)
		}
	}
	for _, tc := range []struct {
		n    int64
		want string
	}{{16 << 20, "16 MB"}, {2 << 30, "2 GB"}, {3 << 10, "3 KB"}, {1536, "1536 bytes"}, {1000, "1000 bytes"}} {
		if got := formatSize(tc.n); got != tc.want {
			t.Errorf("formatSize(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// sparseFile makes a file of size bytes that takes no room on disk,
// starting with head.
func sparseFile(t *testing.T, name, head string, size int64) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, size); err != nil {
		t.Skipf("cannot make a sparse file: %v", err)
	}
	return path
}

// TestFilesOverTheLimit feeds every command that reads a file one over its
// size limit: each fails with exit 1, names the file, the limit and
// --max-size, and leaves the database exactly as it was.
func TestFilesOverTheLimit(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "base", "--name", "Base", "--rules", "woc", "--rounds", "5")
	d.ok("player", "import", "base", writeFile(t, "p.csv", tenPlayers))
	exported, log, list := d.ok("export", "base"), d.ok("log", "base"), d.ok("list")

	players := writeFile(t, "players.csv", string(bigfile.PlayersCSV(100))) // about 6 KB
	elo := writeFile(t, "big.ELO", string(bigfile.ELO(1000)))               // about 40 KB
	db := writeFile(t, "joueurs.txt", "pays = FRA\n1 A, B\n2 C, D\n")
	wtb := filepath.Join("..", "..", "othello", "wthor", "testdata", "WTH_1977.wtb")
	for _, tc := range []struct {
		name string
		want string
		args []string
	}{
		{"players CSV", "players.csv is larger than the limit of 1 KB (--max-size)", []string{"player", "import", "base", players, "--max-size", "1KB"}},
		{"players CSV, default limit", "huge.csv is larger than the limit of 16 MB (--max-size): if it is the right file, raise the limit (e.g. --max-size 17MB)",
			[]string{"player", "import", "base", sparseFile(t, "huge.csv", "name\n", 16<<20+1)}},
		{".ELO file", "big.ELO is larger than the limit of 2 KB (--max-size)", []string{"import", elo, "--max-size", "2KB"}},
		{".ELO file, default limit", "huge.ELO is larger than the limit of 16 MB (--max-size)", []string{"import", sparseFile(t, "huge.ELO", "%%Tournament: T\n", 17<<20)}},
		{".ELO file beyond what wof reads", "huge.ELO is larger than 32 MB, the largest .ELO file Outflank reads (--max-size cannot raise it)",
			[]string{"import", sparseFile(t, "huge.ELO", "%%Tournament: T\n", 33<<20), "--max-size", "1GB"}},
		{"tournament file", "base.json is larger than the limit of 1 KB (--max-size)", []string{"import", writeFile(t, "base.json", exported), "--slug", "copy", "--max-size", "1KB"}},
		{"tournament file, default limit", "huge.json is larger than the limit of 64 MB (--max-size)", []string{"import", sparseFile(t, "huge.json", "{", 65<<20)}},
		{"player database of player import", "joueurs.txt is larger than the limit of 20 bytes (--max-size)",
			[]string{"player", "import", "base", writeFile(t, "ids.csv", "wof_id\n1\n"), "--players-db", db, "--max-size", "20"}},
		{"player database of player add", "joueurs.txt is larger than the limit of 10 bytes (--max-size)",
			[]string{"player", "add", "base", "--wof-id", "1", "--players-db", db, "--max-size", "10"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d.fail(1, tc.want, tc.args...)
		})
	}
	if got := d.ok("export", "base"); got != exported {
		t.Error("a refused file changed the tournament")
	}
	if d.ok("log", "base") != log || d.ok("list") != list {
		t.Error("a refused file changed the log or the list of tournaments")
	}
	d.fail(1, "WTH_1977.wtb is larger than the limit of 100 bytes (--max-size)", "game", "wthor", wtb, "--max-size", "100")
	d.fail(2, `invalid value "lots" for flag -max-size: write a size such as 64MB`, "import", elo, "--max-size", "lots")
	d.ok("import", elo, "--max-size", "64KB") // within the limit
}

// TestHugeFileIsNotRead: a 1 GB file over the limit fails from its size,
// before anything but its first bytes is read.
func TestHugeFileIsNotRead(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "base", "--name", "Base", "--rules", "woc")
	elo := sparseFile(t, "huge.ELO", "", 1<<30)
	csv := sparseFile(t, "huge.csv", "", 1<<30)
	for _, args := range [][]string{{"import", elo}, {"player", "import", "base", csv}} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		d.fail(1, "is larger than the limit of 16 MB (--max-size): if it is the right file, raise the limit (e.g. --max-size 1GB)", args...)
		runtime.ReadMemStats(&after)
		if read := after.TotalAlloc - before.TotalAlloc; read > 1<<20 {
			t.Errorf("outflank %s allocated %d bytes for a file it refuses", strings.Join(args, " "), read)
		}
	}
}

// TestAuditSummaryNamesTheFileOnly: the audit log never holds where a file
// was on the director's machine.
func TestAuditSummaryNamesTheFileOnly(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "base", "--name", "Base", "--rules", "woc")
	csv := writeFile(t, "players.csv", tenPlayers)
	elo := writeFile(t, "open.ELO", string(bigfile.ELO(100)))
	d.ok("player", "import", "base", csv)
	d.ok("import", elo)
	for slug, want := range map[string]string{"base": "imported 10 players from players.csv", "open": "imported Big Online Open from open.ELO: "} {
		log := d.ok("log", slug)
		if !strings.Contains(log, want) || strings.Contains(log, filepath.Dir(csv)) || strings.Contains(log, filepath.Dir(elo)) {
			t.Errorf("log of %s:\n%s\nwant %q and no folder", slug, log, want)
		}
	}
}

// FuzzParseSize: parseSize never panics, accepts only positive sizes, and
// reads back what formatSize writes.
func FuzzParseSize(f *testing.F) {
	for _, seed := range []string{"64MB", "512 KiB", "2g", "1048576", "1", "100 bytes", "0", "-1", "1XB", "99999999999GB", "１MB"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := parseSize(s)
		if err != nil {
			return
		}
		if n <= 0 {
			t.Fatalf("parseSize(%q) = %d", s, n)
		}
		if back, err := parseSize(formatSize(n)); err != nil || back != n {
			t.Fatalf("parseSize(formatSize(%d) = %q) = %d, %v", n, formatSize(n), back, err)
		}
	})
}

// FuzzStartsJSON: looking at the first bytes only tells a tournament file
// as reading the whole file did, for any file without 64 KB of leading
// white space.
func FuzzStartsJSON(f *testing.F) {
	for _, seed := range []string{"{}", "\xef\xbb\xbf {", " \n\t{", "%%Tournament: T", "\u00a0{", "\u2028{", "", "\xe2\x80", strings.Repeat(" ", 600) + "{"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		whole := bytes.HasPrefix(bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))), []byte("{"))
		peek := func(n int) []byte { return data[:min(n, len(data))] }
		if got := startsJSON(peek); got != whole {
			t.Fatalf("startsJSON(%q) = %v, want %v", data, got, whole)
		}
	})
}
