package main

import (
	"fmt"
	"strings"

	"outflank"
	"outflank/rules"
	"outflank/standing"
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
	doc, err := standingsOf(t, *list, *after, *live)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	e.printf(e.stdout, "%s", doc.text(t))
	return nil
}

// top keeps the first n places or rows of each list of d.
func (d standingsDoc) top(n int) standingsDoc {
	d.Finish, d.WomenFinish, d.YoungFinish = d.Finish[:min(n, len(d.Finish))], d.WomenFinish[:min(n, len(d.WomenFinish))], d.YoungFinish[:min(n, len(d.YoungFinish))]
	d.Provisional, d.Final = d.Provisional[:min(n, len(d.Provisional))], d.Final[:min(n, len(d.Final))]
	return d
}

// standingsOf draws up the list asked for. Its steps are those of status
// (Progress, IFRL, OrderOfFinish), so the two agree: the order of finish
// once status says the event is complete, the individual list before.
func standingsOf(t *outflank.Tournament, list string, after int, live bool) (standingsDoc, error) {
	progress := t.Progress()
	status := t.Status()
	if list == "" {
		list = "ifrl"
		if status.Done {
			list = "finish"
		}
	}
	doc := standingsDoc{Tournament: t.Slug, List: list, AfterRound: progress.Complete, Live: live, complete: status.Done}
	if len(progress.InPlay) > 0 {
		doc.InPlay = &inPlayDoc{Rounds: progress.InPlay, Results: progress.Results, Games: progress.Games}
		doc.label = progress.Label()
	}
	switch {
	case after > len(t.Rounds):
		return doc, outflank.Errorf(outflank.EINVALID, "--after-round %d: %s has %d rounds so far", after, t.Slug, len(t.Rounds))
	case after > 0 && len(progress.InPlay) > 0 && after >= progress.InPlay[0]:
		return doc, outflank.Errorf(outflank.EINVALID, "--after-round %d: round %d is in play (%d of %d results in), and a list counts complete rounds only; --live adds its finished games",
			after, progress.InPlay[0], progress.Results, progress.Games)
	case list == "finish" && (after > 0 || live):
		return doc, outflank.Errorf(outflank.EINVALID, "--list finish is the order of finish after the knockout stages: --after-round and --live apply to the lists (--list ifrl)")
	case after > 0:
		doc.AfterRound, doc.InPlay, doc.label = after, nil, fmt.Sprintf("after round %d", after)
	case live:
		doc.label = "live: no round in play"
		if len(progress.InPlay) > 0 {
			doc.label = fmt.Sprintf("live: %s in play, %d of %d results in (its games still on not counted)", roundsWord(progress.InPlay), progress.Results, progress.Games)
		}
	}
	ifrl := t.IFRL(after)
	if live {
		ifrl = outflank.Lists{Provisional: t.LiveStandings()}
	}
	switch list {
	case "finish":
		doc.Rule = finishRule(t.Rules)
		doc.Finish = placesDoc(t, t.OrderOfFinish(rules.TitleIndividual))
		if t.Plan().SideLists {
			doc.WomenFinish = placesDoc(t, t.OrderOfFinish(rules.TitleWomen))
			doc.YoungFinish = placesDoc(t, t.OrderOfFinish(rules.TitleYoung))
		}
	case "ifrl":
		doc.Rule = ifrl.Rule
		doc.Provisional = rowsDoc(t, ifrl.Provisional)
		doc.Final = rowsDoc(t, ifrl.Final)
		doc.Playoffs, doc.Pending = playoffsDoc(ifrl.Playoffs), playoffsDoc(ifrl.Pending)
		doc.playoffsOnly = t.Plan().Playoffs
	case "wfrl", "yfrl":
		var prov, final []standing.Row
		var err error
		if list == "wfrl" {
			prov, final, doc.NoSemiFinals = t.Women(ifrl)
		} else if prov, final, doc.NoSemiFinals, err = t.Young(ifrl); err != nil {
			return doc, err
		}
		doc.Provisional, doc.Final = rowsDoc(t, prov), rowsDoc(t, final)
		doc.playoffsOnly = true
	case "tfrl":
		for _, r := range t.Teams(ifrl) {
			td := teamDoc{Rank: r.Rank, Equal: r.Equal, Team: r.Team, Points: r.Points, Counted: r.Counted, GamesBetween: r.GamesBetween}
			for _, id := range r.Counted {
				td.Players = append(td.Players, countedDoc{Player: id, Name: nameOf(t, id), Points: pointsOf(ifrl.Current(), id)})
			}
			doc.Teams = append(doc.Teams, td)
		}
	}
	return doc, nil
}

// finishRule cites the rules of the order of finish.
func finishRule(id rules.ID) string {
	switch id {
	case rules.WOC:
		return "WOC III; the final lists II.3-6"
	case rules.EGP:
		return "EGP II.2, III; the list II.3"
	case rules.AOF:
		return "AOF 4.1-4.3"
	case rules.BOFNational:
		return "BOF National 4-7, 10"
	case rules.BOFRegional:
		return "BOF Regionals 5"
	}
	return "the list: WOC II.3.1"
}

func roundsWord(rounds []int) string {
	if len(rounds) == 1 {
		return fmt.Sprintf("round %d", rounds[0])
	}
	return fmt.Sprintf("rounds %d-%d", rounds[0], rounds[len(rounds)-1])
}

