package main

import (
	"fmt"
	"strings"

	"outflank"
	"outflank/standing"
)

const standingsUsage = "standings SLUG [--list ifrl|wfrl|yfrl|tfrl] [--after-round N] [--json]"

func runStandings(e *env, args []string) error {
	fs := e.newFlags("standings", standingsUsage)
	list := fs.String("list", "ifrl", "ifrl (individual), wfrl (women), yfrl (young players) or tfrl (teams)")
	after := fs.Int("after-round", 0, "the standings after this round (default: all rounds)")
	asJSON := fs.Bool("json", false, "print one JSON document")
	slug, _, err := e.parseSlug(fs, args, 0, standingsUsage)
	if err != nil {
		return err
	}
	if *after < 0 {
		return outflank.Errorf(outflank.EINVALID, "--after-round %d: give a round number, or 0 for all", *after)
	}
	t, err := e.load(slug)
	if err != nil {
		return err
	}
	if *after > len(t.Rounds) {
		return outflank.Errorf(outflank.EINVALID, "--after-round %d: %s has %d rounds so far", *after, slug, len(t.Rounds))
	}
	ifrl := t.IFRL(*after)
	doc := standingsDoc{Tournament: t.Slug, List: *list, AfterRound: *after}
	switch *list {
	case "ifrl":
		doc.Provisional = rowsDoc(t, ifrl.Provisional)
		doc.Final = rowsDoc(t, ifrl.Final)
		doc.Playoffs, doc.Pending = playoffsDoc(ifrl.Playoffs), playoffsDoc(ifrl.Pending)
	case "wfrl", "yfrl":
		var prov, final []standing.Row
		if *list == "wfrl" {
			prov, final, doc.NoSemiFinals = t.Women(ifrl)
		} else if prov, final, doc.NoSemiFinals, err = t.Young(ifrl); err != nil {
			return err
		}
		doc.Provisional, doc.Final = rowsDoc(t, prov), rowsDoc(t, final)
	case "tfrl":
		for _, r := range t.Teams(ifrl) {
			doc.Teams = append(doc.Teams, teamDoc{Rank: r.Rank, Equal: r.Equal, Team: r.Team, Points: r.Points, Counted: r.Counted, GamesBetween: r.GamesBetween})
		}
	default:
		return usagef("standings: --list %q: use ifrl, wfrl, yfrl or tfrl", *list)
	}
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	e.printf(e.stdout, "%s", doc.text(t))
	return nil
}

type standingsDoc struct {
	Tournament   string       `json:"tournament"`
	List         string       `json:"list"`
	AfterRound   int          `json:"after_round"`
	Provisional  []rowDoc     `json:"provisional,omitempty"`
	Playoffs     []playoffDoc `json:"playoffs,omitempty"`
	Pending      []playoffDoc `json:"pending_playoffs,omitempty"`
	Final        []rowDoc     `json:"final,omitempty"`
	NoSemiFinals bool         `json:"no_semi_finals,omitempty"`
	Teams        []teamDoc    `json:"teams,omitempty"`
}

type rowDoc struct {
	Rank   int     `json:"rank"`
	Equal  bool    `json:"equal"`
	Player int     `json:"player"`
	Name   string  `json:"name"`
	Points float64 `json:"points"`
	BQ     float64 `json:"bq"`
	Discs  int     `json:"discs"`
}

type playoffDoc struct {
	Better     int `json:"better"`
	Worse      int `json:"worse"`
	BetterRank int `json:"better_rank"`
	WorseRank  int `json:"worse_rank"`
}

type teamDoc struct {
	Rank         int     `json:"rank"`
	Equal        bool    `json:"equal"`
	Team         string  `json:"team"`
	Points       float64 `json:"points"`
	Counted      []int   `json:"counted"`
	GamesBetween int     `json:"games_between"`
}

func rowsDoc(t *outflank.Tournament, rows []standing.Row) []rowDoc {
	var out []rowDoc
	for _, r := range rows {
		name := ""
		if p, ok := t.Player(r.Player); ok {
			name = p.Name
		}
		out = append(out, rowDoc{Rank: r.Rank, Equal: r.Equal, Player: r.Player, Name: name, Points: r.Points, BQ: r.BQ, Discs: r.Discs})
	}
	return out
}

func playoffsDoc(ps []standing.Playoff) []playoffDoc {
	var out []playoffDoc
	for _, p := range ps {
		out = append(out, playoffDoc{Better: p.Better, Worse: p.Worse, BetterRank: p.BetterRank, WorseRank: p.WorseRank})
	}
	return out
}

// text prints the list as a table.
func (d standingsDoc) text(t *outflank.Tournament) string {
	var b strings.Builder
	table := func(title string, rows []rowDoc) {
		if rows == nil {
			return
		}
		fmt.Fprintf(&b, "%s\n  rank  %-32s %6s %9s %6s\n", title, "player", "points", "BQ", "discs")
		for _, r := range rows {
			rank := fmt.Sprint(r.Rank)
			if r.Equal {
				rank += "="
			}
			fmt.Fprintf(&b, "  %-5s %-32s %6s %9s %6d\n", rank, fmt.Sprintf("#%d %s", r.Player, r.Name), trimFloat(r.Points), trimFloat(r.BQ), r.Discs)
		}
	}
	after := ""
	if d.AfterRound > 0 {
		after = fmt.Sprintf(" after round %d", d.AfterRound)
	}
	fmt.Fprintf(&b, "%s: %s%s\n", t.Name, map[string]string{"ifrl": "individual list", "wfrl": "women's list", "yfrl": "young players' list", "tfrl": "team list"}[d.List], after)
	table("provisional list", d.Provisional)
	for _, p := range d.Playoffs {
		fmt.Fprintf(&b, "playoff: #%d (rank %d, choice of colour or draw-win) v #%d (rank %d)\n", p.Better, p.BetterRank, p.Worse, p.WorseRank)
	}
	if len(d.Pending) > 0 {
		fmt.Fprintf(&b, "the final list follows once the %d playoffs are played (round add --stage playoff)\n", len(d.Pending))
	}
	if d.NoSemiFinals {
		b.WriteString("no separate semi-finals: some of these players are in the main semi-finals\n")
	}
	table("final list", d.Final)
	if d.Teams != nil {
		fmt.Fprintf(&b, "  rank  %-24s %6s %6s  counted\n", "team", "points", "games")
		for _, r := range d.Teams {
			rank := fmt.Sprint(r.Rank)
			if r.Equal {
				rank += "="
			}
			fmt.Fprintf(&b, "  %-5s %-24s %6s %6d  %v\n", rank, r.Team, trimFloat(r.Points), r.GamesBetween, r.Counted)
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
