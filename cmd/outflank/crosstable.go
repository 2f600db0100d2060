package main

import (
	"fmt"
	"strings"

	"outflank"
	"outflank/knockout"
)

func runCrosstable(e *env, args []string) error {
	t, err := e.loadOnly("crosstable", args)
	if err != nil {
		return err
	}
	e.printf(e.stdout, "%s", crosstable(t))
	return nil
}

// crosstable prints one line per player in the order of the list and one
// column per round of the list (the round robin or Swiss, and EGP II.2's
// placement rounds): the opponent's rank, the colour, the discs and how the
// game ended. The knockout matches, which do not count for the list (WOC
// II.3.3, III), follow apart, one line each.
func crosstable(t *outflank.Tournament) string {
	order := t.RankOrder()
	rank := map[int]int{}
	for i, id := range order {
		rank[id] = i + 1
	}
	var grid []outflank.Round
	placement := 0
	var header []string
	for _, r := range t.Rounds {
		switch {
		case r.Stage == outflank.StagePlacement:
			placement++
			header = append(header, fmt.Sprintf("p%d", placement))
		case r.Stage == outflank.StageRoundRobin || r.Stage == outflank.StageSwiss:
			header = append(header, fmt.Sprintf("r%d", r.Number))
		default:
			continue
		}
		grid = append(grid, r)
	}
	totals := gridTotals(t, grid)
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%4s  %-28s", t.Name, "", "player")
	for _, h := range header {
		fmt.Fprintf(&b, " %-10s", h)
	}
	fmt.Fprintf(&b, " %6s %6s\n", "points", "discs")
	var withdrawn []string
	for _, id := range order {
		p, _ := t.Player(id)
		fmt.Fprintf(&b, "%4d  %-28s", rank[id], truncate(p.Name, 28))
		for _, r := range grid {
			fmt.Fprintf(&b, " %-10s", cell(r, p, rank))
		}
		fmt.Fprintf(&b, " %6s %6d\n", trimFloat(totals[id].Points), totals[id].Discs)
		if w := p.WithdrawnAfterRound; w != nil {
			withdrawn = append(withdrawn, fmt.Sprintf("%s withdrew after round %d", t.Describe(id), *w))
		}
	}
	b.WriteString("each cell: opponent's rank, colour (b black, w white), own discs-opponent's discs, and how the game ended:\n" +
		"  t time default, f forfeit, u unplayed, p penalty, d draw-win, ? discs unknown (counted 33-31 or 32-32);\n" +
		"  bye: a bye; wd: withdrawn, no game; -: no game in the round\n")
	if placement > 0 {
		b.WriteString("p1, p2: the placement rounds of the players after the semi-finalists (EGP II.2)\n")
	}
	if p := t.Progress(); len(p.InPlay) > 0 {
		fmt.Fprintf(&b, "%s: the order is the list after the last complete round; points and discs add up every result entered\n", p.Label())
	}
	for _, w := range withdrawn {
		b.WriteString(w + "\n")
	}
	if lines := knockoutLines(t); len(lines) > 0 {
		b.WriteString("knockout (outside the list):\n")
		for _, l := range lines {
			b.WriteString("  " + l + "\n")
		}
	}
	return b.String()
}

// gridTotals adds up the points and discs of the grid's rounds.
func gridTotals(t *outflank.Tournament, grid []outflank.Round) map[int]outflank.Total {
	totals := map[int]outflank.Total{}
	add := func(id int, points float64, discs int) {
		tot := totals[id]
		tot.Points += points
		tot.Discs += discs
		totals[id] = tot
	}
	for _, r := range grid {
		for _, g := range r.Games {
			if g.Result != nil {
				bp, wp := g.Result.Points()
				add(g.Black, bp, g.Result.BlackDiscs)
				add(g.White, wp, g.Result.WhiteDiscs)
			}
		}
		for _, id := range r.Byes {
			add(id, 1, t.Settings.ByeDiscs[0])
		}
	}
	return totals
}

// marks tell how a game ended, on both players' cells.
var marks = map[outflank.Outcome]string{
	outflank.OutcomeTimeDefault: "t",
	outflank.OutcomeForfeit:     "f",
	outflank.OutcomeUnplayed:    "u",
	outflank.OutcomePenalty:     "p",
	outflank.OutcomeDrawWin:     "d",
}

func cell(r outflank.Round, p *outflank.Player, rank map[int]int) string {
	for _, bye := range r.Byes {
		if bye == p.ID {
			return "bye"
		}
	}
	for _, g := range r.Games {
		if g.Black != p.ID && g.White != p.ID {
			continue
		}
		opp, colour := g.White, "b"
		if g.White == p.ID {
			opp, colour = g.Black, "w"
		}
		if g.Result == nil {
			return fmt.Sprintf("%d%s", rank[opp], colour)
		}
		own, theirs := g.Result.BlackDiscs, g.Result.WhiteDiscs
		if colour == "w" {
			own, theirs = theirs, own
		}
		mark := marks[g.Result.Outcome]
		if g.Result.DiscsUnknown {
			mark = "?"
		}
		return fmt.Sprintf("%d%s%d-%d%s", rank[opp], colour, own, theirs, mark)
	}
	if !p.Active(r.Number) {
		return "wd"
	}
	return "-"
}

// knockoutLines describes each knockout match: its players, each game
// where it was played with the higher-ranked's colour and discs first,
// and who won.
func knockoutLines(t *outflank.Tournament) []string {
	var lines []string
	for _, m := range t.Matches() {
		if len(m.Games) == 0 {
			continue
		}
		var games []string
		for i, mg := range m.Games {
			g := mg.Game
			where := fmt.Sprintf("game %d (round %d table %d)", i+1, mg.Round, g.Table)
			if g.Result == nil {
				games = append(games, where+" in play")
				continue
			}
			own, theirs, colour := g.Result.BlackDiscs, g.Result.WhiteDiscs, "b"
			if g.White == m.Higher {
				own, theirs, colour = theirs, own, "w"
			}
			games = append(games, fmt.Sprintf("%s %s%d-%d%s", where, colour, own, theirs, marks[g.Result.Outcome]))
		}
		line := fmt.Sprintf("%s: %s v %s: %s", m.Label, t.Describe(m.Higher), t.Describe(m.Lower), strings.Join(games, ", "))
		if s := m.State; s.Done {
			w, wp, lp := m.Higher, s.HigherPoints, s.LowerPoints
			if s.Winner == knockout.Lower {
				w, wp, lp = m.Lower, lp, wp
			}
			line += fmt.Sprintf("; %s won", t.Describe(w))
			if s.Games > 1 {
				line += fmt.Sprintf(" %s-%s", trimFloat(wp), trimFloat(lp))
			}
			if wp == lp || strings.Contains(s.Reason, "BOF") {
				line += " (" + s.Reason + ")"
			}
		}
		lines = append(lines, line)
	}
	return lines
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
