package report

import (
	"fmt"
	"outflank/words"

	"outflank"
	"outflank/rules"
	"outflank/standing"
)

// Crosstable is what 'crosstable --json' prints and /api/t/{slug}/crosstable
// serves: a line per player in the order of the list, a cell per round of
// the list (the round robin or Swiss, and EGP II.2's placement rounds), and
// the knockout matches apart, as they do not count for the list (WOC
// II.3.3, III). InPlay labels a list that leaves out a round in play: the
// order is the list after the last complete round, while the points and
// discs add up every result entered.
type Crosstable struct {
	Tournament string        `json:"tournament"`
	Rounds     []CrossRound  `json:"rounds"`
	Players    []CrossPlayer `json:"players"`
	InPlay     string        `json:"in_play,omitempty"`
	Knockout   []Match       `json:"knockout"`
	// Absent explains the absent cells ("abs20-44"), when there are any: a
	// round missed while marked absent scores as a game not played.
	Absent string `json:"absent,omitempty"`
}

// CrossRound is a column: its round and heading ("r3"; "p1" for the first
// placement round).
type CrossRound struct {
	Round   int    `json:"round"`
	Heading string `json:"heading"`
	Stage   string `json:"stage"`
}

// CrossPlayer is a line: the player's place in the order, his cells, and
// the points, Brightwell quotient and discs of the columns: the lines of
// the standings' one computation over the grid's rounds
// (Tournament.GridStandings), byes and absences included, so that they
// are those of the lists once no round is in play.
type CrossPlayer struct {
	Rank                int         `json:"rank"`
	Player              int         `json:"player"`
	Name                string      `json:"name"`
	Country             string      `json:"country"`
	Cells               []CrossCell `json:"cells"`
	Points              float64     `json:"points"`
	BQ                  float64     `json:"bq"`
	Discs               int         `json:"discs"`
	WithdrawnAfterRound *int        `json:"withdrawn_after_round"`
}

// CrossCell is a player's round: Kind "game" (against Opponent, whose
// place in the order is OpponentRank, with Colour "b" or "w", his own
// discs and the opponent's once the result is in, Mark telling how the
// game ended), "bye", "absent" (a round missed while marked absent: a
// game not played, with the unplayed-game discs, BOF general rule 11:
// 20-44), "withdrawn" or "none". Text is the cell as the crosstable prints
// it: "12b40-24t", "bye", "abs20-44", "wd", "-".
type CrossCell struct {
	Round         int    `json:"round"`
	Kind          string `json:"kind"`
	Opponent      int    `json:"opponent,omitempty"`
	OpponentRank  int    `json:"opponent_rank,omitempty"`
	Colour        string `json:"colour,omitempty"`
	Discs         *int   `json:"discs,omitempty"`
	OpponentDiscs *int   `json:"opponent_discs,omitempty"`
	Mark          string `json:"mark,omitempty"`
	Text          string `json:"text"`
}

// The kinds of a crosstable's cell.
const (
	CellGame      = "game"
	CellBye       = "bye"
	CellAbsent    = "absent"
	CellWithdrawn = "withdrawn"
	CellNone      = "none"
)

// Marks tell how a game ended, on both players' cells: t time default,
// f forfeit, u unplayed, p penalty, d draw-win, ? discs unknown.
var Marks = map[outflank.Outcome]string{
	outflank.OutcomeTimeDefault: "t",
	outflank.OutcomeForfeit:     "f",
	outflank.OutcomeUnplayed:    "u",
	outflank.OutcomePenalty:     "p",
	outflank.OutcomeDrawWin:     "d",
}

