package pairing

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
)

// Pair is one game: the black player's ID, then the white's.
type Pair struct{ Black, White int }

// Options are the director's controls over one Swiss round.
type Options struct {
	// Seed makes the random choices (colours when everything else is equal)
	// reproducible; it is recorded with the round.
	Seed uint64
	// Fixed pairs are imposed as given (black first); the rest is paired
	// around them.
	Fixed []Pair
	// Forbidden pairs may not meet this round, in either colour.
	Forbidden []Pair
	// Window limits the candidate pairs to players whose score groups are
	// at most Window apart, widening only when that leaves someone
	// unpaired; 0 means the default (1). A negative Window uses the
	// complete graph from the start (for tests).
	Window int
}

// Pairing is one game of the round with its cost under each criterion.
type Pairing struct {
	Pair
	Fixed bool
	Costs []int64
	// Breaks names the rule the pair breaks, for a pair imposed (Fixed) or
	// priced (Price) that the rules forbid; "" otherwise.
	Breaks string
}

// Result is a paired round.
type Result struct {
	// Pairings are the games, top boards first.
	Pairings []Pairing
	// Bye is the ID of the player with the bye, or 0.
	Bye int
	// Criteria name the costs of each pairing, in priority order, and
	// Totals add them up over the round: the matching is exact, so no
	// pairing of the same players has a lexicographically smaller Totals.
	Criteria []Criterion
	Totals   []int64
	// Window is the score-group distance the candidate pairs finally spanned.
	Window int
}

// ErrNoPairing is returned when the rules leave no way to pair everyone.
var ErrNoPairing = errors.New("pairing: no pairing satisfies the rules (too many players have already met)")

// Swiss pairs one Swiss round of players under rules. IDs must be positive
// and distinct; withdrawn players must not be passed.
func Swiss(players []Player, rules Rules, opts Options) (*Result, error) {
	byID := make(map[int]*Player, len(players))
	for i := range players {
		p := &players[i]
		if p.ID <= 0 {
			return nil, fmt.Errorf("pairing: player ID %d: IDs are positive", p.ID)
		}
		if _, dup := byID[p.ID]; dup {
			return nil, fmt.Errorf("pairing: player ID %d appears twice", p.ID)
		}
		byID[p.ID] = p
	}
	res := &Result{Criteria: rules.Criteria, Totals: make([]int64, len(rules.Criteria))}
	pool, err := removeFixed(players, byID, opts.Fixed)
	if err != nil {
		return nil, err
	}
	forbidden := map[[2]int]bool{}
	for _, f := range opts.Forbidden {
		forbidden[[2]int{f.Black, f.White}], forbidden[[2]int{f.White, f.Black}] = true, true
	}
	candidates := []*Player{nil}
	if len(pool)%2 == 1 {
		candidates = byeCandidates(pool)
	}
	for _, bye := range candidates {
		rest := pool
		if bye != nil {
			rest = slices.DeleteFunc(slices.Clone(pool), func(p *Player) bool { return p == bye })
		}
		// The frame: everyone paired this round, the fixed pairs included.
		paired := slices.Clone(rest)
		for _, f := range opts.Fixed {
			paired = append(paired, byID[f.Black], byID[f.White])
		}
		fr := newFrame(paired, rules)
		pairings, window, err := pairPool(rest, fr, rules, opts, forbidden)
		if errors.Is(err, ErrNoPairing) {
			continue // this bye leaves the others unpairable: try the next one (BOF 7)
		}
		if err != nil {
			return nil, err
		}
		if bye != nil {
			res.Bye = bye.ID
		}
		for _, f := range opts.Fixed {
			a, b := byID[f.Black], byID[f.White]
			costs := make([]int64, len(rules.Criteria))
			fr.costs(a, b, fr.slots[a.ID], fr.slots[b.ID], true, rules.Criteria, costs)
			res.Pairings = append(res.Pairings, Pairing{Pair: f, Fixed: true, Costs: costs, Breaks: rules.breaks(a, b, true, forbidden)})
		}
		res.Pairings = append(res.Pairings, pairings...)
		res.Window = window
		res.order(byID)
		return res, nil
	}
	return nil, ErrNoPairing
}

