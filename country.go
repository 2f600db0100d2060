package outflank

import (
	"strings"

	"outflank/country"
)

// normalizeCountry returns the country code as stored: three capital
// letters. An ISO 3166-1 alpha-2 code ("BE", "gb") becomes its alpha-3 code
// ("BEL", "GBR"). Any three letters are kept as given, ISO 3166 or not: the
// federations and the WOF's rating files use codes of their own (URU, UAE,
// MAL, GER, NED, SUI), and refusing them would refuse their files. of names
// the player in messages.
func normalizeCountry(code, of string) (string, error) {
	c := strings.ToUpper(strings.TrimSpace(code))
	switch {
	case c == "":
		return "", nil
	case len(c) == 3 && isLetters(c):
		return c, nil
	case len(c) == 2 && isLetters(c):
		if a3, ok := country.Alpha3(c); ok {
			return a3, nil
		}
		return "", Errorf(EINVALID, "country %q of %s is not an ISO 3166 two-letter code: give the country's three-letter code, such as GBR or JPN", c, of)
	}
	return "", Errorf(EINVALID, "country %q of %s: give a three-letter code such as GBR or JPN, or a two-letter ISO code such as GB or JP", c, of)
}

// isLetters reports whether s is made of the capital letters A-Z only.
func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
