package wof

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Write writes f as an .ELO file in canonical form: the header lines, the
// player lines under a column heading, each round after its "%Round: N"
// marker (the unnumbered first round without one), then "%%Added results"
// and its games when there are any. Each free comment goes back before the
// line it preceded in the file read (see flushBefore). Columns are aligned as PAPP aligns them:
//
//	%%Tournament: EGP Milan
//	%%Country: Italy
//	%%Date: 11/01/1992 - 12/01/1992
//	%%Sender: Emmanuel Lazard
//
//	%      ID, NAME, Firstname, COUNTRY, score, disc-count, rating
//	%_%     300, TAMENORI, Hideshi, J, 12, 545
//
//	%Round: 1
//	   657 (62)>(02)    804 B
//
// Names and header values are trimmed. The text is Latin-1 when it fits,
// else UTF-8 (see encodeText). Write refuses, before writing anything, a
// File whose values the format cannot carry: a comma or "%" in a name, a
// line break anywhere, a negative id, one player's discs without the
// other's, a comment that would read back as a round marker.
func Write(w io.Writer, f *File) error {
	if f == nil {
		return errors.New("wof: Write of a nil File")
	}
	if err := checkWritable(f); err != nil {
		return err
	}
	ew := &eloWriter{comments: f.Comments}
	b := &ew.b
	header := func(key, value string) {
		b.WriteString("%%" + key + ": " + strings.TrimSpace(value) + "\n")
	}
	header("Tournament", f.Tournament)
	header("Country", f.Country)
	date := f.DateFrom.String()
	if !f.DateTo.IsZero() {
		date += " - " + f.DateTo.String()
	}
	header("Date", date)
	header("Sender", f.Sender)
	if f.Creator != "" {
		header("Creator", f.Creator)
	}
	if f.CreationDate != "" {
		header("CreationDate", f.CreationDate)
	}
	if len(f.Players) > 0 {
		b.WriteString("\n")
		ew.flushBefore(f.Players[0].Line)
		b.WriteString("%      ID, NAME, Firstname, COUNTRY, score, disc-count, rating\n")
		for _, p := range f.Players {
			ew.flushBefore(p.Line)
			writePlayer(b, p)
		}
	}
	for i, r := range f.Rounds {
		b.WriteString("\n")
		if i > 0 || r.Number != 0 || r.Label != "" || len(r.Games) == 0 {
			ew.flushBefore(r.Line)
			label := r.Label
			if label == "" {
				label = strconv.Itoa(r.Number)
			}
			b.WriteString("%Round: " + label + "\n")
		}
		for _, g := range r.Games {
			ew.flushBefore(g.Line)
			writeGame(b, g)
		}
	}
	if len(f.Added) > 0 {
		b.WriteString("\n")
		ew.flushBefore(f.Added[0].Line)
		b.WriteString("%%Added results\n")
		for _, g := range f.Added {
			ew.flushBefore(g.Line)
			writeGame(b, g)
		}
	}
	if len(ew.comments) > 0 {
		b.WriteString("\n")
		ew.flushBefore(-1)
	}
	if _, err := w.Write(encodeText(b.String())); err != nil {
		return fmt.Errorf("wof: writing the .ELO file: %w", err)
	}
	return nil
}

// eloWriter holds the text Write builds and the comments still to write.
type eloWriter struct {
	b        strings.Builder
	comments []Comment
}

// flushBefore writes, in list order, the comments that go before a line
// read at line: those from an earlier line, and those built by hand (Line
// 0), which need not wait; the first comment that must wait holds back the
// ones after it. A line of 0 (a value built by hand) takes only comments
// built by hand, and -1 takes them all. So each comment of a file read comes
// back just before the line it preceded, in Write's order of lines; one
// between the last round and the first added game goes before "%%Added
// results".
func (ew *eloWriter) flushBefore(line int) {
	for len(ew.comments) > 0 {
		c := ew.comments[0]
		if c.Line != 0 && line >= 0 && (line == 0 || c.Line >= line) {
			return
		}
		ew.b.WriteString("% " + strings.TrimSpace(c.Text) + "\n")
		ew.comments = ew.comments[1:]
	}
}

// writePlayer writes p's player line. Empty fields at the end are left out
// with their commas; a Bonus without a Score and DiscsAgainst without Discs
// are not written.
func writePlayer(b *strings.Builder, p Player) {
	mark := " "
	if p.New {
		mark = "+"
	}
	fields := []string{
		fmt.Sprintf("%%_%% %s%6d", mark, p.ID),
		strings.TrimSpace(p.Surname), strings.TrimSpace(p.Firstname), strings.TrimSpace(p.Country),
		"", "", "",
	}
	if p.Score != nil {
		fields[4] = formatDecimal(*p.Score)
		if p.Bonus != nil {
			fields[4] += "+" + formatDecimal(*p.Bonus)
		}
	}
	if p.Discs != nil {
		fields[5] = strconv.Itoa(*p.Discs)
		if p.DiscsAgainst != nil {
			fields[5] += "-" + strconv.Itoa(*p.DiscsAgainst)
		}
	}
	if p.Rating != nil {
		fields[6] = strconv.Itoa(*p.Rating)
	}
	for len(fields) > 1 && fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	b.WriteString(strings.Join(fields, ", "))
	if c := strings.TrimSpace(p.Comment); c != "" {
		b.WriteString(" % " + c)
	}
	b.WriteString("\n")
}

// writeGame writes g's game line: "   657 (62)>(02)    804 B", or
// "  2812 >   2836" without discs; the colour only when known.
func writeGame(b *strings.Builder, g Game) {
	if g.FirstDiscs != nil && g.SecondDiscs != nil {
		fmt.Fprintf(b, "%6d (%02d)%c(%02d) %6d", g.First, *g.FirstDiscs, g.Result, *g.SecondDiscs, g.Second)
	} else {
		fmt.Fprintf(b, "%6d %c %6d", g.First, g.Result, g.Second)
	}
	if g.FirstColor != ColorUnknown {
		fmt.Fprintf(b, " %c", g.FirstColor)
	}
	if c := strings.TrimSpace(g.Comment); c != "" {
		b.WriteString(" % " + c)
	}
	b.WriteString("\n")
}

// formatDecimal writes a score in the shortest form that reads back the
// same: 4, 4.5, 4.25.
func formatDecimal(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64)
}
