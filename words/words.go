// Package words says counts in English, in the singular or the plural as
// the number asks: "1 point", "0.5 points", "1 bye", "2 matches", "the 1
// player on 3 points is alone". Every view says its counts through it (the
// command line, the reports, the web site and the console), so that none
// writes "1 byes" or "1 points" (issue 24). It is pure: it imports
// nothing of Outflank's.
package words

import (
	"strconv"
	"strings"
)

// Count says n of noun, noun in the singular: Count(1, "game") is "1
// game", Count(0, "game") "0 games", Count(3, "match") "3 matches".
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}

// Noun is noun, given in the singular, in the number n asks: the
// singular for 1, the plural for any other number (0 included, as
// English has it).
func Noun(n int, noun string) string {
	if n == 1 || n == -1 {
		return noun
	}
	return Plural(noun)
}

// Verb is one for a single subject, many for any other number: Verb(n,
// "is", "are"), Verb(n, "has", "have").
func Verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// irregular are the plurals the rules below do not make.
var irregular = map[string]string{
	"person": "people",
	"child":  "children",
	"this":   "these",
	"that":   "those",
	"is":     "are",
	"has":    "have",
	"was":    "were",
}

// Plural is the plural of noun: "game" "games", "match" "matches",
// "entry" "entries", "day" "days". A noun of several words has its last
// word made plural ("time slot" "time slots").
func Plural(noun string) string {
	head, last := "", noun
	if i := strings.LastIndexByte(noun, ' '); i >= 0 {
		head, last = noun[:i+1], noun[i+1:]
	}
	if p, ok := irregular[last]; ok {
		return head + p
	}
	switch {
	case last == "":
		return noun
	case strings.HasSuffix(last, "s"), strings.HasSuffix(last, "x"), strings.HasSuffix(last, "z"),
		strings.HasSuffix(last, "ch"), strings.HasSuffix(last, "sh"):
		return head + last + "es"
	case strings.HasSuffix(last, "y") && len(last) > 1 && !strings.ContainsRune("aeiou", rune(last[len(last)-2])):
		return head + last[:len(last)-1] + "ies"
	}
	return head + last + "s"
}

// Points says a score in points, with no trailing zero: "1 point", "0
// points", "0.5 points", "6.5 points", "12.25 points".
func Points(x float64) string {
	text := Number(x)
	if text == "1" {
		return "1 point"
	}
	return text + " points"
}

// Number prints a score or a share without trailing zeros, to two
// decimals at most: 6, 6.5, 812.25.
func Number(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// Times says how often: "once", "twice", "3 times".
func Times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return Count(n, "time")
}
