package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// sim is a simulated tournament for tests: players with random ratings and
// countries, random results, random withdrawals.
type sim struct {
	rng       *rand.Rand
	players   map[int]*Player
	order     []int // all IDs, in registration order
	withdrawn map[int]bool
	rounds    int
}

func newSim(seed uint64, n int) *sim {
	s := &sim{rng: rand.New(rand.NewPCG(seed, 99)), players: map[int]*Player{}, withdrawn: map[int]bool{}}
	countries := []string{"JPN", "FRA", "GBR", "NED", "USA", ""}
	for id := 1; id <= n; id++ {
		s.players[id] = &Player{ID: id, Rating: 1200 + s.rng.IntN(1400), Country: countries[s.rng.IntN(len(countries))],
			Met: map[int]int{}, Seeded: s.rng.IntN(5) == 0}
		s.order = append(s.order, id)
	}
	return s
}

// active returns copies of the active players, ranked by score then rating.
func (s *sim) active() []Player {
	var ps []Player
	for _, id := range s.order {
		if !s.withdrawn[id] {
			p := *s.players[id]
			p.Colours, p.Floats = slices.Clone(p.Colours), slices.Clone(p.Floats)
			ps = append(ps, p)
		}
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Score != ps[j].Score {
			return ps[i].Score > ps[j].Score
		}
		return ps[i].Rating > ps[j].Rating
	})
	for i := range ps {
		ps[i].Rank = i
	}
	return ps
}

// play records a round's results: random, with draws now and then.
func (s *sim) play(res *Result) {
	before := map[int]float64{}
	for id, p := range s.players {
		before[id] = p.Score
	}
	for _, pr := range res.Pairings {
		b, w := s.players[pr.Black], s.players[pr.White]
		switch r := s.rng.IntN(20); {
		case r == 0:
			b.Score += 0.5
			w.Score += 0.5
		case r < 10+int(b.Rating-w.Rating)/200:
			b.Score++
		default:
			w.Score++
		}
		b.Colours, w.Colours = append(b.Colours, Black), append(w.Colours, White)
		b.Floats, w.Floats = append(b.Floats, floatOf(before[b.ID], before[w.ID])), append(w.Floats, floatOf(before[w.ID], before[b.ID]))
		b.Met[w.ID]++
		w.Met[b.ID]++
	}
	if res.Bye != 0 {
		p := s.players[res.Bye]
		p.Score++
		p.Byes++
		p.Colours = append(p.Colours, NoColour)
		p.Floats = append(p.Floats, NoFloat)
	}
	s.rounds++
}

func floatOf(own, opponent float64) Float {
	switch {
	case opponent < own:
		return FloatDown
	case opponent > own:
		return FloatUp
	}
	return NoFloat
}

// checkRound verifies the rules no pairing may break.
func (s *sim) checkRound(t *testing.T, rules Rules, active []Player, res *Result) {
	t.Helper()
	seen := map[int]bool{}
	use := func(id int) {
		if s.withdrawn[id] {
			t.Fatalf("round %d: withdrawn player %d paired", s.rounds+1, id)
		}
		if seen[id] {
			t.Fatalf("round %d: player %d twice", s.rounds+1, id)
		}
		seen[id] = true
	}
	for _, p := range res.Pairings {
		use(p.Black)
		use(p.White)
		if met := s.players[p.Black].Met[p.White]; met >= rules.MaxMeetings {
			t.Fatalf("round %d: %d and %d meet a %d. time under %s", s.rounds+1, p.Black, p.White, met+1, rules.Name)
		}
	}
	if res.Bye != 0 {
		use(res.Bye)
		if s.players[res.Bye].Byes > 0 {
			for _, p := range active {
				if p.Byes == 0 && p.ID != res.Bye {
					t.Fatalf("round %d: player %d gets a second bye while %d has none", s.rounds+1, res.Bye, p.ID)
				}
			}
		}
	}
	if len(seen) != len(active) {
		t.Fatalf("round %d: %d of %d active players paired", s.rounds+1, len(seen), len(active))
	}
	if (len(active)%2 == 1) != (res.Bye != 0) {
		t.Fatalf("round %d: %d players and bye %d", s.rounds+1, len(active), res.Bye)
	}
}

// TestSimulatedTournaments runs 1,000 tournaments per ruleset with random
// field sizes (odd and even), results and withdrawals, and checks every
// round: no forbidden rematch, nobody twice, no withdrawn player, byes only
// to those with the fewest.
func TestSimulatedTournaments(t *testing.T) {
	tournaments := 1000
	if testing.Short() {
		tournaments = 100
	}
	for _, rules := range []Rules{WOCSwiss, WOCModified, EGPSwiss, BOFSwiss, AOFSwiss} {
		t.Run(rules.Name, func(t *testing.T) {
			for k := range tournaments {
				n := 4 + k%37
				s := newSim(uint64(k)+1000*uint64(len(rules.Name)), n)
				rounds := min(n-1, 3+k%9)
				if rules.MaxMeetings > 1 {
					rounds = min(2*(n-1), rounds+3)
				}
				for r := range rounds {
					if r > 0 && s.rng.IntN(8) == 0 {
						s.withdrawn[s.order[s.rng.IntN(n)]] = true
					}
					active := s.active()
					if len(active) < 2 {
						break
					}
					res, err := Swiss(active, rules, Options{Seed: uint64(k*100 + r)})
					if err == ErrNoPairing {
						break // late rounds of small fields can run out of new opponents
					}
					if err != nil {
						t.Fatalf("tournament %d, round %d: %v", k, r+1, err)
					}
					s.checkRound(t, rules, active, res)
					s.play(res)
				}
			}
		})
	}
}

func ExampleSwiss() {
	players := []Player{
		{ID: 1, Score: 1, Rank: 0, Colours: []Colour{Black}, Met: map[int]int{4: 1}},
		{ID: 2, Score: 1, Rank: 1, Colours: []Colour{White}, Met: map[int]int{3: 1}},
		{ID: 3, Score: 0, Rank: 2, Colours: []Colour{Black}, Met: map[int]int{2: 1}},
		{ID: 4, Score: 0, Rank: 3, Colours: []Colour{White}, Met: map[int]int{1: 1}},
	}
	res, err := Swiss(players, WOCSwiss, Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range res.Pairings {
		fmt.Printf("%d-%d %v\n", p.Black, p.White, p.Costs)
	}
	// Output:
	// 2-1 [0 0 0 0 0 0]
	// 4-3 [0 0 0 0 0 0]
}
