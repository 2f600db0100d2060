package main

import (
	"fmt"
	"outflank/report"
	"strings"

	"outflank"
)

const standingsUsage = "standings SLUG [--list finish|ifrl|wfrl|yfrl|tfrl] [--after-round N | --live] [--json]"

func runStandings(e *env, args []string) error {
	fs := e.newFlags("standings", standingsUsage)
	list := fs.String("list", "", "finish (the order of finish: the default once the event is complete), ifrl (individual: the default before), wfrl (women), yfrl (young players) or tfrl (teams)")
	after := fs.Int("after-round", 0, "the list after this round (default: the last complete round)")
	live := fs.Bool("live", false, "add the finished games of the round in play (its games still on never count)")
	asJSON := fs.Bool("json", false, "print one JSON document")
	slug, _, err := e.parseSlug(fs, args, 0, standingsUsage)
	if err != nil {
		return err
	}
	switch *list {
	case "", "finish", "ifrl", "wfrl", "yfrl", "tfrl":
	default:
		return usagef("standings: --list %q: use finish, ifrl, wfrl, yfrl or tfrl", *list)
	}
	if *after < 0 {
		return outflank.Errorf(outflank.EINVALID, "--after-round %d: give a round number, or leave it out for the last complete round", *after)
	}
	if *after > 0 && *live {
		return usagef("standings: --after-round and --live exclude each other: a list is after a complete round, or live")
	}
	t, err := e.load(slug)
	if err != nil {
		return err
	}
	doc, err := report.StandingsOf(t, *list, *after, *live)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	e.printf(e.stdout, "%s", standingsText(doc, t))
	return nil
}

// text prints the list as a table.
func standingsText(d report.Standings, t *outflank.Tournament) string {
	var b strings.Builder
	rank := func(n int, equal bool) string {
		if equal {
			return fmt.Sprintf("%d=", n)
		}
		return fmt.Sprint(n)
	}
	table := func(title string, rows []report.Row) {
		if rows == nil {
			return
		}
		fmt.Fprintf(&b, "%s\n  rank  %-32s %6s %9s %6s\n", title, "player", "points", "BQ", "discs")
		for _, r := range rows {
			fmt.Fprintf(&b, "  %-5s %-32s %6s %9s %6d\n", rank(r.Rank, r.Equal), fmt.Sprintf("#%d %s", r.Player, r.Name), trimFloat(r.Points), trimFloat(r.BQ), r.Discs)
		}
	}
	places := func(title string, ps report.Places) {
		if ps == nil {
			return
		}
		if title != "" {
			fmt.Fprintf(&b, "%s\n", title)
		}
		if note := ps.Note(); note != "" {
			fmt.Fprintf(&b, "  %s\n", note)
		}
		how := ""
		if ps.HasHow() {
			how = "  how"
		}
		fmt.Fprintf(&b, "  place %-32s %6s %9s %6s%s\n", "player", "points", "BQ", "discs", how)
		for _, p := range ps {
			line := fmt.Sprintf("  %-5s %-32s %6s %9s %6d", p.Text(), fmt.Sprintf("#%d %s", p.Player, p.Name), trimFloat(p.Points), trimFloat(p.BQ), p.Discs)
			if p.Result != "" {
				line += "  " + p.Result
			}
			b.WriteString(line + "\n")
		}
	}
	title := map[string]string{"finish": "order of finish", "ifrl": "individual list", "wfrl": "women's list", "yfrl": "young players' list", "tfrl": "team list"}[d.List]
	if d.Rule != "" {
		title += " (" + d.Rule + ")"
	}
	if d.Label != "" {
		title += ", " + d.Label
	}
	fmt.Fprintf(&b, "%s: %s\n", t.Name, title)
	switch {
	case d.List == "finish":
		places("", d.Finish)
		places("women's order of finish (WOC III.3)", d.WomenFinish)
		places("young players' order of finish (WOC III.4)", d.YoungFinish)
		if !d.Complete {
			fmt.Fprintf(&b, "not over yet: a place still open shows the places its player can finish in (1–2: the final decides) ('outflank status %s')\n", t.Slug)
		}
		return b.String()
	case d.Final != nil && !d.PlayoffsOnly:
		table("final list", d.Final) // the provisional order, settled
	default:
		table("provisional list", d.Provisional)
	}
	for _, p := range d.Playoffs {
		fmt.Fprintf(&b, "playoff: #%d (rank %d, choice of colour or draw-win) v #%d (rank %d)\n", p.Better, p.BetterRank, p.Worse, p.WorseRank)
	}
	if len(d.Pending) > 0 {
		fmt.Fprintf(&b, "the final list follows once the %d playoffs are played ('outflank pair %s')\n", len(d.Pending), t.Slug)
	}
	if d.NoSemiFinals {
		b.WriteString("no separate semi-finals: some of these players are in the main semi-finals\n")
	}
	if d.PlayoffsOnly {
		table("final list", d.Final)
	}
	if d.Teams != nil {
		fmt.Fprintf(&b, "  rank  %-24s %6s %6s  counted\n", "team", "points", "games")
		for _, r := range d.Teams {
			var counted []string
			for _, p := range r.Players {
				counted = append(counted, fmt.Sprintf("#%d %s (%s)", p.Player, p.Name, trimFloat(p.Points)))
			}
			fmt.Fprintf(&b, "  %-5s %-24s %6s %6d  %s\n", rank(r.Rank, r.Equal), r.Team, trimFloat(r.Points), r.GamesBetween, strings.Join(counted, ", "))
			if r.TieBreak != "" {
				fmt.Fprintf(&b, "        %s (WOC II.4)\n", r.TieBreak)
			}
		}
	}
	if d.List == "ifrl" && d.Final != nil && d.InPlay == nil && !d.Live {
		if d.Complete {
			fmt.Fprintf(&b, "the event is complete: 'outflank standings %s' gives the order of finish\n", t.Slug)
		} else if len(d.Pending) == 0 && t.Plan().Final.Played {
			fmt.Fprintf(&b, "the order of finish follows the knockout stages ('outflank status %s')\n", t.Slug)
		}
	}
	return b.String()
}

// trimFloat prints a number without trailing zeros: 6, 6.5, 812.25.
func trimFloat(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}
