package wof

import (
	"strconv"
	"strings"
)

// The numbers of the formats: ids, discs, round numbers, scores and
// ratings. All have at most 9 digits before any decimal point, so none can
// overflow, and a longer run of digits is not a number of the format.

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// smallNumber reads s, 1 to 9 ASCII digits, as a number. Longer numbers are
// not ids, discs or round numbers; refusing them also rules out overflow.
func smallNumber(s string) (int, bool) {
	if len(s) == 0 || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, false
		}
		n = 10*n + int(s[i]-'0')
	}
	return n, true
}

// parseScore reads a score: points like "4", "4.5", "7.0", optionally
// followed by "+bonus" ("5+2", "1.5+1").
func parseScore(s string) (score, bonus *float64, ok bool) {
	points, extra, hasBonus := strings.Cut(s, "+")
	v, ok := parseDecimal(points)
	if !ok {
		return nil, nil, false
	}
	if !hasBonus {
		return &v, nil, true
	}
	b, ok := parseDecimal(extra)
	if !ok {
		return nil, nil, false
	}
	return &v, &b, true
}

// parseDecimal reads up to 9 digits with an optional fraction of up to 9
// digits, "12" or "10.5".
func parseDecimal(s string) (float64, bool) {
	whole, frac, hasFrac := strings.Cut(s, ".")
	if _, ok := smallNumber(whole); !ok {
		return 0, false
	}
	if hasFrac {
		if _, ok := smallNumber(frac); !ok {
			return 0, false
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// halfPoints reports whether v is a multiple of 1/2.
func halfPoints(v float64) bool { return v*2 == float64(int64(v*2)) }

// parseDiscCount reads a disc count, "312", or discs for and against,
// "256-128".
func parseDiscCount(s string) (discs, against *int, ok bool) {
	a, b, pair := strings.Cut(s, "-")
	d, ok := smallNumber(a)
	if !ok {
		return nil, nil, false
	}
	if !pair {
		return &d, nil, true
	}
	e, ok := smallNumber(b)
	if !ok {
		return nil, nil, false
	}
	return &d, &e, true
}

// parseRating reads a rating, a whole number that may be negative (the WOF
// list has ratings below 0).
func parseRating(s string) (int, bool) {
	if neg := strings.HasPrefix(s, "-"); neg {
		v, ok := smallNumber(s[1:])
		return -v, ok
	}
	return smallNumber(s)
}
