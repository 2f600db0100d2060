package standing

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// game builds a game from the black player's discs; points by discs.
func game(round, black, white, bd, wd int) Game {
	bp := 0.5
	switch {
	case bd > wd:
		bp = 1
	case wd > bd:
		bp = 0
	}
	return Game{Round: round, Black: black, White: white, BlackDiscs: bd, WhiteDiscs: wd, BlackPts: bp, WhitePts: 1 - bp}
}

func players(ids ...int) []Player {
	var ps []Player
	for _, id := range ids {
		ps = append(ps, Player{ID: id})
	}
	return ps
}

func row(rows []Row, id int) Row {
	for _, r := range rows {
		if r.Player == id {
			return r
		}
	}
	return Row{}
}

// TestHandComputed: four players, three rounds, C = 6, worked out on paper.
//
//	R1: 1-2 40-24, 3-4 30-34    R2: 1-4 33-31, 2-3 50-14    R3: 1-3 20-44, 2-4 32-32
//	points 1: 2, 2: 1.5, 3: 1, 4: 1.5; discs 93, 106, 88, 97
//	BQ 1: 93 + 6(1.5+1.5+1) = 117; 2: 106 + 6(2+1+1.5) = 133;
//	   3: 88 + 6(1.5+1.5+2) = 118; 4: 97 + 6(1+2+1.5) = 124
//	order 1, 2 (1.5, BQ 133), 4 (1.5, BQ 124), 3
func TestHandComputed(t *testing.T) {
	in := Input{Players: players(1, 2, 3, 4), Rounds: 3, C: 6, HalfSquares: 32, ByeDiscs: 32, Games: []Game{
		game(1, 1, 2, 40, 24), game(1, 3, 4, 30, 34), game(2, 1, 4, 33, 31), game(2, 2, 3, 50, 14), game(3, 1, 3, 20, 44), game(3, 2, 4, 32, 32),
	}}
	rows := Compute(in)
	want := []Row{{Rank: 1, Player: 1, Points: 2, BQ: 117, Discs: 93}, {Rank: 2, Player: 2, Points: 1.5, BQ: 133, Discs: 106},
		{Rank: 3, Player: 4, Points: 1.5, BQ: 124, Discs: 97}, {Rank: 4, Player: 3, Points: 1, BQ: 118, Discs: 88}}
	for i, w := range want {
		g := rows[i]
		if g.Rank != w.Rank || g.Player != w.Player || g.Points != w.Points || g.BQ != w.BQ || g.Discs != w.Discs {
			t.Errorf("row %d = %+v, want %+v", i+1, g, w)
		}
	}
	// Disc count instead (round robins under AOF 1.3 and BOF 12): 2 (106) stays ahead of 4 (97).
	in.TieBreak = ByDiscs
	if r := Compute(in); r[1].Player != 2 || r[2].Player != 4 {
		t.Errorf("by discs: %v", r)
	}
}

// TestByeAndWithdrawal: five players; 5 withdraws after round 1; 4 has a
// bye. C = 6, WOC bye discs 32.
//
//	R1: 1-5 40-24, 2-3 30-34, bye 4    R2: 1-3 33-31, 2-4 44-20
//	1: vs withdrawn 5 -> 32 + 6x2 = 44; vs 3: 33 + 6x1 = 39; BQ 83
//	2: 30 + 6x1 + 44 + 6x1 = 86;  3: 34 + 6 + 31 + 12 = 83
//	4: bye 32 + 6x1 = 38, vs 2: 20 + 6 = 26; BQ 64; discs 32 + 20 = 52
//	5 (withdrawn after 1): 24 + 6x2 = 36 by the rulebook; FlipTheDisc takes
//	  1's points as of round 1: 24 + 6x1 = 30
func TestByeAndWithdrawal(t *testing.T) {
	ps := players(1, 2, 3, 4, 5)
	ps[4].WithdrawnAfter = 1
	in := Input{Players: ps, Rounds: 2, C: 6, HalfSquares: 32, ByeDiscs: 32,
		Games: []Game{game(1, 1, 5, 40, 24), game(1, 2, 3, 30, 34), game(2, 1, 3, 33, 31), game(2, 2, 4, 44, 20)},
		Byes:  []Bye{{Round: 1, Player: 4}}}
	rows := Compute(in)
	for _, w := range []Row{{Player: 1, Points: 2, BQ: 83, Discs: 73}, {Player: 2, Points: 1, BQ: 86, Discs: 74},
		{Player: 3, Points: 1, BQ: 83, Discs: 65}, {Player: 4, Points: 1, BQ: 64, Discs: 52}, {Player: 5, Points: 0, BQ: 36, Discs: 24}} {
		g := row(rows, w.Player)
		if g.Points != w.Points || g.BQ != w.BQ || g.Discs != w.Discs {
			t.Errorf("player %d: %+v, want points %v BQ %v discs %d", w.Player, g, w.Points, w.BQ, w.Discs)
		}
	}
	if order := []int{rows[0].Player, rows[1].Player, rows[2].Player, rows[3].Player, rows[4].Player}; !reflect.DeepEqual(order, []int{1, 2, 3, 4, 5}) {
		t.Errorf("order %v", order)
	}
	in.Variant = FTD
	if g := row(Compute(in), 5); g.BQ != 30 {
		t.Errorf("FTD value of the withdrawn player = %v, want 30", g.BQ)
	}
	// BOF byes count 44 discs (BOF 7) and the same 32 in the quotient (BOF 15 d).
	in.Variant, in.ByeDiscs = Rulebook, 44
	if g := row(Compute(in), 4); g.Discs != 64 || g.BQ != 64 {
		t.Errorf("BOF bye: %+v, want discs 64, BQ 64", g)
	}
}

