package sqlite

import (
	"database/sql"
	"errors"
	"strings"
	"testing"
)

// charPacked has SQLite's char() pack values, as the packed queries do.
func charPacked(tb testing.TB, raw *sql.DB, values ...any) string {
	tb.Helper()
	var s string
	query := "SELECT char(" + strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ") + ")"
	if err := raw.QueryRow(query, values...).Scan(&s); err != nil {
		tb.Fatal(err)
	}
	return s
}

func openMemory(tb testing.TB) *sql.DB {
	tb.Helper()
	raw, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { raw.Close() })
	return raw
}

// TestPackedReadsChar reads back the numbers char() packs, at the edges of
// each length of its encoding and at the surrogates UTF-8 forbids, and
// refuses those char() cannot write (U+FFFD).
func TestPackedReadsChar(t *testing.T) {
	raw := openMemory(t)
	values := []int{0, 1, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0xFFFC, 0xFFFE, 0xFFFF, 0x10000, 0x10FFFF}
	args := make([]any, len(values))
	for i, v := range values {
		args[i] = v
	}
	p := &packed{s: charPacked(t, raw, args...)}
	for _, want := range values {
		if got := p.int(); got != want {
			t.Errorf("read %#x, want %#x", got, want)
		}
	}
	if p.err != nil || p.more() {
		t.Errorf("error %v, %d bytes left", p.err, len(p.s))
	}
	if p := (&packed{s: charPacked(t, raw, nil)}); p.int() != 0 || p.err != nil {
		t.Errorf("NULL reads as %v", p.err)
	}
	for _, bad := range []any{-1, 0x110000, 0xFFFD, int64(1) << 40, 1.5e300} {
		p := &packed{s: charPacked(t, raw, bad)}
		if p.int(); !errors.Is(p.err, errUnpacked) {
			t.Errorf("%v read without an error", bad)
		}
	}
	for _, broken := range []string{"", "\x80", "\xc3", "\xe2\x82", "\xf0\x90\x80", "\xf8\x80\x80\x80\x80", "\xc0\x80", "\xe0\x80\x80", "\xf4\x90\x80\x80", "\xc3\x28"} {
		p := &packed{s: broken}
		if p.int(); !errors.Is(p.err, errUnpacked) {
			t.Errorf("%q read without an error", broken)
		}
	}
	p = &packed{s: "\x03ab"}
	if n := p.int(); p.text(n) != "" || !errors.Is(p.err, errUnpacked) {
		t.Errorf("a text longer than what is left read without an error")
	}
}

// FuzzPackedChar packs any three numbers with char() and reads them back:
// the same numbers, or an error for one char() cannot write.
func FuzzPackedChar(f *testing.F) {
	raw := openMemory(f)
	f.Add(int64(0), int64(0x7FF), int64(0x10FFFF))
	f.Add(int64(-1), int64(0xFFFD), int64(0x110000))
	f.Fuzz(func(t *testing.T, a, b, c int64) {
		p := &packed{s: charPacked(t, raw, a, b, c)}
		for _, want := range []int64{a, b, c} {
			got := p.int()
			if want < 0 || want > 0x10FFFF || want == replacement {
				if !errors.Is(p.err, errUnpacked) {
					t.Fatalf("%#x read as %#x without an error", want, got)
				}
				return
			}
			if int64(got) != want || p.err != nil {
				t.Fatalf("%#x read as %#x (%v)", want, got, p.err)
			}
		}
		if p.more() {
			t.Fatalf("%d bytes left", len(p.s))
		}
	})
}

// FuzzUnpack reads any text as packed players and games: an error or the
// count asked for, never a panic.
func FuzzUnpack(f *testing.F) {
	raw := openMemory(f)
	f.Add(charPacked(f, raw, 1, 2, 3, 41, 1, 2, 4, 5, 0, 1), uint16(2))
	f.Add(charPacked(f, raw, 1, 0, 0, 131072+1500, 0, 1, 3, 1, 4, 3, 1, 0, 0, 0, 0, 0, 0)+"Ann"+"GBR"+"f"+"Team", uint16(1))
	f.Add("\xf4\x8f\xbf\xbf\x00\x01", uint16(1))
	f.Fuzz(func(t *testing.T, s string, count uint16) {
		if games, err := unpackGames(s, int(count)); err == nil && len(games) != int(count) {
			t.Fatalf("%d games read, %d asked", len(games), count)
		} else if err != nil && !errors.Is(err, errUnpacked) {
			t.Fatalf("error %v", err)
		}
		if players, versions, err := unpackPlayers(s, int(count)); err == nil && (len(players) != int(count) || len(versions) != int(count)) {
			t.Fatalf("%d players and %d versions read, %d asked", len(players), len(versions), count)
		}
	})
}
