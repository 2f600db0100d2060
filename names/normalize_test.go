package names

import (
	"errors"
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"plain", "Tamaru, Hideshi", "Tamaru, Hideshi"},
		{"trimmed and collapsed", "  Berg,   Anna \t", "Berg, Anna"},
		{"no-break and ideographic spaces collapse", "Berg,\u00a0\u3000Anna", "Berg, Anna"},
		{"edge newline trimmed", "Berg, Anna\n", "Berg, Anna"},
		{"NFC", "Dubois, Le\u0301a", "Dubois, L\u00e9a"},
		{"NFC Hangul", "\u1100\u1161", "\uac00"},
		{"direction marks dropped", "\u200f\u05db\u05d4\u05df, \u05de\u05e9\u05d4\u200e", "\u05db\u05d4\u05df, \u05de\u05e9\u05d4"},
		{"ZWNJ kept inside a Persian name", "\u0645\u06cc\u200c\u0631\u0627", "\u0645\u06cc\u200c\u0631\u0627"},
		{"emoji with ZWJ", "Team \U0001f469\u200d\U0001f4bb", "Team \U0001f469\u200d\U0001f4bb"},
		{"empty", "", ""},
		{"only spaces", " \t\u00a0 ", ""},
		{"exactly 100", strings.Repeat("é", 100), strings.Repeat("é", 100)},
		{"100 after NFC", strings.Repeat("e\u0301", 100), strings.Repeat("é", 100)},
	} {
		got, err := Normalize(tc.in, MaxPerson)
		if err != nil || got != tc.want {
			t.Errorf("%s: Normalize(%q) = %q, %v; want %q", tc.name, tc.in, got, err, tc.want)
		}
	}
}

func TestNormalizeRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"escape", "Evil\x1b[31mRed", "contains a control character (U+001B) — remove it"},
		{"NUL", "A\x00B", "contains a control character (U+0000)"},
		{"DEL", "A\x7fB", "contains a control character (U+007F)"},
		{"C1 CSI", "A\u009b31mB", "contains a control character (U+009B)"},
		{"inner tab", "Smith,\tJohn", "contains a tab (U+0009) — replace it with a space"},
		{"inner newline", "Smith\nJohn", "contains a line break (U+000A) — write the name on one line"},
		{"inner CR", "Smith\rJohn", "contains a line break (U+000D)"},
		{"NEL", "Smith\u0085John", "contains a line break (U+0085)"},
		{"line separator", "Smith\u2028John", "contains a line break (U+2028)"},
		{"RLO", "Anna \u202egpj.exe", "contains a bidirectional text control (U+202E)"},
		{"LRE", "\u202aAnna", "(U+202A)"},
		{"PDF", "Anna\u202c", "(U+202C)"},
		{"RLI", "\u2067Anna\u2069", "(U+2067)"},
		{"PDI", "Anna\u2069", "(U+2069)"},
		{"not UTF-8", "Dubois, L\xe9a", "contains bytes that are not UTF-8 text"},
		{"zero-width only", "\u200b\u200b", "has no visible character — type the name in letters"},
		{"BOM only", "\ufeff", "has no visible character"},
		{"direction marks only", "\u200e\u200f", "has no visible character"},
		{"Hangul fillers", "\u3164\u115f", "has no visible character"},
		{"combining mark only", "\u0301", "has no visible character"},
		{"tag characters", "\U000e0041\U000e0042", "has no visible character"},
		{"101 characters", strings.Repeat("a", 101), "is 101 characters long — shorten it to at most 100"},
	} {
		got, err := Normalize(tc.in, MaxPerson)
		var ne *Error
		if !errors.As(err, &ne) || !strings.Contains(ne.Reason(), tc.want) {
			t.Errorf("%s: Normalize(%q) = %q, %v; want an error with %q", tc.name, tc.in, got, err, tc.want)
			continue
		}
		if strings.ContainsAny(err.Error(), "\x00\x1b\x7f\u009b\t\n\r\u0085\u2028\u202a\u202c\u202e\u2067\u2069") {
			t.Errorf("%s: the error %q passes a control character on", tc.name, err)
		}
	}
}

func TestNormalizeTournamentLength(t *testing.T) {
	long := strings.Repeat("Open ", 40) // 199 after trimming
	if got, err := Normalize(long, MaxTournament); err != nil || len(got) != 199 {
		t.Errorf("a 199-character tournament name: %q, %v", got, err)
	}
	if _, err := Normalize(long+"xx", MaxTournament); err == nil {
		t.Errorf("a 201-character tournament name was accepted")
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"Berg, Anna":            `"Berg, Anna"`,
		"Dubois, Léa":           `"Dubois, Léa"`,
		"Evil\x1b[31m":          `"Evil\x1b[31m"`,
		"\u202egpj.exe":         `"\u202egpj.exe"`,
		"L\xe9a":                `"L\xe9a"`,
		strings.Repeat("a", 61): `"` + strings.Repeat("a", 57) + `..."`,
		strings.Repeat("a", 60): `"` + strings.Repeat("a", 60) + `"`,
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
	}
}