func TestPlayoffsAndFinalList(t *testing.T) {
	// Points of the provisional list, in order: every playoff pair tied.
	pts := []float64{9, 9, 8, 7, 7, 8, 9, 9, 6, 6, 6, 5}
	var prov []Row
	for i, p := range pts {
		prov = append(prov, Row{Rank: i + 1, Player: 101 + i, Points: p, BQ: float64(100 - i)})
	}
	got := Playoffs(prov)
	want := []Playoff{{104, 105, 4, 5}, {103, 106, 3, 6}, {102, 107, 2, 7}, {101, 108, 1, 8}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("playoffs %v, want %v", got, want)
	}
	if _, err := FinalList(prov, map[int]bool{104: true}); err == nil {
		t.Error("a final list with playoffs unplayed")
	}
	// 104 and 101 win; 106 and 107 beat the better-ranked 103 and 102.
	final, err := FinalList(prov, map[int]bool{104: true, 103: false, 102: false, 101: true})
	if err != nil {
		t.Fatal(err)
	}
	type rk struct {
		player, rank int
		equal        bool
	}
	var ranks []rk
	for _, r := range final {
		ranks = append(ranks, rk{r.Player, r.Rank, r.Equal})
	}
	// Semi-finalists in provisional order: 101, 104, 106, 107; losers
	// 102, 103, 105, 108 equal fifth; then 109-111 (6 points) equal ninth,
	// 112 twelfth.
	wantRanks := []rk{{101, 1, false}, {104, 2, false}, {106, 3, false}, {107, 4, false},
		{102, 5, true}, {103, 5, true}, {105, 5, true}, {108, 5, true},
		{109, 9, true}, {110, 9, true}, {111, 9, true}, {112, 12, false}}
	if !reflect.DeepEqual(ranks, wantRanks) {
		t.Errorf("final list\n got %v\nwant %v", ranks, wantRanks)
	}
	// Only 4th v 5th tied: one loser is fifth, not equal.
	one := Playoffs(prov[:5])
	if len(one) != 1 || one[0].Better != 104 {
		t.Fatalf("playoffs of five: %v", one)
	}
	small, _ := FinalList(prov[:5], map[int]bool{104: false})
	if small[3].Player != 105 || small[4].Player != 104 || small[4].Rank != 5 || small[4].Equal {
		t.Errorf("final list of five: %v", small)
	}
}

// TestPlayoffLoserEqualWithTheRest: WOC II.3.3 b and c read together: the
// playoff's loser and every other player below the top four on the same
// points are declared equal fifth (5=), not 5 and 6=.
func TestPlayoffLoserEqualWithTheRest(t *testing.T) {
	pts := []float64{11, 10, 10, 9, 9, 9, 9, 8, 8, 7}
	var prov []Row
	for i, p := range pts {
		prov = append(prov, Row{Rank: i + 1, Player: 201 + i, Points: p, BQ: float64(300 - i)})
	}
	if ps := Playoffs(prov); len(ps) != 1 || ps[0].Better != 204 {
		t.Fatalf("playoffs %v: want 4th v 5th only", ps)
	}
	final, err := FinalList(prov, map[int]bool{204: false}) // 205 beats 204
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range final {
		got = append(got, fmt.Sprintf("%d:%d%s", r.Player, r.Rank, map[bool]string{true: "="}[r.Equal]))
	}
	want := []string{"201:1", "202:2", "203:3", "205:4", "204:5=", "206:5=", "207:5=", "208:8=", "209:8=", "210:10"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("final list\n got %v\nwant %v", got, want)
	}
}

