package pairing

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCompleteAfterHandEnteredRound is the case: 8 players, round 1
// entered by hand as 1-2 3-4 5-6 7-8, which the circle method's round 2
// repeats (2-1, 5-6). The completion meets nobody twice.
func TestCompleteAfterHandEnteredRound(t *testing.T) {
	ids := []int{1, 2, 3, 4, 5, 6, 7, 8}
	played := []PlayedRound{{Pairs: []Pair{{1, 2}, {3, 4}, {5, 6}, {7, 8}}}}
	circle, _ := RoundRobin(ids, 1)
	if FollowsSchedule(circle, played) {
		t.Fatal("1-2 3-4 5-6 7-8 taken for the circle method's round 1")
	}
	rounds, err := CompleteRoundRobin(ids, 1, played)
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 6 {
		t.Fatalf("%d rounds to complete a 7-round cycle after one, want 6", len(rounds))
	}
	for id, b := range checkCompletion(t, "issue", ids, 1, played, rounds, false) {
		if b < -1 || b > 1 {
			t.Errorf("player %d's colours over the cycle are %+d", id, b)
		}
	}
}

// TestFollowsSchedule: the circle method's own rounds, with the colours
// the other way or a player absent, are its prefix; another round is not.
func TestFollowsSchedule(t *testing.T) {
	ids := []int{1, 2, 3, 4, 5}
	circle, _ := RoundRobin(ids, 1)
	played := []PlayedRound{{Pairs: circle[0].Pairs, Byes: circle[0].Byes}}
	if !FollowsSchedule(circle, played) {
		t.Error("the circle's round 1 does not follow the circle")
	}
	swapped := PlayedRound{Byes: circle[1].Byes}
	for _, p := range circle[1].Pairs {
		swapped.Pairs = append(swapped.Pairs, Pair{Black: p.White, White: p.Black})
	}
	if !FollowsSchedule(circle, append(played, swapped)) {
		t.Error("round 2 with the colours swapped does not follow the circle")
	}
	// Round 2 with its first game's white absent: black has the bye.
	absent := PlayedRound{Pairs: circle[1].Pairs[1:], Byes: append(slices.Clone(circle[1].Byes), circle[1].Pairs[0].Black)}
	if !FollowsSchedule(circle, append(played, absent)) {
		t.Error("round 2 with a player absent does not follow the circle")
	}
	if FollowsSchedule(circle, append(played, PlayedRound{Pairs: circle[0].Pairs, Byes: circle[0].Byes})) {
		t.Error("round 1 played again follows the circle")
	}
}