type standingsDoc struct {
	Tournament string `json:"tournament"`
	List       string `json:"list"`
	// AfterRound is the last round the list counts in full; InPlay the
	// rounds in play after it, whose finished games Live adds.
	AfterRound   int          `json:"after_round"`
	InPlay       *inPlayDoc   `json:"in_play,omitempty"`
	Live         bool         `json:"live,omitempty"`
	Rule         string       `json:"rule,omitempty"`
	Provisional  []rowDoc     `json:"provisional,omitempty"`
	Playoffs     []playoffDoc `json:"playoffs,omitempty"`
	Pending      []playoffDoc `json:"pending_playoffs,omitempty"`
	Final        []rowDoc     `json:"final,omitempty"`
	NoSemiFinals bool         `json:"no_semi_finals,omitempty"`
	Teams        []teamDoc    `json:"teams,omitempty"`
	Finish       []placeDoc   `json:"finish,omitempty"`
	WomenFinish  []placeDoc   `json:"women_finish,omitempty"`
	YoungFinish  []placeDoc   `json:"young_finish,omitempty"`

	label    string // what the list counts, when not every round
	complete bool   // the event is complete
	// playoffsOnly: the provisional and final lists differ (WOC II.3),
	// so both are printed.
	playoffsOnly bool
}

type inPlayDoc struct {
	Rounds  []int `json:"rounds"`
	Results int   `json:"results"`
	Games   int   `json:"games"`
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
	Rank         int          `json:"rank"`
	Equal        bool         `json:"equal"`
	Team         string       `json:"team"`
	Points       float64      `json:"points"`
	Counted      []int        `json:"counted"`
	Players      []countedDoc `json:"counted_players"`
	GamesBetween int          `json:"games_between"`
}

type countedDoc struct {
	Player int     `json:"player"`
	Name   string  `json:"name"`
	Points float64 `json:"points"`
}

// placeDoc is a place in an order of finish, with the player's name.
type placeDoc struct {
	outflank.Place
	Name string `json:"name"`
}

func nameOf(t *outflank.Tournament, id int) string {
	if p, ok := t.Player(id); ok {
		return p.Name
	}
	return ""
}

func pointsOf(rows []standing.Row, id int) float64 {
	for _, r := range rows {
		if r.Player == id {
			return r.Points
		}
	}
	return 0
}

func rowsDoc(t *outflank.Tournament, rows []standing.Row) []rowDoc {
	var out []rowDoc
	for _, r := range rows {
		out = append(out, rowDoc{Rank: r.Rank, Equal: r.Equal, Player: r.Player, Name: nameOf(t, r.Player), Points: r.Points, BQ: r.BQ, Discs: r.Discs})
	}
	return out
}

func placesDoc(t *outflank.Tournament, f outflank.Finish) []placeDoc {
	var out []placeDoc
	for _, p := range f.Places {
		out = append(out, placeDoc{Place: p, Name: nameOf(t, p.Player)})
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
	rank := func(n int, equal bool) string {
		if equal {
			return fmt.Sprintf("%d=", n)
		}
		return fmt.Sprint(n)
	}
	table := func(title string, rows []rowDoc) {
		if rows == nil {
			return
		}
		fmt.Fprintf(&b, "%s\n  rank  %-32s %6s %9s %6s\n", title, "player", "points", "BQ", "discs")
		for _, r := range rows {
			fmt.Fprintf(&b, "  %-5s %-32s %6s %9s %6d\n", rank(r.Rank, r.Equal), fmt.Sprintf("#%d %s", r.Player, r.Name), trimFloat(r.Points), trimFloat(r.BQ), r.Discs)
		}
	}
	places := func(title string, ps []placeDoc) {
		if ps == nil {
			return
		}
		if title != "" {
			fmt.Fprintf(&b, "%s\n", title)
		}
		fmt.Fprintf(&b, "  place %-32s %6s %9s %6s  how\n", "player", "points", "BQ", "discs")
		for _, p := range ps {
			how := p.Result
			if how == "" {
				how = fmt.Sprintf("list, rank %s", rank(p.ListRank, false))
			}
			fmt.Fprintf(&b, "  %-5s %-32s %6s %9s %6d  %s\n", rank(p.Place.Place, p.Equal), fmt.Sprintf("#%d %s", p.Player, p.Name), trimFloat(p.Points), trimFloat(p.BQ), p.Discs, how)
		}
	}
	title := map[string]string{"finish": "order of finish", "ifrl": "individual list", "wfrl": "women's list", "yfrl": "young players' list", "tfrl": "team list"}[d.List]
	if d.Rule != "" {
		title += " (" + d.Rule + ")"
	}
	if d.label != "" {
		title += ", " + d.label
	}
	fmt.Fprintf(&b, "%s: %s\n", t.Name, title)
	switch {
	case d.List == "finish":
		places("", d.Finish)
		places("women's order of finish (WOC III.3)", d.WomenFinish)
		places("young players' order of finish (WOC III.4)", d.YoungFinish)
		if !d.complete {
			fmt.Fprintf(&b, "the knockout stages are not over: the places still open follow the list ('outflank status %s')\n", t.Slug)
		}
		return b.String()
	case d.Final != nil && !d.playoffsOnly:
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
	if d.playoffsOnly {
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
		}
	}
	if d.List == "ifrl" && d.Final != nil && d.InPlay == nil && !d.Live {
		if d.complete {
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
