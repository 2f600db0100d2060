package country

import (
	"regexp"
	"testing"

	"golang.org/x/text/language"
)

// TestISO3166 checks the table: 249 codes, each alpha-2 mapped to a distinct
// alpha-3, in agreement with the CLDR data of golang.org/x/text (an
// independent source), and no code CLDR counts as a country missing except
// the ones ISO 3166 does not assign.
func TestISO3166(t *testing.T) {
	if len(alpha3) != 249 {
		t.Errorf("%d codes, want the 249 officially assigned", len(alpha3))
	}
	two, three := regexp.MustCompile(`^[A-Z]{2}$`), regexp.MustCompile(`^[A-Z]{3}$`)
	seen := map[string]string{}
	for a2, a3 := range alpha3 {
		if !two.MatchString(a2) || !three.MatchString(a3) {
			t.Errorf("%q -> %q: not two and three capital letters", a2, a3)
		}
		if other, dup := seen[a3]; dup {
			t.Errorf("%s and %s both map to %s", a2, other, a3)
		}
		seen[a3] = a2
		r, err := language.ParseRegion(a2)
		if err != nil || r.ISO3() != a3 {
			t.Errorf("%s -> %s; CLDR says %s (%v)", a2, a3, r.ISO3(), err)
		}
	}
	// Codes CLDR treats as current countries that ISO 3166-1 does not
	// assign: the exceptionally reserved AC, CP, CQ, DG, EA, IC, TA and the
	// user-assigned XK (Kosovo); and codes deleted from ISO 3166-1 when
	// their country split or ended (AN, CS, FQ, NT, PC, SU, YU). CLDR's other
	// deleted codes canonicalise to a current one, or to none (ZZZ).
	notAssigned := map[string]bool{"AC": true, "CP": true, "CQ": true, "DG": true, "EA": true, "IC": true, "TA": true, "XK": true,
		"AN": true, "CS": true, "FQ": true, "NT": true, "PC": true, "SU": true, "YU": true}
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			code := string([]rune{a, b})
			r, err := language.ParseRegion(code)
			if err != nil || !r.IsCountry() || r.Canonicalize().String() != code || r.ISO3() == "ZZZ" || notAssigned[code] {
				continue
			}
			if _, ok := alpha3[code]; !ok {
				t.Errorf("CLDR knows the country %s (%s), which the table lacks", code, r.ISO3())
			}
		}
	}
}

func TestAlpha3(t *testing.T) {
	for in, want := range map[string]string{"BE": "BEL", "JP": "JPN", "gb": "GBR", "Nl": "NLD", "UK": "GBR", "US": "USA", "SS": "SSD", "CW": "CUW"} {
		if got, ok := Alpha3(in); !ok || got != want {
			t.Errorf("Alpha3(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "XX", "ZZ", "EU", "RI", "J", "JPN", "AN", "YU", "CS", "XK"} {
		if got, ok := Alpha3(in); ok {
			t.Errorf("Alpha3(%q) = %q; want no code", in, got)
		}
	}
}