// TestCompleteRoundRobinProperty completes random partial schedules: the
// first rounds of random round robins (relabelled circles in a random
// order, the later cycles in another order with the colours swapped),
// some with games not played, some with rounds drawn at random instead.
// Every completion found is valid (checkCompletion); where the history is
// a real schedule's, a completion is always found and every player's
// colours over the cycle are within one of even.
func TestCompleteRoundRobinProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 1))
	cases := 600
	if testing.Short() {
		cases = 150
	}
	for c := range cases {
		n := 3 + rng.IntN(18)
		cycles := 1 + rng.IntN(3)
		ids := make([]int, n)
		for i := range ids {
			ids[i] = 100 + 7*i
		}
		perCycle := n - 1 + n%2
		k := rng.IntN(cycles * perCycle)
		schedule := randomSchedule(rng, ids, cycles)
		played := make([]PlayedRound, k)
		for i := range k {
			played[i] = PlayedRound{Pairs: schedule[i].Pairs, Byes: schedule[i].Byes}
		}
		mode := c % 3
		switch mode {
		case 1: // a game of some of the cycle's rounds not played: one absent, the other's bye, or both absent
			for i := k / perCycle * perCycle; i < k; i++ {
				if len(played[i].Pairs) > 0 && rng.IntN(3) == 0 {
					g := rng.IntN(len(played[i].Pairs))
					p := played[i].Pairs[g]
					played[i].Pairs = slices.Delete(slices.Clone(played[i].Pairs), g, g+1)
					if rng.IntN(2) == 0 {
						played[i].Byes = append(slices.Clone(played[i].Byes), p.Black)
					}
				}
			}
		case 2: // the current cycle's rounds drawn at random: perhaps no completion
			start := k / perCycle * perCycle
			used := map[[2]int]bool{}
			for i := start; i < k; i++ {
				played[i] = randomRound(rng, ids, used)
			}
		}
		name := fmt.Sprintf("case %d (n=%d cycles=%d k=%d mode %d)", c, n, cycles, k, mode)
		rounds, whole, err := completeRoundRobin(ids, cycles, played)
		var ce *CompletionError
		if errors.As(err, &ce) && ce.Bounded {
			t.Fatalf("%s: the search hit its bound: %v", name, err)
		}
		if err != nil {
			if mode != 2 {
				t.Fatalf("%s: the first rounds of a real round robin not completed: %v", name, err)
			}
			continue
		}
		if whole && mode != 2 {
			t.Errorf("%s: a real schedule's rounds completed over the whole event, not the cycle", name)
		}
		balance := checkCompletion(t, name, ids, cycles, played, rounds, whole)
		switch mode {
		case 0:
			for id, b := range balance {
				if b < -1 || b > 1 {
					t.Errorf("%s: player %d's colours over the cycle are %+d", name, id, b)
				}
			}
		case 1:
			// The schedule's own colours of the games left are a
			// colouring: the completion's is at least as even.
			start := k / perCycle * perCycle
			witness := map[int]int{}
			for i := start; i < start+perCycle; i++ {
				games := schedule[i].Pairs
				if i < k {
					games = played[i].Pairs
				}
				for _, p := range games {
					witness[p.Black]++
					witness[p.White]--
				}
			}
			if got, want := squares(balance), squares(witness); got > want {
				t.Errorf("%s: the completion's colours leave a squared imbalance of %d, the schedule's %d", name, got, want)
			}
		}
	}
}

func squares(balance map[int]int) int {
	sum := 0
	for _, b := range balance {
		sum += b * b
	}
	return sum
}

// randomSchedule is a round robin as another program might pair it: the
// circle method's rounds of the players in a random order, each cycle in
// its own random order of rounds, later cycles swapping the colours.
func randomSchedule(rng *rand.Rand, ids []int, cycles int) []Round {
	shuffled := slices.Clone(ids)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	first, _ := RoundRobin(shuffled, 1)
	var out []Round
	for c := range cycles {
		order := rng.Perm(len(first))
		for _, i := range order {
			r := Round{Byes: first[i].Byes}
			for _, p := range first[i].Pairs {
				if c%2 == 1 {
					p = Pair{Black: p.White, White: p.Black}
				}
				r.Pairs = append(r.Pairs, p)
			}
			out = append(out, r)
		}
	}
	return out
}

// randomRound pairs the players at random avoiding the pairs used (and
// records its own), with a bye for an odd one out: a round entered by hand.
func randomRound(rng *rand.Rand, ids []int, used map[[2]int]bool) PlayedRound {
	order := slices.Clone(ids)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	var r PlayedRound
	left := order
	for len(left) > 1 {
		a := left[0]
		partner := -1
		for i := 1; i < len(left); i++ {
			if !used[[2]int{min(a, left[i]), max(a, left[i])}] {
				partner = i
				break
			}
		}
		if partner < 0 {
			r.Byes = append(r.Byes, a) // nobody left to meet: a bye
			left = left[1:]
			continue
		}
		b := left[partner]
		used[[2]int{min(a, b), max(a, b)}] = true
		r.Pairs = append(r.Pairs, Pair{Black: a, White: b})
		left = slices.Delete(slices.Clone(left), partner, partner+1)[1:]
	}
	r.Byes = append(r.Byes, left...)
	return r
}