func TestFinalSubList(t *testing.T) {
	sub := []Row{{Player: 1, Points: 7}, {Player: 2, Points: 6}, {Player: 3, Points: 6}, {Player: 4, Points: 5}, {Player: 5, Points: 5}, {Player: 6, Points: 5}}
	rows, noSemis := FinalSubList(sub, nil, nil)
	if noSemis || rows[3].Rank != 4 || rows[3].Equal || rows[4].Rank != 5 || !rows[4].Equal || rows[5].Rank != 5 {
		t.Errorf("women's final list: %+v", rows)
	}
	// Player 3 is in the WOC semi-finals (IFRL rank 2): no women's semi-finals.
	rows, noSemis = FinalSubList(sub, []int{3}, map[int]int{3: 1})
	if !noSemis || rows[0].Player != 3 || rows[0].Rank != 1 || rows[1].Player != 1 {
		t.Errorf("with a woman in the WOC semi-finals: %+v, noSemis %v", rows, noSemis)
	}
}

// TestTeams checks each step of WOC II.4: best three, the additional
// player left out, then games between members, then the best player's
// rank, then the second's, then equal.
func TestTeams(t *testing.T) {
	final := []Row{
		{Player: 1, Points: 9}, {Player: 2, Points: 8}, {Player: 3, Points: 8}, {Player: 4, Points: 7},
		{Player: 5, Points: 7}, {Player: 6, Points: 6}, {Player: 7, Points: 6}, {Player: 8, Points: 5},
		{Player: 9, Points: 5}, {Player: 10, Points: 5}, {Player: 11, Points: 4}, {Player: 12, Points: 4},
	}
	members := map[int]Member{
		1: {Team: "A", Additional: true}, 2: {Team: "A"}, 6: {Team: "A"}, 9: {Team: "A"}, 11: {Team: "A"}, // 8+6+5 = 19 (1 does not count)
		3: {Team: "B"}, 5: {Team: "B"}, 12: {Team: "B"}, // 8+7+4 = 19, one game between members
		4: {Team: "C"}, 7: {Team: "C"}, 10: {Team: "C"}, // 7+6+5 = 18
		8: {Team: "D"}, // 5
	}
	games := []Game{game(1, 3, 5, 40, 24)}
	rows := Teams(final, members, games)
	if rows[0].Team != "B" || rows[1].Team != "A" || rows[0].Points != 19 || rows[1].Points != 19 || rows[2].Team != "C" {
		t.Fatalf("games between members first: %+v", rows)
	}
	// Each tie broken says how (issue 24, point 18).
	if want := "below B on 19 points: fewer games between its members (0 v 1)"; rows[1].TieBreak != want || rows[0].TieBreak != "" || rows[2].TieBreak != "" {
		t.Errorf("tie-breaks %q, %q, %q; want %q for A only", rows[0].TieBreak, rows[1].TieBreak, rows[2].TieBreak, want)
	}
	// Without that game, the best player decides: A's 2 (2nd) before B's 3.
	rows = Teams(final, members, nil)
	if rows[0].Team != "A" || rows[1].Team != "B" || rows[0].Equal {
		t.Fatalf("best player second: %+v", rows)
	}
	if want := "below A on 19 points and 0 games between members: its best player is lower in the final IFRL (3rd v 2nd)"; rows[1].TieBreak != want {
		t.Errorf("tie-break %q, want %q", rows[1].TieBreak, want)
	}
	// Same best player rank impossible in one list; equal second players:
	// two teams whose players have identical places are declared equal.
	twin := Teams([]Row{{Player: 1, Points: 5}, {Player: 2, Points: 5}}, map[int]Member{1: {Team: "X"}, 2: {Team: "Y"}}, nil)
	if twin[0].Equal || twin[1].Equal || twin[0].Team != "X" {
		t.Errorf("different best players: %+v", twin)
	}
	same := teamCompare(TeamRow{Points: 5, top: []int{0, 3}}, TeamRow{Points: 5, top: []int{0, 3}})
	second := teamCompare(TeamRow{Points: 5, top: []int{0, 2}}, TeamRow{Points: 5, top: []int{1, 3}})
	third := teamCompare(TeamRow{Points: 5, top: []int{1, 2}}, TeamRow{Points: 5, top: []int{1, 3}})
	if same != 0 || second >= 0 || third >= 0 {
		t.Errorf("tie-break steps: same %d, best %d, second %d", same, second, third)
	}
}

