package wof

import (
	"bytes"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// splitText is how Read cut a file into lines before it read them one by
// one: the whole text decoded, line ends made "\n", split. lines must agree.
func splitText(data []byte) []string {
	s := string(data)
	if !utf8.Valid(data) {
		s = decodeLatin1(data)
	}
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// FuzzLines checks that the lines of a text, decoded one by one, are those
// of the text decoded whole, with every kind of line end.
func FuzzLines(f *testing.F) {
	for _, seed := range []string{"a\nb", "a\n", "\n", "a\r\r\nb\r", "\r\n\r\n", "é\r\nè", "\xe9t\xe9\n\xe8", "x", "a\n\nb\n\n"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		text := &text{data: data, utf8: utf8.Valid(data)}
		var got []string
		for n, line := range text.lines() {
			if n != len(got)+1 {
				t.Fatalf("line %d numbered %d", len(got)+1, n)
			}
			got = append(got, line)
		}
		if want := splitText(data); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("lines(%q) = %q, want %q", data, got, want)
		}
	})
}

// TestReadTextAllocatesOnce: a reader that tells its length is read into
// one buffer of that size, not one that grows by doubling.
func TestReadTextAllocatesOnce(t *testing.T) {
	data := []byte(strings.Repeat("%%Tournament: T\n", 1<<16)) // 1 MB
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := readText(bytes.NewReader(data), "test"); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > uint64(len(data))+64<<10 {
		t.Errorf("readText of a 1 MB reader with a length allocated %d bytes", got)
	}
}
