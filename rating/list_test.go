package rating

import (
	"math"
	"math/rand"
	"strings"
	"testing"
)

var may2026 = Date{2026, 5, 12}

func TestCycleIsAllEqualAtTheLevel(t *testing.T) {
	l := mustCompute(t, cycle(10, Date{2026, 4, 1}), Options{AsOf: may2026})
	if len(l.Players) != 10 || len(l.Unplaced) != 0 {
		t.Fatalf("rated %d, unplaced %d, want 10 and 0", len(l.Players), len(l.Unplaced))
	}
	for _, p := range l.Players {
		if !near(p.Rating, Level, 1e-6) || p.Rank != 1 || !p.Active {
			t.Errorf("player %d = %+v, want 1800, rank 1 (all equal), active", p.ID, p)
		}
	}
}

func TestComponentUnderTenIsNotRated(t *testing.T) {
	l := mustCompute(t, cycle(9, Date{2026, 4, 1}), Options{AsOf: may2026})
	if len(l.Players) != 0 || len(l.Unplaced) != 9 {
		t.Fatalf("rated %d, unplaced %d, want 0 and 9", len(l.Players), len(l.Unplaced))
	}
	if r := l.Unplaced[0].Reason; !strings.Contains(r, "only 9 players") {
		t.Errorf("reason %q, want it to name the 9 players", r)
	}
}

func TestWonOrLostEverythingIsNotPlaced(t *testing.T) {
	ts := cycle(10, Date{2026, 4, 1})
	ts[0].Games = append(ts[0].Games,
		Game{A: 50, B: 1, Score: 2}, Game{A: 50, B: 2, Score: 2}, // 50 wins every game
		Game{A: 3, B: 60, Score: 2}, Game{A: 60, B: 4, Score: 0}, // 60 loses every game
	)
	l := mustCompute(t, ts, Options{AsOf: may2026})
	if len(l.Players) != 10 {
		t.Fatalf("rated %d players, want the 10 of the cycle", len(l.Players))
	}
	want := map[int]string{50: "won every game", 60: "lost every game"}
	for _, u := range l.Unplaced {
		if want[u.ID] != u.Reason || u.Games != 2 || !u.Active {
			t.Errorf("unplaced %+v, want reason %q, 2 games, active", u, want[u.ID])
		}
		delete(want, u.ID)
	}
	if len(want) != 0 {
		t.Errorf("not reported as unplaced: %v", want)
	}
	// Their games do not move the cycle: still all equal.
	for _, p := range l.Players {
		if !near(p.Rating, Level, 1e-6) {
			t.Errorf("player %d rated %v, want 1800", p.ID, p.Rating)
		}
	}
}

func TestDrawsLinkBothWays(t *testing.T) {
	// A chain 1 = 2 = ... = 10 of draws is one component (a draw is an
	// edge each way), everyone equal.
	tour := Tournament{Date: Date{2026, 3, 1}}
	for i := 1; i < 10; i++ {
		tour.Games = append(tour.Games, Game{A: i, B: i + 1, Score: 1})
	}
	l := mustCompute(t, []Tournament{tour}, Options{AsOf: may2026})
	if len(l.Players) != 10 {
		t.Fatalf("rated %d, want 10", len(l.Players))
	}
	for _, p := range l.Players {
		if !near(p.Rating, Level, 1e-6) {
			t.Errorf("player %d rated %v, want 1800", p.ID, p.Rating)
		}
	}
}

// A 200-point gap is a 3:1 score: a player who scores 3 to 1 against each
// of ten equal players ends up exactly 200 above them, and the centre,
// weighted by plain games, stays at 1800.
func TestThreeToOneIsTwoHundredPoints(t *testing.T) {
	tour := Tournament{Date: Date{2026, 3, 1}}
	for i := 1; i <= 10; i++ {
		tour.Games = append(tour.Games, Game{A: 201, B: i, Score: 2}, Game{A: i, B: 201, Score: 0},
			Game{A: 201, B: i, Score: 2}, Game{A: 201, B: i, Score: 0})
	}
	ts := append(cycle(10, Date{2026, 3, 1}), tour)
	l := mustCompute(t, ts, Options{AsOf: may2026})
	top, _ := l.Player(201)
	other, _ := l.Player(7)
	if d := top.Rating - other.Rating; !near(d, 200, 1e-6) {
		t.Errorf("gap %v, want 200 (3:1)", d)
	}
	var sum, games float64
	for _, p := range l.Players {
		sum += p.Rating * float64(p.AllGames)
		games += float64(p.AllGames)
	}
	if !near(sum/games, Level, 1e-6) || top.Rank != 1 || other.Rank != 2 {
		t.Errorf("mean weighted by games = %v (want 1800), ranks %d and %d (want 1 and 2, the ten sharing 2nd)", sum/games, top.Rank, other.Rank)
	}
}