// randomInput is a simulated Swiss of n players and rounds rounds.
func randomInput(rng *rand.Rand, n, rounds int) Input {
	in := Input{Players: make([]Player, n), Rounds: rounds, C: 6, HalfSquares: 32, ByeDiscs: 32, Seed: rng.Uint64()}
	for i := range in.Players {
		in.Players[i] = Player{ID: i + 1}
		if rng.IntN(30) == 0 {
			in.Players[i].WithdrawnAfter = 1 + rng.IntN(rounds)
		}
	}
	for r := 1; r <= rounds; r++ {
		perm := rng.Perm(n)
		for k := 0; k+1 < n; k += 2 {
			b := 10 + rng.IntN(45)
			in.Games = append(in.Games, game(r, perm[k]+1, perm[k+1]+1, b, 64-b))
		}
		if n%2 == 1 {
			in.Byes = append(in.Byes, Bye{Round: r, Player: perm[n-1] + 1})
		}
	}
	return in
}

// TestDeterministic: the standings are a function of the results and the
// seed: shuffling the input changes nothing.
func TestDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for k := range 300 {
		in := randomInput(rng, 5+rng.IntN(40), 1+rng.IntN(9))
		in.Variant = Variant(k % 2)
		want := Compute(in)
		shuffled := in
		shuffled.Players = append([]Player{}, in.Players...)
		shuffled.Games = append([]Game{}, in.Games...)
		shuffled.Byes = append([]Bye{}, in.Byes...)
		rng.Shuffle(len(shuffled.Players), func(i, j int) { shuffled.Players[i], shuffled.Players[j] = shuffled.Players[j], shuffled.Players[i] })
		rng.Shuffle(len(shuffled.Games), func(i, j int) { shuffled.Games[i], shuffled.Games[j] = shuffled.Games[j], shuffled.Games[i] })
		if got := Compute(shuffled); !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: shuffled input ranks differently", k)
		}
		for i := 1; i < len(want); i++ {
			if Before(want[i], want[i-1], in.TieBreak) {
				t.Fatalf("case %d: rows %d and %d out of order", k, i, i+1)
			}
		}
	}
}

func BenchmarkAllLists(b *testing.B) {
	in := randomInput(rand.New(rand.NewPCG(1, 1)), 5000, 13)
	members := map[int]Member{}
	for _, p := range in.Players {
		members[p.ID] = Member{Team: fmt.Sprint(p.ID % 150)}
	}
	for b.Loop() {
		prov := Compute(in)
		won := map[int]bool{}
		for _, p := range Playoffs(prov) {
			won[p.Better] = true
		}
		final, _ := FinalList(prov, won)
		women := Subset(prov, func(id int) bool { return id%3 == 0 })
		FinalSubList(women, nil, nil)
		young := Subset(prov, func(id int) bool { return id%7 == 0 })
		FinalSubList(young, nil, nil)
		Teams(final, members, in.Games)
	}
}

// TestPending: a game still on in the round in play counts neither as
// played nor as an unplayed round (WOC Appendix A §3 c). Three rounds,
// C = 6; round 3 in play: 1-2 finished 40-24, 3-4 still on, 5 a bye.
//
//	R1: 1-3 40-24, 2-4 30-34, bye 5    R2: 1-4 33-31, 2-5 44-20, bye 3
//	after round 3 live: 1 has 3 points, 2 1, 3 1 (bye), 4 1, 5 2 (byes)
//	4 (still playing): 34 + 6x1 (2) + 31 + 6x3 (1) = 89, no 32 + 6x1 for round 3
//	3 (still playing): 24 + 6x3 (1) + bye (32 + 6x1) = 80
func TestPending(t *testing.T) {
	in := Input{Players: players(1, 2, 3, 4, 5), Rounds: 3, C: 6, HalfSquares: 32, ByeDiscs: 32,
		Games:   []Game{game(1, 1, 3, 40, 24), game(1, 2, 4, 30, 34), game(2, 1, 4, 33, 31), game(2, 2, 5, 44, 20), game(3, 1, 2, 40, 24)},
		Byes:    []Bye{{Round: 1, Player: 5}, {Round: 2, Player: 3}, {Round: 3, Player: 5}},
		Pending: []Pending{{Round: 3, Player: 3}, {Round: 3, Player: 4}}}
	rows := Compute(in)
	for _, w := range []Row{{Player: 4, Points: 1, BQ: 89, Discs: 65}, {Player: 3, Points: 1, BQ: 80, Discs: 56}} {
		if g := row(rows, w.Player); g.Points != w.Points || g.BQ != w.BQ || g.Discs != w.Discs {
			t.Errorf("player %d, game still on: %+v, want points %v BQ %v discs %d", w.Player, g, w.Points, w.BQ, w.Discs)
		}
	}
	// Without Pending the game still on would count as an unplayed round.
	in.Pending = nil
	if g := row(Compute(in), 4); g.BQ != 89+32+6*1 {
		t.Errorf("player 4 without Pending: BQ %v, want %v (an unplayed round)", g.BQ, 89+32+6*1)
	}
}

