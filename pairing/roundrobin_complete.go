package pairing

import (
	"errors"
	"fmt"
)

// PlayedRound is a round of a round robin as it was played: its games
// (black first) and the players who had a bye. A player of the round robin
// in neither did not play the round (absent or withdrawn): as when the
// circle method pairs him, the opponent he would have met had the bye
// instead, and the two never meet.
type PlayedRound struct {
	Pairs []Pair
	Byes  []int
}

// CompletionError says why the rounds played cannot be completed into the
// round robin, or that the search gave up at its bound.
type CompletionError struct {
	// Bounded: the search stopped at its step limit; a completion may
	// still exist.
	Bounded bool
	// Met, when not zero, are two players who, in round Round, meet more
	// often than Times (once in the cycle, or the cycles in all);
	// Outsider, when not 0, is a player who is not one of the round
	// robin's and plays (or has a bye) in round Round.
	Met          [2]int
	Outsider     int
	Round, Times int
	// Why says what stands in the way, in words.
	Why string
}

func (e *CompletionError) Error() string { return "pairing: " + e.Why }

// CompletionSteps bounds the games the completion search tries: far more
// than any round robin of up to 20 players needs (a few thousand at most in
// the tests and on real events: a pairing proves a field of 22 cannot be
// completed in 6,330), and under half a second at worst (about 4 µs a
// step for 20 players).
const CompletionSteps = 100_000

// FollowsSchedule reports whether the rounds played are the schedule's
// first rounds: each game one of the same round's pairs (in either colour),
// each bye the round's bye or a player whose scheduled opponent did not
// play that round (WOC II.8: an absent or withdrawn player's opponent has
// the bye).
func FollowsSchedule(schedule []Round, played []PlayedRound) bool {
	if len(played) > len(schedule) {
		return false
	}
	for i, p := range played {
		partner := map[int]int{} // player -> scheduled opponent, 0 for the bye
		for _, q := range schedule[i].Pairs {
			partner[q.Black], partner[q.White] = q.White, q.Black
		}
		for _, id := range schedule[i].Byes {
			partner[id] = 0
		}
		plays := map[int]bool{}
		for _, q := range p.Pairs {
			if other, ok := partner[q.Black]; !ok || other != q.White {
				return false
			}
			plays[q.Black], plays[q.White] = true, true
		}
		for _, id := range p.Byes {
			other, ok := partner[id]
			if !ok || other != 0 && plays[other] {
				return false
			}
		}
	}
	return true
}

// CompleteRoundRobin returns the rounds that complete a round robin of the
// players ids in cycles cycles, after the rounds played (oldest first,
// which need not follow the circle method: rounds entered by hand, an
// event moved from another program).
//
// Cycle by cycle where it can: the rounds left in the current cycle, in
// which every pair of players meets exactly once counting the games
// played, with an odd field everyone has one bye, and no pair that has met
// in the cycle meets again; a new cycle after a full one repeats its
// rounds in the same order where it can. Where the rounds played do not
// keep to cycles (a pair that met twice in a cycle: a double round robin
// played as two-game matches) it returns every round left, in which every
// pair meets as often as the cycles make it (cycles times in all) and
// everyone has as many byes as cycles. A round played with a player
// missing counts as his game against the player who had the bye, or
// against another player missing (CompleteRoundRobin chooses which).
//
// The search is exact: a *CompletionError without Bounded means no
// completion exists. The first round returned is the one to play next.
// Colours: a pair that has met swaps the colours of its latest game (EGP
// II.2); the others are chosen so that every player's blacks and whites
// (over the cycle, or the event) are as even as the games played allow
// (within one when they allow it, as RoundRobin's); in a cycle, the next
// round repeats as few of its players' last colours as the choice leaves.
func CompleteRoundRobin(ids []int, cycles int, played []PlayedRound) ([]Round, error) {
	rounds, _, err := completeRoundRobin(ids, cycles, played)
	return rounds, err
}