func TestTwoComponentsEachCentred(t *testing.T) {
	a := cycle(10, Date{2026, 1, 10})
	b := Tournament{Date: Date{2026, 2, 10}}
	for i := 101; i <= 112; i++ { // a second group, 12 players, uneven
		b.Games = append(b.Games, Game{A: i, B: (i-101+1)%12 + 101, Score: 2})
		if i%3 == 0 {
			b.Games = append(b.Games, Game{A: i, B: (i-101+5)%12 + 101, Score: 2}, Game{A: i, B: (i-101+7)%12 + 101, Score: 1})
		}
	}
	// One game joins the groups one way only: not a strong link.
	link := Tournament{Date: Date{2026, 2, 11}, Games: []Game{{A: 1, B: 101, Score: 2}}}
	l := mustCompute(t, append(a, b, link), Options{AsOf: may2026})
	sums := map[int][2]float64{}
	comps := map[int]map[bool]bool{}
	for _, p := range l.Players {
		s := sums[p.Component]
		s[0] += p.Rating * float64(p.AllGames)
		s[1] += float64(p.AllGames)
		sums[p.Component] = s
		if comps[p.Component] == nil {
			comps[p.Component] = map[bool]bool{}
		}
		comps[p.Component][p.ID > 100] = true
	}
	if len(sums) != 2 {
		t.Fatalf("%d components, want 2", len(sums))
	}
	for c, s := range sums {
		if !near(s[0]/s[1], Level, 1e-6) {
			t.Errorf("component %d centred at %v, want 1800", c, s[0]/s[1])
		}
		if len(comps[c]) != 1 {
			t.Errorf("component %d mixes the two groups", c)
		}
	}
	if p, _ := l.Player(101); p.Component != 0 {
		t.Errorf("the larger group is component %d, want 0", p.Component)
	}
}

// At the solution the weighted score of every player equals his weighted
// expected score: the likelihood's gradient is zero.
func TestSolutionMeetsTheLikelihoodEquations(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	strength := make([]float64, 61)
	for i := range strength {
		strength[i] = rng.NormFloat64() * 200
	}
	var ts []Tournament
	for m := 0; m < 40; m++ {
		tour := Tournament{Date: Date{2023 + m/12, m%12 + 1, 5}}
		for g := 0; g < 60; g++ {
			a, b := 1+rng.Intn(60), 1+rng.Intn(60)
			if a == b {
				continue
			}
			u := rng.Float64()
			p := Expected(strength[a], strength[b])
			s := 0
			switch {
			case u < p-0.03:
				s = 2
			case u < p+0.03:
				s = 1
			}
			tour.Games = append(tour.Games, Game{A: a, B: b, Score: s})
		}
		ts = append(ts, tour)
	}
	opt := Options{AsOf: Date{2026, 5, 1}}
	l := mustCompute(t, ts, opt)
	score := map[int]float64{}
	expect := map[int]float64{}
	for _, tour := range ts {
		w := Weight(opt.AsOf, tour.Date)
		for _, g := range tour.Games {
			pa, okA := l.Player(g.A)
			pb, okB := l.Player(g.B)
			if !okA || !okB || pa.Component != pb.Component {
				continue
			}
			e := Expected(pa.Rating, pb.Rating)
			score[g.A] += w * float64(g.Score) / 2
			score[g.B] += w * float64(2-g.Score) / 2
			expect[g.A] += w * e
			expect[g.B] += w * (1 - e)
		}
	}
	if len(score) < 50 {
		t.Fatalf("only %d players rated", len(score))
	}
	for id := range score {
		if d := math.Abs(score[id] - expect[id]); d > 1e-3 {
			t.Errorf("player %d: weighted score %v, expected %v", id, score[id], expect[id])
		}
	}
}

