package pairing

import (
	"math/rand/v2"
	"slices"
	"sort"
)

// FirstRoundWOC pairs a first round by WOC II.7.1: a random player of group
// A (Seeded) against a random player of group B, the group A player black,
// then white, alternately, until a group is empty; the others by random
// draw. The seed makes the draw reproducible. With an odd number of players
// the bye goes to a player drawn at random.
func FirstRoundWOC(players []Player, seed uint64) Round {
	rng := rand.New(rand.NewPCG(seed, 1))
	var a, b []int
	for _, p := range players {
		if p.Seeded {
			a = append(a, p.ID)
		} else {
			b = append(b, p.ID)
		}
	}
	shuffle(rng, a)
	shuffle(rng, b)
	var round Round
	for k := 0; k < len(a) && k < len(b); k++ {
		p := Pair{Black: a[k], White: b[k]}
		if k%2 == 1 {
			p = Pair{Black: b[k], White: a[k]}
		}
		round.Pairs = append(round.Pairs, p)
	}
	k := min(len(a), len(b))
	rest := append(a[k:], b[k:]...)
	drawn := randomDraw(rng, rest)
	round.Pairs = append(round.Pairs, drawn.Pairs...)
	round.Byes = drawn.Byes
	return round
}

// FirstRoundRandom pairs a first round by random draw, colours drawn too.
func FirstRoundRandom(players []Player, seed uint64) Round {
	rng := rand.New(rand.NewPCG(seed, 2))
	ids := make([]int, len(players))
	for i, p := range players {
		ids[i] = p.ID
	}
	shuffle(rng, ids)
	return randomDraw(rng, ids)
}

// FirstRoundBOF pairs a first round by BOF general rule 16: players in
// rating order, the top half against the bottom half (1st v (n/2+1)th, 2nd
// v (n/2+2)th, ...), unrated players at the bottom of the top half so that
// they meet the lowest rated. The top-half player is black on odd tables
// and white on even ones (a choice: the rule is silent). With an odd
// number of players the lowest-rated player gets the bye (BOF 7).
func FirstRoundBOF(players []Player) Round {
	var rated, unrated []Player
	for _, p := range players {
		if p.Rating != 0 {
			rated = append(rated, p)
		} else {
			unrated = append(unrated, p)
		}
	}
	sort.SliceStable(rated, func(i, j int) bool { return rated[i].Rating > rated[j].Rating })
	var round Round
	if len(players)%2 == 1 {
		// The bye: the lowest-rated, or the last unrated if nobody is rated.
		if len(rated) > 0 {
			round.Byes = []int{rated[len(rated)-1].ID}
			rated = rated[:len(rated)-1]
		} else {
			round.Byes = []int{unrated[len(unrated)-1].ID}
			unrated = unrated[:len(unrated)-1]
		}
	}
	half := (len(rated) + len(unrated)) / 2
	// The top half is the best rated, then the unrated at its bottom.
	topRated := max(0, half-len(unrated))
	order := append(append(append([]Player{}, rated[:topRated]...), unrated...), rated[topRated:]...)
	for t := range half {
		top, bottom := order[t].ID, order[t+half].ID
		p := Pair{Black: top, White: bottom}
		if t%2 == 1 {
			p = Pair{Black: bottom, White: top}
		}
		round.Pairs = append(round.Pairs, p)
	}
	return round
}

// randomDraw pairs ids in their (already shuffled) order with random
// colours; with an odd number the last gets the bye.
func randomDraw(rng *rand.Rand, ids []int) Round {
	var round Round
	for k := 0; k+1 < len(ids); k += 2 {
		p := Pair{Black: ids[k], White: ids[k+1]}
		if rng.IntN(2) == 1 {
			p = Pair{Black: ids[k+1], White: ids[k]}
		}
		round.Pairs = append(round.Pairs, p)
	}
	if len(ids)%2 == 1 {
		round.Byes = []int{ids[len(ids)-1]}
	}
	return round
}

func shuffle(rng *rand.Rand, ids []int) {
	slices.Sort(ids) // the same players in any order give the same draw
	rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
}