// TestSettled: without playoffs the final list is the provisional order;
// EGP II.3 declares equal those after the top four on the same points,
// AOF and BOF declare nobody equal.
func TestSettled(t *testing.T) {
	pts := []float64{5, 5, 5, 5, 5, 4, 4, 3}
	var prov []Row
	for i, p := range pts {
		prov = append(prov, Row{Rank: i + 1, Player: 1 + i, Points: p})
	}
	ranks := func(rows []Row) string {
		var s []string
		for _, r := range rows {
			e := ""
			if r.Equal {
				e = "="
			}
			s = append(s, fmt.Sprintf("%d%s", r.Rank, e))
		}
		return fmt.Sprint(s)
	}
	if got := ranks(Settled(prov, 4, true)); got != "[1 2 3 4 5 6= 6= 8]" {
		t.Errorf("EGP: %s", got)
	}
	if got := ranks(Settled(prov, 4, false)); got != "[1 2 3 4 5 6 7 8]" {
		t.Errorf("BOF: %s", got)
	}
	if got := ranks(Settled(prov[:3], 4, true)); got != "[1 2 3]" {
		t.Errorf("three players: %s", got)
	}
}

// TestQualifyingLeavesOutTheWithdrawn: a player who withdrew keeps his
// score in the list but "may not qualify for any semi-finals or finals"
// (WOC II.8): the knockout's places go to the next players, he follows
// them, and no playoff is drawn with him, even in a field too small to
// fill the places without him.
func TestQualifyingLeavesOutTheWithdrawn(t *testing.T) {
	pts := []float64{10, 9, 9, 8, 8, 7, 7, 6, 6, 5}
	var prov []Row
	for i, p := range pts {
		prov = append(prov, Row{Rank: i + 1, Player: 1 + i, Points: p})
	}
	order := func(rows []Row) []int {
		var ids []int
		for i, r := range rows {
			if r.Rank != i+1 {
				t.Fatalf("row %d ranked %d", i, r.Rank)
			}
			ids = append(ids, r.Player)
		}
		return ids
	}
	if got := Qualifying(prov, 4, nil); !reflect.DeepEqual(order(got), order(prov)) {
		t.Errorf("nobody out: %v", order(got))
	}
	out := map[int]bool{1: true, 3: true}
	got := Qualifying(prov, 4, out)
	if want := []int{2, 4, 5, 6, 1, 3, 7, 8, 9, 10}; !reflect.DeepEqual(order(got), want) {
		t.Errorf("top four without 1 and 3: %v, want %v", order(got), want)
	}
	if !got[4].Unqualified || !got[5].Unqualified || got[0].Unqualified {
		t.Errorf("unqualified marks: %+v", got)
	}
	// Semi-finals 2, 4, 5, 6: the final list ranks them 1 to 4.
	final := Settled(got, 4, true)
	for i, id := range []int{2, 4, 5, 6} {
		if final[i].Player != id || final[i].Rank != i+1 {
			t.Errorf("final list %d: %+v", i, final[i])
		}
	}
	// WOC II.3.2 over eight places, in a field of eight all on the same
	// points, one of whom withdrew: three playoffs, none with him (he is
	// 8th, and 1st v 8th is not drawn), and he is no semi-finalist.
	var level []Row
	for i := range 8 {
		level = append(level, Row{Rank: i + 1, Player: 1 + i, Points: 7})
	}
	eight := Qualifying(level, 8, map[int]bool{3: true})
	ps := Playoffs(eight)
	if len(ps) != 3 {
		t.Errorf("playoffs %+v, want 4th v 5th, 3rd v 6th, 2nd v 7th", ps)
	}
	for _, p := range ps {
		if p.Better == 3 || p.Worse == 3 {
			t.Errorf("a playoff with the withdrawn player: %+v", p)
		}
	}
	won := map[int]bool{}
	for _, p := range ps {
		won[p.Better] = true
	}
	f, err := FinalList(eight, won)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range f[:4] {
		if r.Player == 3 {
			t.Errorf("withdrawn player among the semi-finalists: %+v", f)
		}
	}
}
