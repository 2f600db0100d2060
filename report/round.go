package report

import (
	"math"
	"slices"

	"outflank"
	"outflank/rating"
)

// Round is what 'round show --json' prints and /api/t/{slug}/pairings/{round}
// serves: a round's pairings, with each player's rating and points as they
// stand now, the results entered, the byes, the absent players and those
// withdrawn before the round.
type Round struct {
	Tournament string  `json:"tournament"`
	Round      int     `json:"round"`
	Stage      string  `json:"stage"`
	Method     string  `json:"method"`
	Seed       string  `json:"seed"`
	Games      []Table `json:"games"`
	Byes       []Seat  `json:"byes"`
	Absent     []Seat  `json:"absent"`
	Withdrawn  []Seat  `json:"withdrawn"`
}

// Table is a game of the round. A knockout game names its match (as
// 'result' and 'pair --match' do, and in words: "semi-final 1") and its
// number in the match, and the choice of colour or draw-win when one was
// recorded.
type Table struct {
	Table      int              `json:"table"`
	Black      Seat             `json:"black"`
	White      Seat             `json:"white"`
	Result     *Result          `json:"result"`
	Match      string           `json:"match,omitempty"`
	MatchLabel string           `json:"match_label,omitempty"`
	Game       int              `json:"game,omitempty"`
	Choice     *outflank.Choice `json:"choice,omitempty"`
	// Needless: the rules no longer call for this knockout game (a result
	// corrected after it was paired: outflank.NeedlessGame), and Why says
	// why, until the director withdraws it.
	Needless bool   `json:"needless,omitempty"`
	Why      string `json:"needless_why,omitempty"`
	// ExpectedBlack is black's expected score from the two ratings, from 0
	// to 1 (rating.Expected), when both players have a rating.
	ExpectedBlack *float64 `json:"expected_black,omitempty"`
}

// Seat is a player as a pairing sheet shows them.
type Seat struct {
	ID     int     `json:"id"`
	Name   string  `json:"name"`
	Rating int     `json:"rating"`
	Points float64 `json:"points"`
}

// Result is a game's result: the official discs, how the game ended and
// the result in words ("33-31 time default by white").
type Result struct {
	BlackDiscs int    `json:"black_discs"`
	WhiteDiscs int    `json:"white_discs"`
	Outcome    string `json:"outcome"`
	Summary    string `json:"summary"`
}

// resultOf is r's document, nil for a game in play.
func resultOf(r *outflank.Result) *Result {
	if r == nil {
		return nil
	}
	return &Result{BlackDiscs: r.BlackDiscs, WhiteDiscs: r.WhiteDiscs, Outcome: string(r.Outcome), Summary: r.Summary()}
}

// RoundOf draws up round r of t.
func RoundOf(t *outflank.Tournament, r *outflank.Round) Round {
	points := currentPoints(t)
	seat := func(id int) Seat {
		s := Seat{ID: id, Points: points[id]}
		if p, ok := t.Player(id); ok {
			s.Name, s.Rating = p.Name, p.Rating
		}
		return s
	}
	doc := Round{Tournament: t.Slug, Round: r.Number, Stage: string(r.Stage), Method: r.Method, Seed: r.Seed,
		Games: []Table{}, Byes: []Seat{}, Absent: []Seat{}, Withdrawn: []Seat{}}
	matches := matchGames(t, r)
	needless := needlessGames(t, r)
	for _, g := range r.Games {
		td := Table{Table: g.Table, Black: seat(g.Black), White: seat(g.White), Result: resultOf(g.Result), Choice: g.Choice}
		if td.Black.Rating > 0 && td.White.Rating > 0 {
			e := math.Round(rating.Expected(float64(td.Black.Rating), float64(td.White.Rating))*100) / 100
			td.ExpectedBlack = &e
		}
		if m, ok := matches[g.Table]; ok {
			td.Match, td.MatchLabel, td.Game = m.name, m.label, m.game
		}
		if ng, ok := needless[g.Table]; ok {
			td.Needless, td.Why = true, ng.Why
		}
		doc.Games = append(doc.Games, td)
	}
	for _, id := range r.Byes {
		doc.Byes = append(doc.Byes, seat(id))
	}
	for _, p := range t.Players {
		switch {
		case !p.Active(r.Number):
			doc.Withdrawn = append(doc.Withdrawn, seat(p.ID))
		case p.AbsentIn(r.Number):
			doc.Absent = append(doc.Absent, seat(p.ID))
		}
	}
	return doc
}

// matchGame is a knockout game's match and number in it.
type matchGame struct {
	name, label string
	game        int
}

// matchGames finds the match of each knockout game of r, by table.
func matchGames(t *outflank.Tournament, r *outflank.Round) map[int]matchGame {
	if !knockoutStage(r.Stage) {
		return nil
	}
	found := map[int]matchGame{}
	for _, m := range t.Matches() {
		for i, mg := range append(slices.Clip(m.Games), m.Needless...) {
			if mg.Round == r.Number {
				found[mg.Game.Table] = matchGame{name: m.Name, label: m.Label, game: i + 1}
			}
		}
	}
	return found
}

// needlessGames finds the games of r the rules no longer call for, by
// table.
func needlessGames(t *outflank.Tournament, r *outflank.Round) map[int]outflank.NeedlessGame {
	if !knockoutStage(r.Stage) {
		return nil
	}
	found := map[int]outflank.NeedlessGame{}
	for _, ng := range t.NeedlessGames() {
		if ng.Round == r.Number {
			found[ng.Game.Table] = ng
		}
	}
	return found
}

// knockoutStage reports whether a stage's games are matches: the
// playoffs, semi-finals, third places and finals.
func knockoutStage(s outflank.Stage) bool {
	switch s {
	case outflank.StageRoundRobin, outflank.StageSwiss, outflank.StagePlacement:
		return false
	}
	return true
}
