package rating

import (
	"fmt"
	"math"
	"sort"
)

// K is the scale of the ratings: a player K·ln 3 = 200 points above another
// is expected to score 3 to 1 against him. P(i beats j) = 1 / (1 +
// exp(−(Ri − Rj) / K)).
var K = 200 / math.Log(3)

// Level is the rating of a component's centre: its players' mean rating,
// each weighing his number of games.
const Level = 1800

// OfficialUncertainty is the margin below which a rating is official (WOF
// ratings FAQ: "its margin of error ... must be lower than +/-200").
const OfficialUncertainty = 200

// Game is one rated game: the WOF ids of its players and A's points out of
// 2 (a win 2, a draw 1, a loss 0). Only the result counts, not discs or
// colours.
type Game struct {
	A, B  int
	Score int
}

// Tournament is the rated games of one tournament and its date, the first
// day it was played; Name and File (its path in the archive) say which it
// is, and the computation does not read them.
type Tournament struct {
	Date       Date
	Games      []Game
	Name, File string
}

// Options say which list to compute.
type Options struct {
	// AsOf is the calculation date: its month fixes every tournament's age
	// weight and the window of the list.
	AsOf Date
	// Until is the last tournament date included; the zero Date means AsOf.
	Until Date
}

// Player is one rated player of a List.
type Player struct {
	ID int
	// Rank is the player's place on the published list, from 1, players
	// with the same rounded rating sharing the higher place; 0 for a player
	// who is not Listed.
	Rank int
	// Rating is the rating, unrounded: the published one is Rounded.
	Rating float64
	// Uncertainty is the ± margin: K over the square root of the weighted
	// likelihood's curvature in the player's own rating, with the games
	// weighed so that a game of the last seven months counts 1 (the
	// official formula is not public; this is one standard error with the
	// opponents' ratings taken as known, so it understates slightly).
	Uncertainty float64
	// Games is his games in the list's window (the 38 months before the
	// calculation), against anyone; AllGames is every game that fixed his
	// rating; Weighted is those weighed by age, a game of the last seven
	// months counting 1.
	Games, AllGames int
	Weighted        float64
	// Active is set when he played a rated tournament in the window.
	// Listed is set when he is on the published list: active, and in the
	// world's component (Component 0). Official is set when he is listed
	// and his Uncertainty is below OfficialUncertainty.
	Active, Listed, Official bool
	// Component numbers the group of players his rating is relative to,
	// from 0, the largest first: ratings of different components are not
	// comparable (each is centred on 1800). Only component 0, the world's,
	// is published: joueurs.txt, May 2026, rates none of the 160
	// players of the nine smaller groups the archive forms (a group of 40
	// Iranian players among them), though 69 of them are active.
	Component int
	// Last is the date of his last tournament.
	Last Date
}

// Rounded returns the published rating, the nearest integer.
func (p Player) Rounded() int { return int(math.Round(p.Rating)) }

// Unplaced is a player who played rated games but could not be rated.
type Unplaced struct {
	ID     int
	Games  int
	Active bool
	Last   Date
	// Reason says why: he won every game, lost every game, or belongs to a
	// group of fewer than MinComponent players who played only each other.
	Reason string
}

// List is a computed rating list.
type List struct {
	AsOf, Until Date
	// Players are every rated player, active or not, by rating, highest
	// first (then by id).
	Players  []Player
	Unplaced []Unplaced
	// Steps is the number of Newton steps the solver took.
	Steps int
	index map[int]int
}

// Player returns the rated player with the given id.
func (l *List) Player(id int) (Player, bool) {
	k, ok := l.index[id]
	if !ok {
		return Player{}, false
	}
	return l.Players[k], true
}

// Published returns the published list: the Listed players, in rank
// order.
func (l *List) Published() []Player {
	var out []Player
	for _, p := range l.Players {
		if p.Listed {
			out = append(out, p)
		}
	}
	return out
}

// Compute computes the rating list of the given tournaments, as the WOF's
// program does: afresh from every result up to opt.Until, each tournament
// weighed by its age at opt.AsOf, by weighted Bradley–Terry maximum
// likelihood over the players of each strongly connected component of at
// least MinComponent players. The error is for a missing date or a game
// that is not one (a player against himself, an id below 1, a score not 0,
// 1 or 2).
func Compute(ts []Tournament, opt Options) (*List, error) {
	if opt.AsOf.IsZero() || !opt.AsOf.valid() {
		return nil, fmt.Errorf("rating: give the calculation date (as of)")
	}
	if opt.Until.IsZero() {
		opt.Until = opt.AsOf
	}
	if !opt.Until.valid() {
		return nil, fmt.Errorf("rating: the last tournament date %v is not a day", opt.Until)
	}
	g, err := gather(ts, opt)
	if err != nil {
		return nil, err
	}
	f := g.fit()
	r := make([]float64, f.n)
	steps := f.solve(r)
	return g.list(f, r, steps), nil
}

// uncertainty returns each rated player's ± margin from the curvature of
// the weighted likelihood in his own rating at r.
func (f *fit) uncertainty(r []float64) []float64 {
	info := make([]float64, f.n)
	for k := range f.w {
		a, b := f.i[k], f.j[k]
		d := r[a] - r[b]
		c := f.w[k] / weightRecent * sigmoid(d) * sigmoid(-d)
		info[a] += c
		info[b] += c
	}
	for k, v := range info {
		info[k] = K / math.Sqrt(v)
	}
	return info
}

// sortPlayers orders players by rating, highest first, then by id, and
// ranks the listed ones.
func sortPlayers(ps []Player) {
	sort.Slice(ps, func(a, b int) bool {
		if ps[a].Rating != ps[b].Rating {
			return ps[a].Rating > ps[b].Rating
		}
		return ps[a].ID < ps[b].ID
	})
	place, lastRating, lastRank := 0, math.MinInt, 0
	for k, p := range ps {
		if !p.Listed {
			continue
		}
		place++
		if p.Rounded() != lastRating {
			lastRank = place
		}
		ps[k].Rank = lastRank
		lastRating = p.Rounded()
	}
}
