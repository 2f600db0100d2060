// Package country maps ISO 3166-1 alpha-2 country codes ("BE", "JP") to
// the alpha-3 codes ("BEL", "JPN") Outflank stores, as the federations'
// rating lists write countries in three letters.
//
// The package does no I/O and has no dependencies outside the standard
// library.
package country

import "strings"

// reserved maps the alpha-2 codes ISO 3166 reserves, exceptionally, for a
// country that has another code, and that people type for it: "UK" is
// reserved at the United Kingdom's request, whose code is GB.
var reserved = map[string]string{"UK": "GBR"}

// Alpha3 returns the alpha-3 code of the ISO 3166-1 alpha-2 code a2, in
// either case ("be" gives "BEL"), and whether a2 is an assigned code (or
// the reserved "UK").
func Alpha3(a2 string) (string, bool) {
	a2 = strings.ToUpper(a2)
	if a3, ok := alpha3[a2]; ok {
		return a3, true
	}
	a3, ok := reserved[a2]
	return a3, ok
}
