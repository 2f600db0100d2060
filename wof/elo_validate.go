package wof

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// maxNumber is the largest id, disc count or rating the format carries:
// numbers have at most 9 digits (see smallNumber).
const maxNumber = 999_999_999

// checkWritable returns an error naming the first value of f that Write
// cannot put in an .ELO file so that Read gives it back. Everything Read
// returns passes.
func checkWritable(f *File) error {
	for _, h := range []struct{ name, value string }{
		{"Tournament", f.Tournament}, {"Country", f.Country}, {"Sender", f.Sender},
		{"Creator", f.Creator}, {"CreationDate", f.CreationDate},
	} {
		if err := checkText("%%"+h.name, h.value, "\r\n"); err != nil {
			return err
		}
	}
	if !f.DateFrom.IsZero() && !f.DateFrom.valid() || !f.DateTo.IsZero() && !f.DateTo.valid() {
		return fmt.Errorf("wof: date %s - %s is not a day of the calendar", f.DateFrom, f.DateTo)
	}
	if f.DateFrom.IsZero() && !f.DateTo.IsZero() {
		return fmt.Errorf("wof: last day %s without a first day", f.DateTo)
	}
	for _, c := range f.Comments {
		text := strings.TrimSpace(c.Text)
		if err := checkText("comment", text, "\r\n"); err != nil {
			return err
		}
		if !isFreeComment(text) {
			return fmt.Errorf("wof: comment %q would not read back as a comment", text)
		}
	}
	for _, p := range f.Players {
		if err := checkPlayer(p); err != nil {
			return err
		}
	}
	for _, r := range f.Rounds {
		if r.Number < 0 || r.Number > maxNumber || r.Number != 0 && r.Label != "" {
			return fmt.Errorf("wof: round %d %q: a round has a number from 0 to %d or a label", r.Number, r.Label, maxNumber)
		}
		if r.Label != "" {
			if n, label, _ := roundMarker("Round: " + r.Label); n != 0 || label != r.Label {
				return fmt.Errorf("wof: round label %q would not read back the same", r.Label)
			}
		}
		for _, g := range r.Games {
			if err := checkGame(g); err != nil {
				return err
			}
		}
	}
	for _, g := range f.Added {
		if err := checkGame(g); err != nil {
			return err
		}
	}
	return nil
}

// checkPlayer checks the values of one player line.
func checkPlayer(p Player) error {
	what := fmt.Sprintf("player %d", p.ID)
	if p.ID < 0 || p.ID > maxNumber {
		return fmt.Errorf("wof: %s: the id must be from 0 to %d", what, maxNumber)
	}
	for _, s := range []string{p.Surname, p.Firstname, p.Country} {
		if err := checkText(what, s, ",%\r\n"); err != nil {
			return err
		}
	}
	if err := checkText(what+" comment", p.Comment, "\r\n"); err != nil {
		return err
	}
	for _, v := range []*float64{p.Score, p.Bonus} {
		if v == nil {
			continue
		}
		if s := formatDecimal(*v); math.IsNaN(*v) || *v < 0 || !readsBack(s, *v) {
			return fmt.Errorf("wof: %s: score %v cannot be written as up to 9 digits and 9 decimals", what, *v)
		}
	}
	for _, v := range []*int{p.Discs, p.DiscsAgainst} {
		if v != nil && (*v < 0 || *v > maxNumber) {
			return fmt.Errorf("wof: %s: disc count %d must be from 0 to %d", what, *v, maxNumber)
		}
	}
	if p.Rating != nil && (*p.Rating < -maxNumber || *p.Rating > maxNumber) {
		return fmt.Errorf("wof: %s: rating %d must be from %d to %d", what, *p.Rating, -maxNumber, maxNumber)
	}
	return nil
}

// readsBack reports whether the score s, as formatDecimal wrote it, reads
// back as v.
func readsBack(s string, v float64) bool {
	back, ok := parseDecimal(s)
	return ok && back == v
}

// checkGame checks the values of one game.
func checkGame(g Game) error {
	what := fmt.Sprintf("game %d-%d", g.First, g.Second)
	if g.First < 0 || g.First > maxNumber || g.Second < 0 || g.Second > maxNumber {
		return fmt.Errorf("wof: %s: ids must be from 0 to %d", what, maxNumber)
	}
	if g.Result != Win && g.Result != Loss && g.Result != Draw {
		return fmt.Errorf("wof: %s: result %q is not Win, Loss or Draw", what, rune(g.Result))
	}
	if g.FirstColor != ColorUnknown && g.FirstColor != Black && g.FirstColor != White {
		return fmt.Errorf("wof: %s: colour %q is not Black, White or ColorUnknown", what, rune(g.FirstColor))
	}
	if (g.FirstDiscs == nil) != (g.SecondDiscs == nil) {
		return fmt.Errorf("wof: %s: discs for one player only", what)
	}
	for _, d := range []*int{g.FirstDiscs, g.SecondDiscs} {
		if d != nil && (*d < 0 || *d > maxNumber) {
			return fmt.Errorf("wof: %s: discs %d must be from 0 to %d", what, *d, maxNumber)
		}
	}
	return checkText(what+" comment", g.Comment, "\r\n")
}

// checkText checks that s is valid UTF-8 without any of the characters in
// forbidden.
func checkText(what, s, forbidden string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("wof: %s: %q is not valid UTF-8", what, s)
	}
	if i := strings.IndexAny(s, forbidden); i >= 0 {
		return fmt.Errorf("wof: %s: %q holds %q, which the format cannot carry", what, s, s[i])
	}
	return nil
}
