package outflank

import "testing"

// TestSlugOf: an address made of a name, as the console's form fills it.
func TestSlugOf(t *testing.T) {
	for name, want := range map[string]string{
		"Oadby Regional 2010":   "oadby-regional-2010",
		"  2019 Roma Open  ":    "2019-roma-open",
		"Coupe d'Île-de-France": "coupe-d-ile-de-france",
		"Østfold Åpen — Straße": "ostfold-apen-strasse",
		"WOC 2026: Final!":      "woc-2026-final",
		"Łódź Grand Prix":       "lodz-grand-prix",
		"日本大会":                  "",
		"Ünïcödé 日本 Cup":        "unicode-cup",
		"a-b--c":                "a-b-c",
		"":                      "",
		"The Very Long Name Of A Tournament That Goes On And On Beyond Sixty-Three": "the-very-long-name-of-a-tournament-that-goes-on-and-on-beyond",
	} {
		got := SlugOf(name)
		if got != want {
			t.Errorf("SlugOf(%q) = %q, want %q", name, got, want)
		}
		if got != "" && !slugPattern.MatchString(got) {
			t.Errorf("SlugOf(%q) = %q, not a slug", name, got)
		}
	}
}
