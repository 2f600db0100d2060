package names

import (
	"strings"
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{"Tamaru, Hideshi", "  Berg,\u00a0 Anna ", "Evil\x1b[31m", "Anna \u202egpj.exe", "L\xe9a", "\u200b", "e\u0301\u0327",
	"\u200f\u05db\u05d4\u05df", "a\u2028b", "\u1100\u1161\u11a8", strings.Repeat("é", 101), "\U000e0041", "\xff\xfe"}

// FuzzNormalize: a name Normalize accepts is stored normalised, within the
// limit, with something visible and nothing Normalize refuses, and
// normalising it again changes nothing.
func FuzzNormalize(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := Normalize(in, MaxPerson)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\x1b\r\n\u202e\u009b") {
				t.Fatalf("the error %q passes a control character on", err)
			}
			return
		}
		checkStored(t, in, got)
	})
}

// FuzzClean: Clean always gives "" or a name Normalize accepts unchanged.
func FuzzClean(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got := Clean(in, MaxPerson)
		if got == "" {
			return
		}
		checkStored(t, in, got)
	})
}

func checkStored(t *testing.T, in, got string) {
	t.Helper()
	if got == "" {
		if strings.TrimFunc(in, isSpace) != "" {
			t.Fatalf("%q normalised to nothing", in)
		}
		return
	}
	if !utf8.ValidString(got) || utf8.RuneCountInString(got) > MaxPerson || got != strings.TrimSpace(got) || strings.Contains(got, "  ") {
		t.Fatalf("%q gave %q", in, got)
	}
	for _, r := range got {
		if problem, _ := forbidden(r); problem != "" || isDirectionMark(r) {
			t.Fatalf("%q gave %q, which %s", in, got, problem)
		}
	}
	if again, err := Normalize(got, MaxPerson); err != nil || again != got {
		t.Fatalf("%q gave %q, which normalises to %q, %v", in, got, again, err)
	}
}
