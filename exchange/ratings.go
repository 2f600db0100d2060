package exchange

import (
	"math"

	"outflank/rating"
)

// RatingList is a computed rating list as `outflank rating compute --json`
// prints it and /api/ratings serves it: one encoder for both.
type RatingList struct {
	AsOf    string         `json:"as_of"`
	Until   string         `json:"until"`
	Players []RatingPlayer `json:"players"`
}

// RatingPlayer is one player of a RatingList. Rank is 0 for a player who is
// not on the published list (not active, or in a group of players apart
// from the world's, Component > 0), shown only when asked for all.
type RatingPlayer struct {
	Rank        int     `json:"rank"`
	WOFID       int     `json:"wof_id"`
	Name        string  `json:"name"`
	Country     string  `json:"country"`
	Rating      int     `json:"rating"`
	Uncertainty int     `json:"uncertainty"`
	Games       int     `json:"games"`
	Active      bool    `json:"active"`
	Official    bool    `json:"official"`
	Component   int     `json:"component"`
	Weighted    float64 `json:"weighted_games"`
}

// RatingListOf returns the list l with the directory's names: the
// published list in rank order, or every rated player when all is set.
func RatingListOf(l *rating.List, dir rating.Directory, all bool) RatingList {
	doc := RatingList{AsOf: l.AsOf.String(), Until: l.Until.String(), Players: []RatingPlayer{}}
	for _, p := range l.Players {
		if !p.Listed && !all {
			continue
		}
		doc.Players = append(doc.Players, RatingPlayerOf(p, dir))
	}
	return doc
}

// RatingPlayerOf returns one player of a list with his name and country.
func RatingPlayerOf(p rating.Player, dir rating.Directory) RatingPlayer {
	e := dir[p.ID]
	return RatingPlayer{
		Rank: p.Rank, WOFID: p.ID, Name: dir.Name(p.ID), Country: e.Country,
		Rating: p.Rounded(), Uncertainty: int(math.Round(p.Uncertainty)), Games: p.Games,
		Active: p.Active, Official: p.Official, Component: p.Component, Weighted: math.Round(p.Weighted*100) / 100,
	}
}