func TestComputeRejectsWhatIsNotAGame(t *testing.T) {
	bad := []Game{{A: 1, B: 1, Score: 2}, {A: 0, B: 2, Score: 2}, {A: 1, B: 2, Score: 3}}
	for _, g := range bad {
		_, err := Compute([]Tournament{{Date: Date{2026, 1, 1}, Games: []Game{g}}}, Options{AsOf: may2026})
		if err == nil || !strings.HasPrefix(err.Error(), "rating: ") {
			t.Errorf("game %+v: error %v, want a rating: error", g, err)
		}
	}
	if _, err := Compute(nil, Options{}); err == nil {
		t.Error("no calculation date: no error")
	}
}

func TestUntilLeavesLaterTournamentsOut(t *testing.T) {
	ts := cycle(10, Date{2026, 4, 1})
	ts = append(ts, Tournament{Date: Date{2026, 5, 11}, Games: []Game{{A: 1, B: 2, Score: 2}, {A: 1, B: 3, Score: 2}}})
	l := mustCompute(t, ts, Options{AsOf: may2026, Until: Date{2026, 5, 10}})
	if p, _ := l.Player(1); !near(p.Rating, Level, 1e-6) || l.Until != (Date{2026, 5, 10}) {
		t.Errorf("player 1 rated %v until %v: the tournament of 11 May counted", p.Rating, l.Until)
	}
	l = mustCompute(t, ts, Options{AsOf: may2026})
	if p, _ := l.Player(1); p.Rating <= Level {
		t.Errorf("player 1 rated %v with two more wins, want above 1800", p.Rating)
	}
}

func TestUncertaintyFallsWithGames(t *testing.T) {
	few := mustCompute(t, cycle(10, Date{2026, 4, 1}), Options{AsOf: may2026})
	var many []Tournament
	for k := 0; k < 20; k++ {
		many = append(many, cycle(10, Date{2026, 4, 1})...)
	}
	more := mustCompute(t, many, Options{AsOf: may2026})
	p, _ := few.Player(1)
	q, _ := more.Player(1)
	// 2 games, each worth ¼ of information at even odds: K/√0.5.
	if !near(p.Uncertainty, K/math.Sqrt(0.5), 1e-6) || p.Official {
		t.Errorf("2 games: ±%v official %v, want ±%v, not official", p.Uncertainty, p.Official, K/math.Sqrt(0.5))
	}
	if !near(q.Uncertainty, p.Uncertainty/math.Sqrt(20), 1e-6) || !q.Official {
		t.Errorf("40 games: ±%v official %v, want ±%v, official", q.Uncertainty, q.Official, p.Uncertainty/math.Sqrt(20))
	}
	old := mustCompute(t, cycle(10, Date{2020, 4, 1}), Options{AsOf: may2026})
	if r, _ := old.Player(1); !near(r.Uncertainty, p.Uncertainty*math.Sqrt(150), 1e-6) {
		t.Errorf("games weighing 1: ±%v, want √150 times ±%v", r.Uncertainty, p.Uncertainty)
	}
}

// Only the world's component, the largest, is ranked and published; a
// separate group keeps its ratings, not comparable, unranked.
func TestOnlyTheLargestComponentIsPublished(t *testing.T) {
	ts := cycle(12, Date{2026, 4, 1})
	small := Tournament{Date: Date{2026, 4, 2}}
	for i := 301; i <= 310; i++ {
		small.Games = append(small.Games, Game{A: i, B: (i-301+1)%10 + 301, Score: 2}, Game{A: i, B: (i-301+3)%10 + 301, Score: 2})
	}
	l := mustCompute(t, append(ts, small), Options{AsOf: may2026})
	if got := len(l.Published()); got != 12 {
		t.Errorf("%d players published, want the 12 of the larger group", got)
	}
	p, ok := l.Player(305)
	if !ok || p.Component != 1 || p.Listed || p.Rank != 0 || p.Official || !p.Active {
		t.Errorf("player of the small group: %+v, want rated in component 1, active, not listed, ranked or official", p)
	}
}
