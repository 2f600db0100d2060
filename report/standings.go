// Package report draws up what Outflank shows of a tournament: the
// standings, pairings, crosstable and players, as documents with the JSON
// field names of the command line's --json output. The command line prints
// them as text, the web site as HTML and JSON: one encoder for both.
package report

import (
	"fmt"

	"outflank"
	"outflank/rules"
	"outflank/standing"
	"outflank/words"
)

// Top keeps the first n places or rows of each list of d.
func (d Standings) Top(n int) Standings {
	d.Finish, d.WomenFinish, d.YoungFinish = d.Finish[:min(n, len(d.Finish))], d.WomenFinish[:min(n, len(d.WomenFinish))], d.YoungFinish[:min(n, len(d.YoungFinish))]
	d.Provisional, d.Final = d.Provisional[:min(n, len(d.Provisional))], d.Final[:min(n, len(d.Final))]
	return d
}

// StandingsOf draws up the list asked for: "finish", "ifrl", "wfrl",
// "yfrl", "tfrl", or "" for the default; after is a round (0: the last
// complete one); live adds the round in play's finished games. Its steps
// are those of status (Progress, IFRL, OrderOfFinish), so the two agree:
// the order of finish once status says the event is complete, the
// individual list before.
func StandingsOf(t *outflank.Tournament, list string, after int, live bool) (Standings, error) {
	progress := t.Progress()
	status := t.Status()
	if list == "" {
		list = "ifrl"
		if status.Done {
			list = "finish"
		}
	}
	if err := checkList(t, list); err != nil {
		return Standings{}, err
	}
	doc := Standings{Tournament: t.Slug, List: list, AfterRound: progress.Complete, Live: live, Complete: status.Done}
	if len(progress.InPlay) > 0 {
		doc.InPlay = &InPlay{Rounds: progress.InPlay, Results: progress.Results, Games: progress.Games}
		doc.Label = progress.Label()
	}
	switch {
	case after > len(t.Rounds):
		return doc, outflank.Errorf(outflank.EINVALID, "--after-round %d: %s has %s so far", after, t.Slug, words.Count(len(t.Rounds), "round"))
	case after > 0 && len(progress.InPlay) > 0 && after >= progress.InPlay[0]:
		return doc, outflank.Errorf(outflank.EINVALID, "--after-round %d: round %d is in play (%d of %s in), and a list counts complete rounds only; --live adds its finished games",
			after, progress.InPlay[0], progress.Results, words.Count(progress.Games, "result"))
	case list == "finish" && (after > 0 || live):
		return doc, outflank.Errorf(outflank.EINVALID, "--list finish is the order of finish after the knockout stages: --after-round and --live apply to the lists (--list ifrl)")
	case after > 0:
		doc.AfterRound, doc.InPlay, doc.Label = after, nil, fmt.Sprintf("after round %d", after)
	case live:
		doc.Label = "live: no round in play"
		if len(progress.InPlay) > 0 {
			doc.Label = fmt.Sprintf("live: %s in play, %d of %s in (its games still on not counted)", roundsWord(progress.InPlay), progress.Results, words.Count(progress.Games, "result"))
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
		doc.PlayoffsOnly = t.Plan().Playoffs
		for _, p := range doc.Playoffs {
			markRow(doc.Provisional, p.Better, "playoff")
			markRow(doc.Provisional, p.Worse, "playoff")
		}
		markStages(t, rules.TitleIndividual, doc.Final)
	case "wfrl", "yfrl":
		var prov, final []standing.Row
		var err error
		if list == "wfrl" {
			prov, final, doc.NoSemiFinals = t.Women(ifrl)
		} else if prov, final, doc.NoSemiFinals, err = t.Young(ifrl); err != nil {
			return doc, err
		}
		doc.Provisional, doc.Final = rowsDoc(t, prov), rowsDoc(t, final)
		doc.PlayoffsOnly = true
		title := rules.TitleWomen
		if list == "yfrl" {
			title = rules.TitleYoung
		}
		markStages(t, title, doc.Final)
	case "tfrl":
		for _, r := range t.Teams(ifrl) {
			td := Team{Rank: r.Rank, Equal: r.Equal, Team: r.Team, Points: r.Points, Counted: r.Counted, GamesBetween: r.GamesBetween, TieBreak: r.TieBreak}
			for _, id := range r.Counted {
				td.Players = append(td.Players, Counted{Player: id, Name: nameOf(t, id), Points: pointsOf(ifrl.Current(), id)})
			}
			doc.Teams = append(doc.Teams, td)
		}
	}
	return doc, nil
}

// markRow marks player id's row.
func markRow(rows []Row, id int, mark string) {
	for i := range rows {
		if rows[i].Player == id && rows[i].Mark == "" {
			rows[i].Mark = mark
		}
	}
}

// markStages marks the rows of the players in title's knockout matches
// with the stage of the first they play: the semi-finals, or without them
// the final or third place.
func markStages(t *outflank.Tournament, title rules.Title, rows []Row) {
	if rows == nil {
		return
	}
	for _, m := range t.Matches() {
		if m.Title != title || m.Stage == outflank.StagePlayoff {
			continue
		}
		mark := string(m.Stage)
		if _, kind, ok := m.Stage.Knockout(); ok {
			mark = map[rules.Kind]string{rules.KindSemiFinal: "semi-final", rules.KindThirdPlace: "third-place", rules.KindFinal: "final"}[kind]
		}
		markRow(rows, m.Higher, mark)
		markRow(rows, m.Lower, mark)
	}
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

type Standings struct {
	Tournament string `json:"tournament"`
	List       string `json:"list"`
	// AfterRound is the last round the list counts in full; InPlay the
	// rounds in play after it, whose finished games Live adds.
	AfterRound   int       `json:"after_round"`
	InPlay       *InPlay   `json:"in_play,omitempty"`
	Live         bool      `json:"live,omitempty"`
	Rule         string    `json:"rule,omitempty"`
	Provisional  []Row     `json:"provisional,omitempty"`
	Playoffs     []Playoff `json:"playoffs,omitempty"`
	Pending      []Playoff `json:"pending_playoffs,omitempty"`
	Final        []Row     `json:"final,omitempty"`
	NoSemiFinals bool      `json:"no_semi_finals,omitempty"`
	Teams        []Team    `json:"teams,omitempty"`
	Finish       Places    `json:"finish,omitempty"`
	WomenFinish  Places    `json:"women_finish,omitempty"`
	YoungFinish  Places    `json:"young_finish,omitempty"`

	// Label says what the list counts, when not every round; Complete that
	// the event is complete; PlayoffsOnly that the provisional and final
	// lists differ (WOC II.3), so both are shown.
	Label        string `json:"-"`
	Complete     bool   `json:"-"`
	PlayoffsOnly bool   `json:"-"`
}

type InPlay struct {
	Rounds  []int `json:"rounds"`
	Results int   `json:"results"`
	Games   int   `json:"games"`
}

type Row struct {
	Rank    int     `json:"rank"`
	Equal   bool    `json:"equal"`
	Player  int     `json:"player"`
	Name    string  `json:"name"`
	Country string  `json:"country"`
	Points  float64 `json:"points"`
	BQ      float64 `json:"bq"`
	Discs   int     `json:"discs"`
	// Mark is the knockout stage the row's player goes to: "playoff" (a
	// playoff of the provisional list, WOC II.3.2), "semi-final", "final"
	// or "third-place" (the first match of the list's title he plays).
	Mark string `json:"mark,omitempty"`
}

type Playoff struct {
	Better     int `json:"better"`
	Worse      int `json:"worse"`
	BetterRank int `json:"better_rank"`
	WorseRank  int `json:"worse_rank"`
}

type Team struct {
	Rank         int       `json:"rank"`
	Equal        bool      `json:"equal"`
	Team         string    `json:"team"`
	Points       float64   `json:"points"`
	Counted      []int     `json:"counted"`
	Players      []Counted `json:"counted_players"`
	GamesBetween int       `json:"games_between"`
	// TieBreak says which tie-break of WOC II.4 put the team below the
	// one above it on the same points.
	TieBreak string `json:"tie_break,omitempty"`
}

type Counted struct {
	Player int     `json:"player"`
	Name   string  `json:"name"`
	Points float64 `json:"points"`
}

// Place is a place in an order of finish, with the player's name.
type Place struct {
	outflank.Place
	Name    string `json:"name"`
	Country string `json:"country"`
}

// Places is an order of finish.
type Places []Place

// FromList is the first place the final list gives (the places from it on
// are the list's ranks), 0 when the list gives none or the places are not
// decided yet.
func (ps Places) FromList() int {
	for _, p := range ps {
		if p.By == "list" && !p.Undecided {
			return p.Place.Place
		}
	}
	return 0
}

// Note says once what every row placed by the list would otherwise repeat
// ("list, rank N"): where the list's places begin, or that no place is
// decided before the final list.
func (ps Places) Note() string {
	switch n := ps.FromList(); {
	case len(ps) > 0 && ps[0].Undecided && ps[0].Place.Place == 0:
		return "No place is decided before the final list: the players are in the order of the list so far."
	case n == 1:
		return "The places are the ranks of the final list."
	case n > 1:
		return fmt.Sprintf("From place %d on, the places are the ranks of the final list.", n)
	}
	return ""
}

// Knockout keeps the places of the knockout matches: those of the players
// of a semi-final, a final or a third place, decided or not.
func (ps Places) Knockout() Places {
	var out Places
	for _, p := range ps {
		switch p.By {
		case "list", "playoff", "placement":
		default:
			out = append(out, p)
		}
	}
	return out
}

// FinishOf is the order of finish of a title named as the documents
// name it ("individual", "women", "young": Match.Title), with the
// players' names.
func FinishOf(t *outflank.Tournament, title string) Places {
	id := rules.Title(title)
	if title == titleName(rules.TitleIndividual) {
		id = rules.TitleIndividual
	}
	return placesDoc(t, t.OrderOfFinish(id))
}

// HasHow reports whether some place says how it was decided (a knockout
// match, a playoff, the placement rounds), beyond the list.
func (ps Places) HasHow() bool {
	for _, p := range ps {
		if p.Result != "" {
			return true
		}
	}
	return false
}

func nameOf(t *outflank.Tournament, id int) string {
	if p, ok := t.Player(id); ok {
		return p.Name
	}
	return ""
}

func countryOf(t *outflank.Tournament, id int) string {
	if p, ok := t.Player(id); ok {
		return p.Country
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

func rowsDoc(t *outflank.Tournament, rows []standing.Row) []Row {
	if len(rows) == 0 {
		return nil
	}
	out := make([]Row, 0, len(rows))
	for _, r := range rows {
		out = append(out, Row{Rank: r.Rank, Equal: r.Equal, Player: r.Player, Name: nameOf(t, r.Player), Country: countryOf(t, r.Player), Points: r.Points, BQ: r.BQ, Discs: r.Discs})
	}
	return out
}

func placesDoc(t *outflank.Tournament, f outflank.Finish) Places {
	var out Places
	for _, p := range f.Places {
		out = append(out, Place{Place: p, Name: nameOf(t, p.Player), Country: countryOf(t, p.Player)})
	}
	return out
}

func playoffsDoc(ps []standing.Playoff) []Playoff {
	var out []Playoff
	for _, p := range ps {
		out = append(out, Playoff{Better: p.Better, Worse: p.Worse, BetterRank: p.BetterRank, WorseRank: p.WorseRank})
	}
	return out
}
