package names

import (
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"good name unchanged", "Tamaru, Hideshi", "Tamaru, Hideshi"},
		{"normalised like Normalize", "  Dubois,  Le\u0301a ", "Dubois, Léa"},
		{"escape sequence", "Evil\x1b[31mRed", "Evil[31mRed"},
		{"tab becomes a space", "SMITH,\tJohn", "SMITH, John"},
		{"newline becomes a space", "SMITH\nJohn", "SMITH John"},
		{"bidi override dropped", "Anna \u202egpj.exe\u202c", "Anna gpj.exe"},
		{"bytes not UTF-8 dropped", "L\xe9a", "La"},
		{"cut to the limit", strings.Repeat("ab", 60), strings.Repeat("ab", 50)},
		{"cut, trailing space trimmed", strings.Repeat("a", 99) + " bcd", strings.Repeat("a", 99)},
		{"nothing visible", "\x1b\u200b\u202e", ""},
		{"empty", "", ""},
	} {
		got := Clean(tc.in, MaxPerson)
		if got != tc.want {
			t.Errorf("%s: Clean(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		if again, err := Normalize(got, MaxPerson); err != nil || again != got {
			t.Errorf("%s: Clean(%q) = %q, which Normalize gives as %q, %v", tc.name, tc.in, got, again, err)
		}
	}
}