// removeFixed takes the director's fixed pairs out of the pool.
func removeFixed(players []Player, byID map[int]*Player, fixed []Pair) ([]*Player, error) {
	taken := map[int]bool{}
	for _, f := range fixed {
		for _, id := range []int{f.Black, f.White} {
			if _, ok := byID[id]; !ok {
				return nil, fmt.Errorf("pairing: fixed pair %d-%d: player %d is not in this round", f.Black, f.White, id)
			}
			if taken[id] {
				return nil, fmt.Errorf("pairing: player %d is in two fixed pairs", id)
			}
			taken[id] = true
		}
		if f.Black == f.White {
			return nil, fmt.Errorf("pairing: fixed pair %d-%d: a player cannot meet themself", f.Black, f.White)
		}
	}
	var pool []*Player
	for i := range players {
		if !taken[players[i].ID] {
			pool = append(pool, &players[i])
		}
	}
	return pool, nil
}

// byeCandidates lists who may get the bye, best first: the players with
// the fewest byes so far, lowest in the standings first (BOF 7). Nobody
// gets a second bye while someone has none: "Bye" is an opponent like any
// other, never met twice (BOF Swiss system 1).
func byeCandidates(pool []*Player) []*Player {
	fewest := pool[0].Byes
	for _, p := range pool {
		fewest = min(fewest, p.Byes)
	}
	var c []*Player
	for _, p := range pool {
		if p.Byes == fewest {
			c = append(c, p)
		}
	}
	sort.SliceStable(c, func(i, j int) bool { return c[i].Rank > c[j].Rank })
	return c
}

// pairPool pairs an even number of players, widening the candidate pairs
// from neighbouring score groups to everyone until all can be paired.
func pairPool(pool []*Player, fr *frame, rules Rules, opts Options, forbidden map[[2]int]bool) ([]Pairing, int, error) {
	if len(pool) == 0 {
		return nil, 0, nil
	}
	// In the frame's order: by score group, then standings.
	slices.SortStableFunc(pool, func(a, b *Player) int {
		sa, sb := fr.slots[a.ID], fr.slots[b.ID]
		if sa.group != sb.group {
			return sa.group - sb.group
		}
		return sa.pos - sb.pos
	})
	groups := fr.groups
	window := opts.Window
	if window == 0 {
		window = 1
	}
	if window < 0 {
		window = groups
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x6f7468656c6c6f)) // "othello"
	// First a sparse graph of likely partners, completed by pricing; if it
	// cannot pair everyone, complete graphs over ever wider windows.
	if opts.Window >= 0 {
		g, err := buildGraph(pool, fr, rules, 1, forbidden, true)
		if err != nil {
			return nil, window, err
		}
		if pairings, ok := g.solve(rng); ok {
			return pairings, window, nil
		}
	}
	for {
		g, err := buildGraph(pool, fr, rules, window, forbidden, false)
		if err != nil {
			return nil, window, err
		}
		if pairings, ok := g.solve(rng); ok {
			return pairings, window, nil
		}
		if window >= groups {
			return nil, window, ErrNoPairing
		}
		window *= 2
	}
}

// order sorts the games top boards first: by the better-ranked player.
func (r *Result) order(byID map[int]*Player) {
	best := func(p Pairing) (float64, int) {
		a, b := byID[p.Black], byID[p.White]
		if b.Score > a.Score || (b.Score == a.Score && b.Rank < a.Rank) {
			a = b
		}
		return -a.Score, a.Rank
	}
	sort.SliceStable(r.Pairings, func(i, j int) bool {
		si, ri := best(r.Pairings[i])
		sj, rj := best(r.Pairings[j])
		if si != sj {
			return si < sj
		}
		return ri < rj
	})
	clear(r.Totals)
	for _, p := range r.Pairings {
		for k, c := range p.Costs {
			r.Totals[k] += c
		}
	}
}
