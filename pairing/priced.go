package pairing

import "fmt"

// Price prices a round given as pairs (black first), as Swiss prices its
// own: each pair's cost under each criterion of rules, and the totals. The
// frame is the players of the pairs, found in players (who may hold more:
// the bye, anyone absent); so Price of Swiss's pairings, from the same
// players, gives Swiss's costs back. A pair the rules forbid is priced all
// the same and says which rule it breaks (Pairing.Breaks). The pairings
// keep the order of pairs.
func Price(players []Player, rules Rules, pairs []Pair) (*Result, error) {
	byID := make(map[int]*Player, len(players))
	for i := range players {
		byID[players[i].ID] = &players[i]
	}
	var paired []*Player
	seen := map[int]bool{}
	for _, p := range pairs {
		if p.Black == p.White {
			return nil, fmt.Errorf("pairing: pair %d-%d: a player cannot meet themself", p.Black, p.White)
		}
		for _, id := range []int{p.Black, p.White} {
			if byID[id] == nil {
				return nil, fmt.Errorf("pairing: pair %d-%d: no player %d", p.Black, p.White, id)
			}
			if seen[id] {
				return nil, fmt.Errorf("pairing: player %d is in two pairs", id)
			}
			seen[id] = true
			paired = append(paired, byID[id])
		}
	}
	fr := newFrame(paired, rules)
	res := &Result{Criteria: rules.Criteria, Totals: make([]int64, len(rules.Criteria))}
	for _, p := range pairs {
		a, b := byID[p.Black], byID[p.White]
		costs := make([]int64, len(rules.Criteria))
		fr.costs(a, b, fr.slots[a.ID], fr.slots[b.ID], true, rules.Criteria, costs)
		res.Pairings = append(res.Pairings, Pairing{Pair: p, Costs: costs, Breaks: rules.breaks(a, b, true, nil)})
		for k, c := range costs {
			res.Totals[k] += c
		}
	}
	return res, nil
}

// breaks names the rule a (black if aBlack) against b breaks, or "".
func (r Rules) breaks(a, b *Player, aBlack bool, forbidden map[[2]int]bool) string {
	switch met := a.Met[b.ID]; {
	case met >= r.MaxMeetings:
		return fmt.Sprintf("a meeting the rules forbid: %d already, at most %d under the %s rules", met, r.MaxMeetings, r.Name)
	case forbidden[[2]int{a.ID, b.ID}]:
		return "kept apart this round (--forbid)"
	}
	want := Black
	if !aBlack {
		want = White
	}
	if forced := r.forcedColour(a, b); forced != NoColour && forced != want {
		return "their colours are not reversed from their last game (EGP II.2)"
	}
	return ""
}