// checkCompletion checks rounds complete the current cycle of played (or,
// whole, every round left of the event): every round places every player
// once (a game or the bye, one bye in an odd field), no pair meets more
// often than the span makes it (once in the cycle; the cycles in the whole
// event), and the games of the span's rounds played with players missing
// can be the meetings left over, so that every pair meets exactly as
// often as it must; a pair that has met swaps the colours of its latest
// game. It returns each player's blacks minus whites over the span.
func checkCompletion(t *testing.T, name string, ids []int, cycles int, played []PlayedRound, rounds []Round, whole bool) map[int]int {
	t.Helper()
	n := len(ids)
	perCycle := n - 1 + n%2
	start, times, span := len(played)/perCycle*perCycle, 1, perCycle
	if whole {
		start, times, span = 0, cycles, cycles*perCycle
	}
	if want := span - (len(played) - start); len(rounds) != want {
		t.Fatalf("%s: %d rounds, want %d", name, len(rounds), want)
	}
	const bye = 0
	key := func(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }
	met := map[[2]int]int{}
	latest := map[[2]int]Pair{}
	for _, r := range played[:start] {
		for _, p := range r.Pairs {
			latest[key(p.Black, p.White)] = p
		}
	}
	balance := map[int]int{}
	var free [][]int // each played round's players without a game, and the bye
	for _, r := range played[start:] {
		in := map[int]bool{}
		for _, p := range r.Pairs {
			if met[key(p.Black, p.White)]++; met[key(p.Black, p.White)] > times {
				t.Fatalf("%s: the history itself repeats %v", name, p)
			}
			latest[key(p.Black, p.White)] = p
			in[p.Black], in[p.White] = true, true
			balance[p.Black]++
			balance[p.White]--
		}
		var f []int
		for _, id := range ids {
			if !in[id] {
				f = append(f, id)
			}
		}
		if n%2 == 1 {
			f = append(f, bye)
		}
		free = append(free, f)
	}
	if !whole {
		// In a cycle, only the earlier cycles' colours are swapped.
		clear(latest)
		for _, r := range played[:start] {
			for _, p := range r.Pairs {
				latest[key(p.Black, p.White)] = p
			}
		}
	}
	for i, r := range rounds {
		seen := map[int]bool{}
		place := func(id int) {
			if seen[id] {
				t.Fatalf("%s: completion round %d places %d twice", name, i+1, id)
			}
			seen[id] = true
		}
		for _, p := range r.Pairs {
			place(p.Black)
			place(p.White)
			k := key(p.Black, p.White)
			if met[k]++; met[k] > times {
				t.Fatalf("%s: completion round %d pairs %d and %d, who have met %d times", name, i+1, p.Black, p.White, met[k]-1)
			}
			if e, ok := latest[k]; ok && (e.Black != p.White || e.White != p.Black) {
				t.Errorf("%s: %d-%d does not swap the colours of their earlier game %d-%d", name, p.Black, p.White, e.Black, e.White)
			}
			if whole {
				latest[k] = p
			}
			balance[p.Black]++
			balance[p.White]--
		}
		for _, id := range r.Byes {
			place(id)
			if met[key(id, bye)]++; met[key(id, bye)] > times {
				t.Fatalf("%s: completion round %d gives %d a bye too many", name, i+1, id)
			}
		}
		if len(seen) != n || len(r.Byes) != n%2 {
			t.Fatalf("%s: completion round %d places %d of %d players with %d byes", name, i+1, len(seen), n, len(r.Byes))
		}
	}
	// The meetings left over are the games of the rounds played with
	// players missing: a perfect matching of each such round's free
	// players out of them, using each once.
	all := append(slices.Clone(ids), bye)
	if n%2 == 0 {
		all = ids
	}
	left := map[[2]int]int{}
	for i, a := range all {
		for _, b := range all[i+1:] {
			if m := met[key(a, b)]; m < times {
				left[key(a, b)] = times - m
			}
		}
	}
	if !matchAll(free, left) {
		t.Fatalf("%s: the %d meetings that never happen are not the games of the rounds played with players missing", name, len(left))
	}
	return balance
}

