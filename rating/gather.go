package rating

import (
	"fmt"
	"sort"
)

// gathered is every game up to the list's last tournament date, with dense
// player indexes, and what the list needs to know about each player.
type gathered struct {
	opt Options
	ids []int // dense index → WOF id
	// games: a, b dense indexes, score of a out of 2, weight.
	a, b   []int32
	score  []int8
	weight []float64
	// Per player: games in the window, last tournament.
	window []int
	last   []Date
	// comp, size: strongly connected components; rated lists the dense
	// indexes of players in a component of at least MinComponent, by
	// component (largest first) then id.
	comp  []int32
	size  []int
	rated []int32
}

// gather validates and collects the games of the tournaments up to
// opt.Until, then finds the components.
func gather(ts []Tournament, opt Options) (*gathered, error) {
	g := &gathered{opt: opt}
	index := map[int]int32{}
	dense := func(id int) int32 {
		k, ok := index[id]
		if !ok {
			k = int32(len(g.ids))
			index[id] = k
			g.ids = append(g.ids, id)
			g.window = append(g.window, 0)
			g.last = append(g.last, Date{})
		}
		return k
	}
	for _, t := range ts {
		if opt.Until.Before(t.Date) {
			continue
		}
		if !t.Date.valid() {
			return nil, fmt.Errorf("rating: a tournament has no date (%v)", t.Date)
		}
		w := Weight(opt.AsOf, t.Date)
		inWindow := Months(opt.AsOf, t.Date) < ActiveMonths
		for _, gm := range t.Games {
			switch {
			case gm.A < 1 || gm.B < 1:
				return nil, fmt.Errorf("rating: game %d–%d of the tournament of %v: ids start at 1", gm.A, gm.B, t.Date)
			case gm.A == gm.B:
				return nil, fmt.Errorf("rating: game %d–%d of the tournament of %v: a player cannot play himself", gm.A, gm.B, t.Date)
			case gm.Score < 0 || gm.Score > 2:
				return nil, fmt.Errorf("rating: game %d–%d of the tournament of %v: score %d is not 0, 1 or 2 (a loss, a draw, a win)", gm.A, gm.B, t.Date, gm.Score)
			}
			a, b := dense(gm.A), dense(gm.B)
			g.a = append(g.a, a)
			g.b = append(g.b, b)
			g.score = append(g.score, int8(gm.Score))
			g.weight = append(g.weight, w)
			for _, p := range [2]int32{a, b} {
				if inWindow {
					g.window[p]++
				}
				if g.last[p].Before(t.Date) {
					g.last[p] = t.Date
				}
			}
		}
	}
	g.findComponents()
	return g, nil
}

// findComponents finds the strongly connected components of the graph
// with an edge from each game's winner to its loser (both ways for a
// draw) and the players who can be rated.
func (g *gathered) findComponents() {
	var from, to []int32
	for k := range g.a {
		a, b := g.a[k], g.b[k]
		if g.score[k] >= 1 {
			from, to = append(from, a), append(to, b)
		}
		if g.score[k] <= 1 {
			from, to = append(from, b), append(to, a)
		}
	}
	g.comp, g.size = components(len(g.ids), from, to)
	for p := range g.ids {
		if g.size[g.comp[p]] >= MinComponent {
			g.rated = append(g.rated, int32(p))
		}
	}
	// Components by size, largest first, then by their smallest id, so
	// that the numbering does not depend on the search's order.
	minID := make([]int, len(g.size))
	for p, id := range g.ids {
		if c := g.comp[p]; minID[c] == 0 || id < minID[c] {
			minID[c] = id
		}
	}
	sort.Slice(g.rated, func(x, y int) bool {
		px, py := g.rated[x], g.rated[y]
		cx, cy := g.comp[px], g.comp[py]
		if cx != cy {
			if g.size[cx] != g.size[cy] {
				return g.size[cx] > g.size[cy]
			}
			return minID[cx] < minID[cy]
		}
		return g.ids[px] < g.ids[py]
	})
}

