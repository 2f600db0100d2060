package wof

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// realELONames returns the names of the real .ELO files, or skips.
func realELONames(tb testing.TB) []string {
	tb.Helper()
	dir := shareddata.Dir(tb, "elo")
	paths, err := filepath.Glob(filepath.Join(dir, "*.ELO"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(paths) != 28 {
		tb.Fatalf("%d .ELO files in %s, want the 28 of the README", len(paths), dir)
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	return names
}

// readRealELO reads a real .ELO file by name and returns its bytes, the
// File and the warnings; it fails the test on an error.
func readRealELO(tb testing.TB, name string) ([]byte, *File, []Warning) {
	tb.Helper()
	data, err := os.ReadFile(shareddata.File(tb, "elo", name))
	if err != nil {
		tb.Fatal(err)
	}
	f, ws, err := Read(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return data, f, ws
}

// readString reads an .ELO file from text and fails the test on an error.
func readString(tb testing.TB, text string) (*File, []Warning) {
	tb.Helper()
	f, ws, err := Read(strings.NewReader(text))
	if err != nil {
		tb.Fatalf("Read: %v\n%s", err, text)
	}
	return f, ws
}

// writeString writes f and fails the test on an error.
func writeString(tb testing.TB, f *File) string {
	tb.Helper()
	var b bytes.Buffer
	if err := Write(&b, f); err != nil {
		tb.Fatalf("Write: %v", err)
	}
	return b.String()
}

// withoutLines returns a copy of f with every line number 0 and every
// empty slice nil: the File that a round trip must give back.
func withoutLines(f *File) *File {
	g := *f
	g.Comments = nil
	for _, c := range f.Comments {
		c.Line = 0
		g.Comments = append(g.Comments, c)
	}
	g.Players = nil
	for _, p := range f.Players {
		p.Line = 0
		g.Players = append(g.Players, p)
	}
	g.Rounds = nil
	for _, r := range f.Rounds {
		r.Line = 0
		r.Games = gamesWithoutLines(r.Games)
		g.Rounds = append(g.Rounds, r)
	}
	g.Added = gamesWithoutLines(f.Added)
	return &g
}

func gamesWithoutLines(games []Game) []Game {
	var out []Game
	for _, g := range games {
		g.Line = 0
		out = append(out, g)
	}
	return out
}

// sameFile reports where a and b differ, line numbers aside, or "".
func sameFile(a, b *File) string {
	a, b = withoutLines(a), withoutLines(b)
	if reflect.DeepEqual(a, b) {
		return ""
	}
	if !reflect.DeepEqual(a.Players, b.Players) {
		if len(a.Players) != len(b.Players) {
			return fmt.Sprintf("%d players / %d", len(a.Players), len(b.Players))
		}
		for i := range a.Players {
			if !reflect.DeepEqual(a.Players[i], b.Players[i]) {
				return fmt.Sprintf("player %d: %s / %s", i, playerString(a.Players[i]), playerString(b.Players[i]))
			}
		}
	}
	if !reflect.DeepEqual(a.Rounds, b.Rounds) {
		if len(a.Rounds) != len(b.Rounds) {
			return fmt.Sprintf("%d rounds / %d", len(a.Rounds), len(b.Rounds))
		}
		for i := range a.Rounds {
			if !reflect.DeepEqual(a.Rounds[i], b.Rounds[i]) {
				return fmt.Sprintf("round %d: %d %q %d games / %d %q %d games", i,
					a.Rounds[i].Number, a.Rounds[i].Label, len(a.Rounds[i].Games),
					b.Rounds[i].Number, b.Rounds[i].Label, len(b.Rounds[i].Games))
			}
		}
	}
	if !reflect.DeepEqual(a.Added, b.Added) {
		return fmt.Sprintf("%d added games / %d, or their values", len(a.Added), len(b.Added))
	}
	if !reflect.DeepEqual(a.Comments, b.Comments) {
		return fmt.Sprintf("comments %+v / %+v", a.Comments, b.Comments)
	}
	a.Players, a.Rounds, a.Added, a.Comments = nil, nil, nil, nil
	b.Players, b.Rounds, b.Added, b.Comments = nil, nil, nil, nil
	return fmt.Sprintf("headers %+v / %+v", *a, *b)
}

// playerString shows a Player with the values of its pointers.
func playerString(p Player) string {
	f := func(v *float64) string {
		if v == nil {
			return "nil"
		}
		return fmt.Sprint(*v)
	}
	i := func(v *int) string {
		if v == nil {
			return "nil"
		}
		return fmt.Sprint(*v)
	}
	return fmt.Sprintf("{%d new=%v %q %q %q score=%s+%s discs=%s-%s rating=%s %q}", p.ID, p.New,
		p.Surname, p.Firstname, p.Country, f(p.Score), f(p.Bonus), i(p.Discs), i(p.DiscsAgainst), i(p.Rating), p.Comment)
}

// ip and fp make the pointers of optional fields.
func ip(v int) *int         { return &v }
func fp(v float64) *float64 { return &v }
