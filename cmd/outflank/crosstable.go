package main

import (
	"fmt"
	"strings"

	"outflank"
)

func runCrosstable(e *env, args []string) error {
	t, err := e.loadOnly("crosstable", args)
	if err != nil {
		return err
	}
	e.printf(e.stdout, "%s", crosstable(t))
	return nil
}

// crosstable prints one line per player in ranking order and one column
// per round: the opponent's rank, the colour (b/w), the discs, or "bye".
func crosstable(t *outflank.Tournament) string {
	order := t.RankOrder()
	rank := map[int]int{}
	for i, id := range order {
		rank[id] = i + 1
	}
	totals := t.Totals(0)
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%4s  %-28s", t.Name, "", "player")
	for _, r := range t.Rounds {
		fmt.Fprintf(&b, " %-9s", fmt.Sprintf("r%d", r.Number))
	}
	fmt.Fprintf(&b, " %6s %6s\n", "points", "discs")
	for _, id := range order {
		p, _ := t.Player(id)
		fmt.Fprintf(&b, "%4d  %-28s", rank[id], truncate(p.Name, 28))
		for _, r := range t.Rounds {
			fmt.Fprintf(&b, " %-9s", cell(r, id, rank))
		}
		fmt.Fprintf(&b, " %6s %6d\n", trimFloat(totals[id].Points), totals[id].Discs)
	}
	b.WriteString("each cell: opponent's rank, colour (b black, w white), own discs-opponent's discs\n")
	return b.String()
}

func cell(r outflank.Round, id int, rank map[int]int) string {
	for _, bye := range r.Byes {
		if bye == id {
			return "bye"
		}
	}
	for _, g := range r.Games {
		if g.Black != id && g.White != id {
			continue
		}
		opp, colour := g.White, "b"
		if g.White == id {
			opp, colour = g.Black, "w"
		}
		if g.Result == nil {
			return fmt.Sprintf("%d%s", rank[opp], colour)
		}
		own, theirs := g.Result.BlackDiscs, g.Result.WhiteDiscs
		if colour == "w" {
			own, theirs = theirs, own
		}
		return fmt.Sprintf("%d%s%d-%d", rank[opp], colour, own, theirs)
	}
	return "-"
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
