package pairing

import (
	"maps"
	"slices"
)

// colourCompletion colours the rounds that complete the cycle beginning at
// round start of played, then puts first the round that repeats the
// fewest last colours.
func colourCompletion(rounds []Round, played []PlayedRound, start int) {
	key := func(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }
	// The latest colours of each pair before this cycle: reversed now.
	earlier := map[[2]int]Pair{}
	for _, r := range played[:start] {
		for _, p := range r.Pairs {
			earlier[key(p.Black, p.White)] = p
		}
	}
	balance := map[int]int{} // blacks minus whites in the cycle
	last := map[int]Colour{}
	for _, r := range played {
		for _, p := range r.Pairs {
			last[p.Black], last[p.White] = Black, White
		}
	}
	for _, r := range played[start:] {
		for _, p := range r.Pairs {
			balance[p.Black]++
			balance[p.White]--
		}
	}
	var free [][]freeGame
	seen := maps.Clone(last)
	for i := range rounds {
		for k := range rounds[i].Pairs {
			p := &rounds[i].Pairs[k]
			if e, ok := earlier[key(p.Black, p.White)]; ok {
				*p = Pair{Black: e.White, White: e.Black}
			} else {
				// Greedy in round order: black to the player with fewer
				// blacks so far, then to the one who last had white.
				a, b := p.Black, p.White
				if balance[b] < balance[a] || balance[b] == balance[a] && seen[a] == Black && seen[b] != Black {
					a, b = b, a
				}
				*p = Pair{Black: a, White: b}
				free = append(free, []freeGame{{i, k}})
			}
			balance[p.Black]++
			balance[p.White]--
			seen[p.Black], seen[p.White] = Black, White
		}
	}
	balanceColours(rounds, free, balance)
	// The next round: the one that repeats fewest players' last colours.
	best, fewest := 0, -1
	for i, r := range rounds {
		repeats := 0
		for _, p := range r.Pairs {
			if last[p.Black] == Black {
				repeats++
			}
			if last[p.White] == White {
				repeats++
			}
		}
		if fewest < 0 || repeats < fewest {
			best, fewest = i, repeats
		}
	}
	rounds[0], rounds[best] = rounds[best], rounds[0]
}

// colourEvent colours the rounds that complete a round robin over all its
// cycles: each meeting of a pair swaps the colours of its meeting before
// (EGP II.2); a pair's first meeting is free, chosen (with the meetings
// that follow it) so that every player's colours over the event are as
// even as they can be.
func colourEvent(rounds []Round, played []PlayedRound) {
	key := func(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }
	latest := map[[2]int]Pair{}
	balance := map[int]int{}
	last := map[int]Colour{}
	for _, r := range played {
		for _, p := range r.Pairs {
			latest[key(p.Black, p.White)] = p
			balance[p.Black]++
			balance[p.White]--
			last[p.Black], last[p.White] = Black, White
		}
	}
	group := map[[2]int]int{} // pair -> its group in free
	var free [][]freeGame
	for i := range rounds {
		for k := range rounds[i].Pairs {
			p := &rounds[i].Pairs[k]
			kk := key(p.Black, p.White)
			if e, ok := latest[kk]; ok {
				*p = Pair{Black: e.White, White: e.Black}
				if g, ok := group[kk]; ok {
					free[g] = append(free[g], freeGame{i, k})
				}
			} else {
				a, b := p.Black, p.White
				if balance[b] < balance[a] || balance[b] == balance[a] && last[a] == Black && last[b] != Black {
					a, b = b, a
				}
				*p = Pair{Black: a, White: b}
				group[kk] = len(free)
				free = append(free, []freeGame{{i, k}})
			}
			latest[kk] = *p
			balance[p.Black]++
			balance[p.White]--
			last[p.Black], last[p.White] = Black, White
		}
	}
	balanceColours(rounds, free, balance)
}

// freeGame is a game of the completion: table pair of rounds[round].
type freeGame struct{ round, pair int }

// balanceColours reverses paths of the free games (black to white, one
// player to the next) from a player with more blacks to one with more
// whites, while that makes the balances more even: when none is left, the
// sum of the squared balances is the least any colouring of the free
// games gives (a convex-cost orientation is optimal when no path
// improves it), so every balance is within one of even wherever some
// colouring makes it so. A free "game" is a group: a pair's meetings, the
// first free and the others swapping colours from one to the next, which
// turn over together; a group of an even number of games evens itself
// out and is left as it is.
func balanceColours(rounds []Round, groups [][]freeGame, balance map[int]int) {
	var free [][]freeGame
	for _, g := range groups {
		if len(g)%2 == 1 {
			free = append(free, g)
		}
	}
	type arc struct{ to, game int }
	type step struct{ from, game int }
	for {
		out := map[int][]arc{} // black -> white, over the free games
		var players []int
		for g, group := range free {
			p := rounds[group[0].round].Pairs[group[0].pair]
			out[p.Black] = append(out[p.Black], arc{p.White, g})
			players = append(players, p.Black, p.White)
		}
		slices.Sort(players)
		players = slices.Compact(players)
		improved := false
		for _, s := range players {
			// Breadth first from s: the shortest path to the player with
			// the most whites among those it reaches.
			back := map[int]step{s: {-1, -1}}
			queue, target := []int{s}, -1
			for len(queue) > 0 {
				x := queue[0]
				queue = queue[1:]
				if balance[s]-balance[x] >= 3 && (target < 0 || balance[x] < balance[target]) {
					target = x
				}
				for _, a := range out[x] {
					if _, ok := back[a.to]; !ok {
						back[a.to] = step{x, a.game}
						queue = append(queue, a.to)
					}
				}
			}
			if target < 0 {
				continue
			}
			for x := target; x != s; x = back[x].from {
				for _, f := range free[back[x].game] {
					p := &rounds[f.round].Pairs[f.pair]
					*p = Pair{Black: p.White, White: p.Black}
				}
			}
			balance[s] -= 2
			balance[target] += 2
			improved = true
			break
		}
		if !improved {
			return
		}
	}
}
