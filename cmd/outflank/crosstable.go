package main

import (
	"fmt"
	"strings"

	"outflank"
	"outflank/report"
)

func runCrosstable(e *env, args []string) error {
	t, asJSON, err := e.loadOnly("crosstable", args)
	if err != nil {
		return err
	}
	doc := report.CrosstableOf(t)
	if asJSON {
		return writeJSON(e.stdout, doc)
	}
	e.printf(e.stdout, "%s", crosstableText(doc, t))
	return nil
}

// crosstableText prints one line per player in the order of the list and
// one column per round of the list (the round robin or Swiss, and EGP
// II.2's placement rounds): the opponent's rank, the colour, the discs and
// how the game ended. The knockout matches, which do not count for the
// list (WOC II.3.3, III), follow apart, one line each.
func crosstableText(d report.Crosstable, t *outflank.Tournament) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%4s  %-28s", t.Name, "", "player")
	placement := false
	for _, r := range d.Rounds {
		fmt.Fprintf(&b, " %-10s", r.Heading)
		placement = placement || r.Stage == string(outflank.StagePlacement)
	}
	fmt.Fprintf(&b, " %6s %9s %6s\n", "points", "BQ", "discs")
	var withdrawn []string
	for _, p := range d.Players {
		fmt.Fprintf(&b, "%4d  %-28s", p.Rank, truncate(p.Name, 28))
		for _, c := range p.Cells {
			fmt.Fprintf(&b, " %-10s", c.Text)
		}
		fmt.Fprintf(&b, " %6s %9s %6d\n", trimFloat(p.Points), trimFloat(p.BQ), p.Discs)
		if w := p.WithdrawnAfterRound; w != nil {
			withdrawn = append(withdrawn, fmt.Sprintf("%s withdrew after round %d", t.Describe(p.Player), *w))
		}
	}
	b.WriteString("each cell: opponent's rank, colour (b black, w white), own discs-opponent's discs, and how the game ended:\n" +
		"  t time default, f forfeit, u unplayed, p penalty, d draw-win, ? discs unknown (counted 33-31 or 32-32);\n" +
		"  bye: a bye; wd: withdrawn, no game; -: no game in the round\n")
	if d.Absent != "" {
		fmt.Fprintf(&b, "  abs%d-%d: %s\n", t.Settings.UnplayedDiscs[0], t.Settings.UnplayedDiscs[1], d.Absent)
	}
	if placement {
		b.WriteString("p1, p2: the placement rounds of the players after the semi-finalists (EGP II.2)\n")
	}
	if d.InPlay != "" {
		fmt.Fprintf(&b, "%s: the order is the list after the last complete round; points and discs add up every result entered\n", d.InPlay)
	}
	for _, w := range withdrawn {
		b.WriteString(w + "\n")
	}
	if len(d.Knockout) > 0 {
		b.WriteString("knockout (outside the list):\n")
		for _, m := range d.Knockout {
			b.WriteString("  " + knockoutLine(m, t) + "\n")
		}
	}
	return b.String()
}

// knockoutLine describes a knockout match: its players, each game where
// it was played with the higher-ranked's colour and discs first, and who
// won.
func knockoutLine(m report.Match, t *outflank.Tournament) string {
	var games []string
	for _, g := range m.Games {
		where := fmt.Sprintf("game %d (round %d table %d)", g.Game, g.Round, g.Table)
		if g.Result == nil {
			games = append(games, where+" in play")
			continue
		}
		own, theirs, colour := g.Result.BlackDiscs, g.Result.WhiteDiscs, "b"
		if g.White == m.Higher.Player {
			own, theirs, colour = theirs, own, "w"
		}
		games = append(games, fmt.Sprintf("%s %s%d-%d%s", where, colour, own, theirs, report.Marks[outflank.Outcome(g.Result.Outcome)]))
	}
	line := fmt.Sprintf("%s: %s v %s: %s", m.Label, t.Describe(m.Higher.Player), t.Describe(m.Lower.Player), strings.Join(games, ", "))
	if m.Done {
		wp, lp := m.HigherPoints, m.LowerPoints
		if m.Winner == m.Lower.Player {
			wp, lp = lp, wp
		}
		line += fmt.Sprintf("; %s won", t.Describe(m.Winner))
		if m.Played() > 1 {
			line += fmt.Sprintf(" %s-%s", trimFloat(wp), trimFloat(lp))
		}
		if wp == lp || strings.Contains(m.Reason, "BOF") {
			line += " (" + m.Reason + ")"
		}
	}
	return line
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
