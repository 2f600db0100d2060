package rating

import (
	"math"
	"sort"
)

// Basis is what a player's rating on a list rests on: every rated
// tournament he played up to the list's last tournament date, newest
// first, with its games. It is how an officer explains a rating.
type Basis struct {
	ID int
	// Rated: the list rates him (Rating); else none of his games fixed a
	// rating, and the events are listed all the same.
	Rated  bool
	Rating float64
	Events []BasisEvent
}

// BasisEvent is one tournament of a player's basis.
type BasisEvent struct {
	Name, File string
	Date       Date
	// Weight is the tournament's age weight on the list (150 to 1).
	Weight float64
	Games  []BasisGame
	// Counted is the number of Games that fix the rating; Score and
	// Expected are his points in them (a win 1, a draw ½) and the points
	// the list's ratings expect of him.
	Counted         int
	Score, Expected float64
	// Change is how much the tournament moves his rating on the list: his
	// rating less the one his other games give him, his opponents'
	// ratings held as they are. HasChange is false when no game counted,
	// or when without the tournament his games could fix no rating (all
	// won, all lost, or none left): the rating rests on it alone.
	Change    float64
	HasChange bool
}

// BasisGame is one game of a player at a tournament, from his side.
type BasisGame struct {
	Opponent int
	// Score is his points out of 2 (a win 2, a draw 1, a loss 0).
	Score int
	// Counted: the game fixes his rating (both players are rated in the
	// same group); then OpponentRating is the opponent's rating on the
	// list and Expected the score it expects of him, from 0 to 1.
	Counted        bool
	OpponentRating float64
	Expected       float64
}

// Basis returns the basis of the rating of the player id on l, from ts,
// the tournaments l was computed from. ok is false when he played no game
// of them up to the list's last tournament date.
func (l *List) Basis(ts []Tournament, id int) (b Basis, ok bool) {
	b.ID = id
	me, rated := l.Player(id)
	b.Rated, b.Rating = rated, me.Rating
	type counted struct {
		event   int
		w, y, r float64 // age weight, his score from 0 to 1, opponent's rating
	}
	var all []counted
	for _, t := range ts {
		if l.Until.Before(t.Date) {
			continue
		}
		var ev *BasisEvent
		for _, g := range t.Games {
			opp, score := g.B, g.Score
			switch id {
			case g.A:
			case g.B:
				opp, score = g.A, 2-g.Score
			default:
				continue
			}
			if ev == nil {
				b.Events = append(b.Events, BasisEvent{Name: t.Name, File: t.File, Date: t.Date, Weight: Weight(l.AsOf, t.Date)})
				ev = &b.Events[len(b.Events)-1]
			}
			bg := BasisGame{Opponent: opp, Score: score}
			if o, ok := l.Player(opp); ok && rated && o.Component == me.Component {
				bg.Counted, bg.OpponentRating, bg.Expected = true, o.Rating, Expected(me.Rating, o.Rating)
				ev.Counted++
				ev.Score += float64(score) / 2
				ev.Expected += bg.Expected
				all = append(all, counted{len(b.Events) - 1, ev.Weight, float64(score) / 2, o.Rating})
			}
			ev.Games = append(ev.Games, bg)
		}
	}
	if len(b.Events) == 0 {
		return b, false
	}
	// His rating is where his weighted wins and expected wins balance, his
	// opponents' ratings given: the same balance without one tournament's
	// games gives the rating the others make.
	for k := range b.Events {
		if b.Events[k].Counted == 0 {
			continue
		}
		var ws, ys, rs []float64
		for _, c := range all {
			if c.event != k {
				ws, ys, rs = append(ws, c.w), append(ys, c.y), append(rs, c.r)
			}
		}
		if without, ok := balance(ws, ys, rs, me.Rating); ok {
			b.Events[k].Change, b.Events[k].HasChange = me.Rating-without, true
		}
	}
	sort.SliceStable(b.Events, func(i, j int) bool { return b.Events[j].Date.Before(b.Events[i].Date) })
	return b, true
}

// balance returns the rating R at which the weighted scores ys (each from
// 0 to 1, weight ws, against opponents rated rs) equal their expected
// scores, starting from guess; false when there is none (no games, or all
// won, or all lost). It is Newton's method kept inside a shrinking
// bracket.
func balance(ws, ys, rs []float64, guess float64) (float64, bool) {
	var won, total float64
	for k, w := range ws {
		won += w * ys[k]
		total += w
	}
	if total == 0 || won <= 0 || won >= total {
		return 0, false
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	r := guess
	for it := 0; it < 200; it++ {
		var f, df float64 // excess score and its slope in r
		for k, w := range ws {
			p := Expected(r, rs[k])
			f += w * (ys[k] - p)
			df += w * p * (1 - p) / K
		}
		if math.Abs(f) < 1e-9*total {
			return r, true
		}
		if f > 0 {
			lo = r // he scores more than expected: higher
		} else {
			hi = r
		}
		next := r + f/df
		if df == 0 || math.IsNaN(next) || next <= lo || next >= hi {
			switch {
			case math.IsInf(lo, -1):
				next = hi - 1000
			case math.IsInf(hi, 1):
				next = lo + 1000
			default:
				next = (lo + hi) / 2
			}
		}
		if hi-lo < 1e-7 {
			return (lo + hi) / 2, true
		}
		r = next
	}
	return r, true
}
