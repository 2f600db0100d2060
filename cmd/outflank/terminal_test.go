package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"outflank"
	"outflank/rules"
	"outflank/sqlite"
)

// escaped runs in through a terminalWriter in one Write.
func escaped(in string) string {
	var b bytes.Buffer
	w := newTerminalWriter(&b)
	_, _ = w.Write([]byte(in))
	w.Flush()
	return b.String()
}

func TestTerminalWriter(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain text\n\twith tab\n", "plain text\n\twith tab\n"},
		{"Dubois, Léa 東京 \U0001f600", "Dubois, Léa 東京 \U0001f600"},
		{"red \x1b[31mRED\x1b[0m", `red \u001b[31mRED\u001b[0m`},
		{"title \x1b]0;pwned\x07", `title \u001b]0;pwned\u0007`},
		{"over\rwrite", `over\u000dwrite`},
		{"\x00\x08\x0b\x0c\x1f\x7f", `\u0000\u0008\u000b\u000c\u001f\u007f`},
		{"C1 \u0085\u009b31m", `C1 \u0085\u009b31m`},
		{"bidi \u202egpj.exe\u202c \u2066x\u2069 \u200e\u200f\u061c", `bidi \u202egpj.exe\u202c \u2066x\u2069 \u200e\u200f\u061c`},
		{"not UTF-8 \xff\xfe L\xe9a", `not UTF-8 \xff\xfe L\xe9a`},
		{"cut \xe6\x9d", `cut \xe6\x9d`},
		{"zero width joiner kept \u200d, NBSP kept \u00a0", "zero width joiner kept \u200d, NBSP kept \u00a0"},
	} {
		if got := escaped(tc.in); got != tc.want {
			t.Errorf("%q escaped to %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTerminalWriterSplitWrites: a character split between Writes, at any
// byte, comes out as if written at once.
func TestTerminalWriterSplitWrites(t *testing.T) {
	in := "Léa 東京\u202e\U0001f600\x1b\xff end"
	want := escaped(in)
	for i := 0; i <= len(in); i++ {
		for j := i; j <= len(in); j++ {
			var b bytes.Buffer
			w := newTerminalWriter(&b)
			for _, part := range []string{in[:i], in[i:j], in[j:]} {
				if n, err := w.Write([]byte(part)); n != len(part) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", part, n, err)
				}
			}
			w.Flush()
			if b.String() != want {
				t.Errorf("written as %q, %q, %q: %q, want %q", in[:i], in[i:j], in[j:], b.String(), want)
			}
		}
	}
}

// TestTerminalWriterKeepsJSON: JSON passed through stays valid JSON with
// the same strings, though encoding/json leaves DEL and U+202E as they are.
func TestTerminalWriterKeepsJSON(t *testing.T) {
	in := []string{"Evil\x1b[31m", "del\x7f", "rlo\u202egpj.exe", "c1\u0085\u009b", "lrm\u200e", "quote\" back\\slash", "Léa"}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	out := escaped(string(data))
	var back []string
	if err := json.Unmarshal([]byte(out), &back); err != nil {
		t.Fatalf("%s is no longer JSON: %v", out, err)
	}
	if strings.Join(back, "|") != strings.Join(in, "|") {
		t.Errorf("JSON read back as %q, want %q", back, in)
	}
}

// FuzzTerminalWriter: whatever is written, in two Writes split anywhere,
// comes out as valid UTF-8 holding no character that steers a terminal,
// and the same as written at once.
func FuzzTerminalWriter(f *testing.F) {
	for _, s := range []string{"plain\n", "\x1b[2J", "\u202e\xff", "東京\U0001f600", "\xe6\x9d"} {
		f.Add(s, uint(1))
	}
	f.Fuzz(func(t *testing.T, in string, at uint) {
		split := int(at % uint(len(in)+1))
		var b bytes.Buffer
		w := newTerminalWriter(&b)
		_, _ = w.Write([]byte(in[:split]))
		_, _ = w.Write([]byte(in[split:]))
		w.Flush()
		out := b.String()
		if !utf8.ValidString(out) {
			t.Fatalf("%q gave %q, not UTF-8", in, out)
		}
		for _, r := range out {
			if r != '\n' && r != '\t' && (r < 0x20 || r == 0x7f) || r >= 0x80 && steers(r) {
				t.Fatalf("%q gave %q, which holds %U", in, out, r)
			}
		}
		if want := escaped(in); out != want {
			t.Fatalf("%q split at %d gave %q, at once %q", in, split, out, want)
		}
	})
}

// legacyDB stores, straight through the store as a database from before
// the name rules would hold them, a tournament whose name and players'
// names carry terminal escapes and a bidi override.
func legacyDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "legacy.db")
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tour, err := outflank.NewTournament("legacy", "Legacy Open", "2020-01-01", rules.Custom, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Red", "Anna", "Bob", "Carl"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: name, Country: "GBR"}); err != nil {
			t.Fatal(err)
		}
	}
	tour.Name = "Legacy\x1b]0;pwned\x07 Open"
	tour.Players[0].Name = "Evil\x1b[31m\x1b[2J, Red"
	tour.Players[1].Name = "Anna \u202egpj.exe\x7f"
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Create(ctx, tour, outflank.KindImport, "imported "+tour.Name); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestOutputEscapesStoredNames: names stored before the name rules never
// reach the terminal raw, in any command's output, text or JSON; but export
// to a file or a pipe keeps the stored bytes exactly.
func TestOutputEscapesStoredNames(t *testing.T) {
	d := &tdb{t: t, path: legacyDB(t)}
	raw := "\x1b\x07\x7f\u202e"
	for _, args := range [][]string{
		{"list"}, {"standings", "legacy"}, {"standings", "legacy", "--json"}, {"crosstable", "legacy"},
		{"status", "legacy"}, {"log", "legacy"}, {"log", "legacy", "--json"}, {"pair", "legacy", "--explain"},
		{"result", "legacy", "1", "1", "40-24"}, {"export", "legacy", "--format", "elo"},
	} {
		code, stdout, stderr := runMain(t, "", append([]string{"--db", d.path}, args...)...)
		if strings.ContainsAny(stdout+stderr, raw) {
			t.Errorf("outflank %q (exit %d) printed a control character:\n%q\n%q", args, code, stdout, stderr)
		}
		if strings.HasSuffix(args[len(args)-1], "json") && !json.Valid([]byte(stdout)) {
			t.Errorf("outflank %q: not JSON: %s", args, stdout)
		}
	}
	out := d.ok("standings", "legacy")
	if !strings.Contains(out, `Evil\u001b[31m\u001b[2J, Red`) || !strings.Contains(out, `Anna \u202egpj.exe\u007f`) {
		t.Errorf("standings show the names as:\n%s", out)
	}
	// export to a pipe or a file: the bytes of the stored names, exactly.
	var file struct {
		Name    string `json:"name"`
		Players []struct {
			Name string `json:"name"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(d.ok("export", "legacy")), &file); err != nil {
		t.Fatal(err)
	}
	if file.Name != "Legacy\x1b]0;pwned\x07 Open" || file.Players[1].Name != "Anna \u202egpj.exe\x7f" {
		t.Errorf("export changed the stored names: %q %q", file.Name, file.Players[1].Name)
	}
	if csv := d.ok("export", "legacy", "--format", "csv"); !strings.Contains(csv, "Anna \u202egpj.exe\x7f") {
		t.Errorf("export --format csv changed the stored names:\n%q", csv)
	}
}

// TestMessagesEscapeArguments: what the user typed comes back in messages
// escaped, such as a path to export to.
func TestMessagesEscapeArguments(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "base", "--name", "Base", "--rules", "woc")
	path := filepath.Join(t.TempDir(), "missing\x1b[2J\u202e", "out.json")
	code, _, stderr := runMain(t, "", "--db", d.path, "export", "base", "-o", path)
	if code != 1 || strings.ContainsAny(stderr, "\x1b\u202e") || !strings.Contains(stderr, `missing\u001b[2J\u202e`) {
		t.Errorf("export -o %q: exit %d, %q", path, code, stderr)
	}
	if _, err := os.Stat(filepath.Dir(path)); !os.IsNotExist(err) {
		t.Errorf("export created %s", filepath.Dir(path))
	}
}