// CrosstableOf draws up t's crosstable.
func CrosstableOf(t *outflank.Tournament) Crosstable {
	order := t.RankOrder()
	rank := map[int]int{}
	for i, id := range order {
		rank[id] = i + 1
	}
	d := Crosstable{Tournament: t.Slug, Rounds: []CrossRound{}, Players: []CrossPlayer{}, Knockout: []Match{}}
	var grid []gridRound
	placement := 0
	for _, r := range t.Rounds {
		var heading string
		switch r.Stage {
		case outflank.StagePlacement:
			placement++
			heading = fmt.Sprintf("p%d", placement)
		case outflank.StageRoundRobin, outflank.StageSwiss:
			heading = fmt.Sprintf("r%d", r.Number)
		default:
			continue
		}
		grid = append(grid, seatsOf(r))
		d.Rounds = append(d.Rounds, CrossRound{Round: r.Number, Heading: heading, Stage: string(r.Stage)})
	}
	lines := map[int]standing.Row{}
	for _, r := range t.GridStandings() {
		lines[r.Player] = r
	}
	for _, id := range order {
		p, _ := t.Player(id)
		line := CrossPlayer{Rank: rank[id], Player: id, Name: p.Name, Country: p.Country, Cells: []CrossCell{},
			Points: lines[id].Points, BQ: lines[id].BQ, Discs: lines[id].Discs, WithdrawnAfterRound: p.WithdrawnAfterRound}
		for _, r := range grid {
			c := cell(t, r, p, rank)
			if c.Kind == CellAbsent {
				d.Absent = absentLegend(t)
			}
			line.Cells = append(line.Cells, c)
		}
		d.Players = append(d.Players, line)
	}
	if p := t.Progress(); len(p.InPlay) > 0 {
		d.InPlay = p.Label()
	}
	for _, m := range MatchesOf(t) {
		if len(m.Games) > 0 {
			d.Knockout = append(d.Knockout, m)
		}
	}
	return d
}

// gridRound is a round of the crosstable with each player's seat: the
// index of his game, or bye for the bye (a look-up per cell, where a
// search through the round made a 1,000-player crosstable quadratic).
type gridRound struct {
	outflank.Round
	seats map[int]int
}

const bye = -1

func seatsOf(r outflank.Round) gridRound {
	g := gridRound{Round: r, seats: make(map[int]int, 2*len(r.Games)+len(r.Byes))}
	for i, game := range r.Games {
		g.seats[game.Black], g.seats[game.White] = i, i
	}
	for _, id := range r.Byes {
		g.seats[id] = bye
	}
	return g
}

func cell(t *outflank.Tournament, r gridRound, p *outflank.Player, rank map[int]int) CrossCell {
	c := CrossCell{Round: r.Number}
	i, seated := r.seats[p.ID]
	switch {
	case seated && i == bye:
		c.Kind, c.Text = CellBye, "bye"
	case seated:
		gameCell(&c, r.Games[i], p.ID, rank)
	case !p.Active(r.Number):
		c.Kind, c.Text = CellWithdrawn, "wd"
	case p.AbsentIn(r.Number):
		own, theirs := t.Settings.UnplayedDiscs[0], t.Settings.UnplayedDiscs[1]
		c.Kind, c.Discs, c.OpponentDiscs, c.Mark = CellAbsent, &own, &theirs, Marks[outflank.OutcomeUnplayed]
		c.Text = fmt.Sprintf("abs%d-%d", own, theirs)
	default:
		c.Kind, c.Text = CellNone, "-"
	}
	return c
}

// gameCell fills c with player id's game g.
func gameCell(c *CrossCell, g outflank.Game, id int, rank map[int]int) {
	opp, colour := g.White, "b"
	if g.White == id {
		opp, colour = g.Black, "w"
	}
	c.Kind, c.Opponent, c.OpponentRank, c.Colour = CellGame, opp, rank[opp], colour
	if g.Result == nil {
		c.Text = fmt.Sprintf("%d%s", rank[opp], colour)
		return
	}
	own, theirs := g.Result.BlackDiscs, g.Result.WhiteDiscs
	if colour == "w" {
		own, theirs = theirs, own
	}
	c.Discs, c.OpponentDiscs = &own, &theirs
	c.Mark = Marks[g.Result.Outcome]
	if g.Result.DiscsUnknown {
		c.Mark = "?"
	}
	c.Text = fmt.Sprintf("%d%s%d-%d%s", rank[opp], colour, own, theirs, c.Mark)
}

// absentLegend says what an absent cell ("abs20-44") means, and the rule
// that scores it.
func absentLegend(t *outflank.Tournament) string {
	d := t.Settings.UnplayedDiscs
	rule := "the tournament's settings"
	if rs, ok := rules.Get(t.Rules); ok && rs.UnplayedDiscs == d {
		rule = rs.UnplayedRule
	}
	return fmt.Sprintf("absent, a game not played: no point, %s (%s)", words.Count(d[0], "disc"), rule)
}