// fit sums the games between rated players of the same component by pair.
func (g *gathered) fit() *fit {
	f := &fit{n: len(g.rated)}
	at := make([]int32, len(g.ids)) // dense index → fit index, or −1
	for k := range at {
		at[k] = -1
	}
	compOf := map[int32]int32{}
	f.comp = make([]int32, f.n)
	f.games = make([]float64, f.n)
	for k, p := range g.rated {
		at[p] = int32(k)
		c, ok := compOf[g.comp[p]]
		if !ok {
			c = int32(len(compOf))
			compOf[g.comp[p]] = c
		}
		f.comp[k] = c
	}
	f.ncomp = len(compOf)
	// The games by their lower player (a counting sort), then each lower
	// player's games summed by opponent, a stamp per opponent saying
	// whether he was met already: no hashing of 400,000 games, which took
	// as long as the rest of the gathering.
	start := make([]int32, f.n+1)
	for k := range g.a {
		a, b := at[g.a[k]], at[g.b[k]]
		if a < 0 || b < 0 || g.comp[g.a[k]] != g.comp[g.b[k]] {
			continue
		}
		start[min(a, b)+1]++
	}
	for p := 0; p < f.n; p++ {
		start[p+1] += start[p]
	}
	byLow := make([]int32, start[f.n])
	fill := append([]int32(nil), start[:f.n]...)
	for k := range g.a {
		a, b := at[g.a[k]], at[g.b[k]]
		if a < 0 || b < 0 || g.comp[g.a[k]] != g.comp[g.b[k]] {
			continue
		}
		low := min(a, b)
		byLow[fill[low]] = int32(k)
		fill[low]++
	}
	stamp := make([]int32, f.n) // lower player + 1 whose pair slot[b] is
	slot := make([]int32, f.n)
	for low := int32(0); int(low) < f.n; low++ {
		for _, k := range byLow[start[low]:start[low+1]] {
			a, b := at[g.a[k]], at[g.b[k]]
			y := float64(g.score[k]) / 2
			if a > b {
				a, b, y = b, a, 1-y
			}
			if stamp[b] != low+1 {
				stamp[b], slot[b] = low+1, int32(len(f.w))
				f.i, f.j = append(f.i, a), append(f.j, b)
				f.w, f.y = append(f.w, 0), append(f.y, 0)
			}
			pk := slot[b]
			f.w[pk] += g.weight[k]
			f.y[pk] += g.weight[k] * y
			f.games[a]++
			f.games[b]++
		}
	}
	return f
}

// list builds the List from the solved log-strengths r.
func (g *gathered) list(f *fit, r []float64, steps int) *List {
	l := &List{AsOf: g.opt.AsOf, Until: g.opt.Until, Steps: steps, index: map[int]int{}}
	unc := f.uncertainty(r)
	weighted := make([]float64, f.n)
	for k := range f.w {
		weighted[f.i[k]] += f.w[k] / weightRecent
		weighted[f.j[k]] += f.w[k] / weightRecent
	}
	for k, p := range g.rated {
		pl := Player{
			ID: g.ids[p], Rating: Level + K*r[k], Uncertainty: unc[k],
			Games: g.window[p], AllGames: int(f.games[k]), Weighted: weighted[k],
			Active: g.window[p] > 0, Component: int(f.comp[k]), Last: g.last[p],
		}
		pl.Listed = pl.Active && pl.Component == 0
		pl.Official = pl.Listed && pl.Uncertainty < OfficialUncertainty
		l.Players = append(l.Players, pl)
	}
	sortPlayers(l.Players)
	for k, p := range l.Players {
		l.index[p.ID] = k
	}
	l.Unplaced = g.unplaced()
	return l
}

// unplaced lists the players who played but could not be rated, and why.
func (g *gathered) unplaced() []Unplaced {
	wins := make([]int, len(g.ids))
	losses := make([]int, len(g.ids))
	played := make([]int, len(g.ids))
	for k := range g.a {
		a, b := g.a[k], g.b[k]
		played[a]++
		played[b]++
		switch g.score[k] {
		case 2:
			wins[a]++
			losses[b]++
		case 0:
			wins[b]++
			losses[a]++
		}
	}
	var out []Unplaced
	for p, id := range g.ids {
		if g.size[g.comp[p]] >= MinComponent {
			continue
		}
		u := Unplaced{ID: id, Games: played[p], Active: g.window[p] > 0, Last: g.last[p]}
		switch {
		case wins[p] == played[p]:
			u.Reason = "won every game"
		case losses[p] == played[p]:
			u.Reason = "lost every game"
		case g.size[g.comp[p]] == 1:
			u.Reason = "his wins and losses are not against players who beat and lost to each other"
		default:
			u.Reason = fmt.Sprintf("his results link him to only %d players (at least %d are needed)", g.size[g.comp[p]], MinComponent)
		}
		out = append(out, u)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].ID < out[b].ID })
	return out
}