// matchAll reports whether each set of players in free can be paired
// perfectly out of the meetings left, every one used exactly once.
func matchAll(free [][]int, left map[[2]int]int) bool {
	if len(free) == 0 {
		for _, n := range left {
			if n > 0 {
				return false
			}
		}
		return true
	}
	f := free[0]
	if len(f) == 0 {
		return matchAll(free[1:], left)
	}
	a := f[0]
	for i := 1; i < len(f); i++ {
		k := [2]int{min(a, f[i]), max(a, f[i])}
		if left[k] == 0 {
			continue
		}
		left[k]--
		rest := append(slices.Clone(f[1:i]), f[i+1:]...)
		if matchAll(append([][]int{rest}, free[1:]...), left) {
			return true
		}
		left[k]++
	}
	return false
}

// TestCompletionColoursOptimal: with random colours in the rounds played,
// the completion's colours make every player's balance as even as any
// colouring of its games can (checked over every colouring, on small
// fields).
func TestCompletionColoursOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2))
	for c := range 150 {
		n := 4 + rng.IntN(3) // 4 to 6 players: at most 2^12 colourings
		ids := make([]int, n)
		for i := range ids {
			ids[i] = i + 1
		}
		perCycle := n - 1 + n%2
		k := 1 + rng.IntN(perCycle-1)
		schedule := randomSchedule(rng, ids, 1)
		played := make([]PlayedRound, k)
		for i := range k {
			for _, p := range schedule[i].Pairs {
				if rng.IntN(2) == 0 {
					p = Pair{Black: p.White, White: p.Black}
				}
				played[i].Pairs = append(played[i].Pairs, p)
			}
			played[i].Byes = schedule[i].Byes
		}
		rounds, err := CompleteRoundRobin(ids, 1, played)
		if err != nil {
			t.Fatal(err)
		}
		base := map[int]int{}
		for _, r := range played {
			for _, p := range r.Pairs {
				base[p.Black]++
				base[p.White]--
			}
		}
		var games []Pair
		for _, r := range rounds {
			games = append(games, r.Pairs...)
		}
		cost := func(flip uint) int {
			b := maps.Clone(base)
			sum := 0
			for i, p := range games {
				if flip>>i&1 == 1 {
					p = Pair{Black: p.White, White: p.Black}
				}
				b[p.Black]++
				b[p.White]--
			}
			for _, v := range b {
				sum += v * v
			}
			return sum
		}
		best := cost(0)
		for flip := uint(1); flip < 1<<len(games); flip++ {
			best = min(best, cost(flip))
		}
		if got := cost(0); got != best {
			t.Fatalf("case %d: the completion's colours leave a squared imbalance of %d; %d is possible", c, got, best)
		}
	}
}

// TestCompleteMatchesOfTwoGames is a real case (the 2019 XVII Copa de
// Othello, Brazil): a double round robin of 4 players played as two-game
// matches, 1-4 and 2-3 in rounds 1 and 2. The cycles are not kept, so the
// completion covers the whole event: every other pair meets twice, the
// second game with the colours swapped.
func TestCompleteMatchesOfTwoGames(t *testing.T) {
	ids := []int{1, 2, 3, 4}
	played := []PlayedRound{{Pairs: []Pair{{1, 4}, {2, 3}}}, {Pairs: []Pair{{4, 1}, {3, 2}}}}
	rounds, whole, err := completeRoundRobin(ids, 2, played)
	if err != nil {
		t.Fatal(err)
	}
	if !whole || len(rounds) != 4 {
		t.Fatalf("%d rounds (whole event %v), want the 4 rounds left", len(rounds), whole)
	}
	for id, b := range checkCompletion(t, "copa", ids, 2, played, rounds, true) {
		if b != 0 {
			t.Errorf("player %d's colours over the event are %+d", id, b)
		}
	}
}