// completeRoundRobin is CompleteRoundRobin, and says whether the rounds
// complete the whole event rather than the current cycle.
func completeRoundRobin(ids []int, cycles int, played []PlayedRound) ([]Round, bool, error) {
	if len(ids) < 2 {
		return nil, false, fmt.Errorf("pairing: a round robin needs at least 2 players, not %d", len(ids))
	}
	if cycles < 1 {
		return nil, false, fmt.Errorf("pairing: a round robin has at least one cycle, not %d", cycles)
	}
	seat := make(map[int]int, len(ids))
	for i, id := range ids {
		if id == 0 {
			return nil, false, fmt.Errorf("pairing: player id 0 is the bye's")
		}
		if _, dup := seat[id]; dup {
			return nil, false, fmt.Errorf("pairing: player %d is in the round robin twice", id)
		}
		seat[id] = i
	}
	m := len(ids) + len(ids)%2 // the bye takes the last seat of an odd field
	perCycle := m - 1
	if len(played) >= cycles*perCycle {
		return nil, false, &CompletionError{Why: fmt.Sprintf("the round robin of %d players in %d cycle(s) has %d rounds, all played", len(ids), cycles, cycles*perCycle)}
	}
	s := solver{ids: ids, seat: seat, m: m}
	cycle := len(played) / perCycle
	if cycles == 1 || keepsToCycles(played[:cycle*perCycle], cycle) {
		start := cycle * perCycle
		var hint []PlayedRound
		if cycle > 0 {
			hint = played[start-perCycle : start]
		}
		rounds, err := s.solve(played[start:], start, perCycle, 1, hint)
		var ce *CompletionError
		if err == nil {
			colourCompletion(rounds, played, start)
			return rounds, false, nil
		}
		if cycles == 1 || errors.As(err, &ce) && (ce.Bounded || ce.Outsider != 0) {
			return nil, false, err
		}
	}
	rounds, err := s.solve(played, 0, cycles*perCycle, cycles, nil)
	if err != nil {
		return nil, true, err
	}
	colourEvent(rounds, played)
	return rounds, true, nil
}

// keepsToCycles reports whether every pair met at most once in each of the
// cycles played: then the next cycle completes on its own.
func keepsToCycles(played []PlayedRound, cycles int) bool {
	met := map[[2]int]int{}
	for _, r := range played {
		for _, p := range r.Pairs {
			k := [2]int{min(p.Black, p.White), max(p.Black, p.White)}
			if met[k]++; met[k] > cycles {
				return false
			}
		}
	}
	return true
}

// solver completes rounds of the round robin of ids (seat: id -> seat).
type solver struct {
	ids  []int
	seat map[int]int
	m    int
}

// solve finds the rounds that follow played (the rounds from round
// first+1 on), total rounds in all, in which every pair meets times times;
// hint is the previous cycle, which the rounds follow where they can.
func (s solver) solve(played []PlayedRound, first, total, times int, hint []PlayedRound) ([]Round, error) {
	c := newCover(s.m, total, times, CompletionSteps)
	for j, r := range played {
		n := first + j + 1
		for _, p := range r.Pairs {
			b, okB := s.seat[p.Black]
			w, okW := s.seat[p.White]
			switch {
			case !okB || !okW:
				out := p.Black
				if okB {
					out = p.White
				}
				return nil, &CompletionError{Outsider: out, Round: n,
					Why: fmt.Sprintf("player %d plays in round %d but is not one of the round robin's players", out, n)}
			case !c.fix(j, b, w):
				return nil, &CompletionError{Met: [2]int{p.Black, p.White}, Round: n, Times: times,
					Why: fmt.Sprintf("%d and %d meet more than %s (round %d)", p.Black, p.White, timesWord(times), n)}
			}
		}
		for _, id := range r.Byes {
			if _, ok := s.seat[id]; !ok {
				return nil, &CompletionError{Outsider: id, Round: n, Why: fmt.Sprintf("player %d has a bye in round %d but is not one of the round robin's players", id, n)}
			}
		}
	}
	for j, r := range hint {
		for _, p := range r.Pairs {
			b, okB := s.seat[p.Black]
			w, okW := s.seat[p.White]
			if okB && okW {
				c.hint[j][b], c.hint[j][w] = w, b
			}
		}
		for _, id := range r.Byes {
			if v, ok := s.seat[id]; ok && s.m > len(s.ids) {
				c.hint[j][v], c.hint[j][s.m-1] = s.m-1, v
			}
		}
	}
	c.count()
	if !c.search() {
		if c.bounded {
			return nil, &CompletionError{Bounded: true, Why: fmt.Sprintf("no completion of the round robin was found within %d steps of the search", c.limit)}
		}
		return nil, &CompletionError{Why: fmt.Sprintf("no schedule of the %s left has every pair meet as often as the round robin makes it", roundsWord(total-len(played)))}
	}
	rounds := make([]Round, 0, total-len(played))
	for j := len(played); j < total; j++ {
		var r Round
		for v := range s.m {
			w := c.mate[j][v]
			switch {
			case v == len(s.ids):
				r.Byes = append(r.Byes, s.ids[w])
			case w == len(s.ids) || v > w:
			default:
				r.Pairs = append(r.Pairs, Pair{Black: s.ids[v], White: s.ids[w]})
			}
		}
		rounds = append(rounds, r)
	}
	return rounds, nil
}

func timesWord(n int) string {
	if n == 1 {
		return "once in the cycle"
	}
	return fmt.Sprintf("%d times in all", n)
}

func roundsWord(n int) string {
	if n == 1 {
		return "1 round"
	}
	return fmt.Sprintf("%d rounds", n)
}
