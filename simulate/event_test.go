package simulate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"outflank"
	"outflank/exchange"
	"outflank/knockout"
	"outflank/rules"
)

// bracket is what the rules say an event of a size looks like.
type bracket struct {
	rules        rules.ID
	players      int
	stage        outflank.Stage // the main stage
	rounds       int
	method       string // the Swiss rules used, when Swiss
	semis, final bool
	third        bool
	// partTwo is the length of the Swiss after the round robin (EGP II.2,
	// 7-8 players); placement the placement rounds' (9-10 players).
	partTwo, placement int
	seed               uint64 // 0: the number of players
}

func stageCount(t *outflank.Tournament) map[outflank.Stage]int {
	m := map[outflank.Stage]int{}
	for _, r := range t.Rounds {
		m[r.Stage]++
	}
	return m
}

// TestBrackets plays each bracket to the end and checks the format, the
// stages and the final order against the rules.
func TestBrackets(t *testing.T) {
	for _, b := range []bracket{
		{rules: rules.WOC, players: 8, stage: outflank.StageRoundRobin, rounds: 14, semis: true, third: true, final: true},  // WOC II.2 a: double round robin
		{rules: rules.WOC, players: 12, stage: outflank.StageRoundRobin, rounds: 11, semis: true, third: true, final: true}, // II.2 b: single
		{rules: rules.WOC, players: 20, stage: outflank.StageSwiss, rounds: 13, method: "swiss: woc-modified", semis: true, third: true, final: true},
		// Seed 6 puts no woman and no young player in the semi-finals, so
		// both side titles play their semi-finals, third place and final.
		{rules: rules.WOC, players: 40, seed: 6, stage: outflank.StageSwiss, rounds: 13, method: "swiss: woc", semis: true, third: true, final: true},
		{rules: rules.WOC, players: 60, stage: outflank.StageSwiss, rounds: 13, method: "swiss: woc", semis: true, third: true, final: true},
		{rules: rules.EGP, players: 4, stage: outflank.StageRoundRobin, rounds: 9, third: true, final: true},  // EGP II.2: triple
		{rules: rules.EGP, players: 6, stage: outflank.StageRoundRobin, rounds: 10, third: true, final: true}, // double
		{rules: rules.EGP, players: 7, stage: outflank.StageRoundRobin, rounds: 7, method: "swiss: egp after the round robin", partTwo: 4, third: true, final: true},
		{rules: rules.EGP, players: 8, stage: outflank.StageRoundRobin, rounds: 7, method: "swiss: egp after the round robin", partTwo: 4, third: true, final: true},
		{rules: rules.EGP, players: 9, stage: outflank.StageRoundRobin, rounds: 9, placement: 2, semis: true, third: true, final: true},
		{rules: rules.EGP, players: 10, stage: outflank.StageRoundRobin, rounds: 9, placement: 2, semis: true, third: true, final: true},
		{rules: rules.EGP, players: 12, stage: outflank.StageRoundRobin, rounds: 11, third: true, final: true},
		{rules: rules.EGP, players: 40, stage: outflank.StageSwiss, rounds: 11, method: "swiss: egp", third: true, final: true},
		{rules: rules.AOF, players: 6, stage: outflank.StageRoundRobin, rounds: 5, final: true}, // AOF 1.2 a
		{rules: rules.AOF, players: 9, stage: outflank.StageSwiss, rounds: 5, method: "swiss: aof", final: true},
		{rules: rules.AOF, players: 14, stage: outflank.StageSwiss, rounds: 6, method: "swiss: aof", final: true},
		{rules: rules.BOFRegional, players: 8, stage: outflank.StageRoundRobin, rounds: 7},
		{rules: rules.BOFRegional, players: 16, stage: outflank.StageSwiss, rounds: 7, method: "swiss: bof"},
		{rules: rules.BOFNational, players: 20, stage: outflank.StageSwiss, rounds: 9, method: "swiss: bof", final: true},
	} {
		t.Run(fmt.Sprintf("%s-%d-seed%d", b.rules, b.players, b.seed), func(t *testing.T) {
			seed := b.seed
			if seed == 0 {
				seed = uint64(b.players)
			}
			tour, err := Event(Options{Rules: b.rules, Players: b.players, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if !tour.Status().Done {
				t.Fatalf("not done: %s", tour.Status().Text)
			}
			stages := stageCount(tour)
			if stages[b.stage] != b.rounds {
				t.Errorf("%d %s rounds, want %d (stages %v)", stages[b.stage], b.stage, b.rounds, stages)
			}
			for _, r := range tour.Rounds {
				if r.Stage == outflank.StageSwiss && r.Number > 1 && r.Method != b.method {
					t.Fatalf("round %d paired by %q, want %q", r.Number, r.Method, b.method)
				}
			}
			if (stages[outflank.StageSemiFinal] > 0) != b.semis || (stages[outflank.StageFinal] > 0) != b.final {
				t.Errorf("stages %v: want semi-finals %v, final %v", stages, b.semis, b.final)
			}
			if b.rules != rules.BOFNational && (stages[outflank.StageThirdPlace] > 0) != b.third {
				t.Errorf("stages %v: want third place %v", stages, b.third)
			}
			if b.stage == outflank.StageRoundRobin && stages[outflank.StageSwiss] != b.partTwo {
				t.Errorf("%d Swiss rounds after the round robin, want %d", stages[outflank.StageSwiss], b.partTwo)
			}
			if stages[outflank.StagePlacement] != b.placement {
				t.Errorf("%d placement rounds, want %d", stages[outflank.StagePlacement], b.placement)
			}
			checkKnockouts(t, tour, b)
			if b.stage == outflank.StageRoundRobin {
				checkRoundRobin(t, tour)
			}
			if b.partTwo > 0 {
				checkPartTwo(t, tour)
			}
			if b.placement > 0 {
				checkPlacement(t, tour)
			}
			if b.rules == rules.WOC {
				checkThirdDay(t, tour)
			}
		})
	}
}

// checkKnockouts: the final is between the right players, its winner tops
// the order of finish, and the match was played by its format.
func checkKnockouts(t *testing.T, tour *outflank.Tournament, b bracket) {
	t.Helper()
	if !b.final {
		if order := tour.FinalOrder(); order[0] != tour.RankOrder()[0] {
			t.Errorf("without a final the winner is the top of the list")
		}
		return
	}
	plan := tour.Plan()
	var finalGames []outflank.Game
	for _, r := range tour.Rounds {
		if r.Stage == outflank.StageFinal {
			finalGames = append(finalGames, r.Games...)
		}
	}
	first := finalGames[0]
	finalists := map[int]bool{first.Black: true, first.White: true}
	if !b.semis {
		top := tour.RankOrder()
		if !finalists[top[0]] || !finalists[top[1]] {
			t.Errorf("final %d v %d, want the top two %d and %d", first.Black, first.White, top[0], top[1])
		}
	}
	games := len(finalGames)
	switch plan.Final.Format {
	case knockout.BestOfThree:
		if games < 2 || games > 3 {
			t.Errorf("a best-of-three final of %d games", games)
		}
	default:
		if games != 1 {
			t.Errorf("a one-game final of %d games", games)
		}
	}
	winner := tour.FinalOrder()[0]
	if !finalists[winner] {
		t.Errorf("the winner %d did not play the final", winner)
	}
	// The winner has the match: more points, or the knockout's tie-breaks.
	points := map[int]float64{}
	for _, g := range finalGames {
		bp, wp := g.Result.Points()
		points[g.Black] += bp
		points[g.White] += wp
	}
	for id := range finalists {
		if id != winner && points[id] > points[winner] {
			t.Errorf("the winner %d scored %v in the final, %d scored %v", winner, points[winner], id, points[id])
		}
	}
}

// checkRoundRobin: everyone meets everyone the same number of times, with
// the colours reversed from one cycle to the next.
func checkRoundRobin(t *testing.T, tour *outflank.Tournament) {
	t.Helper()
	met := map[[2]int]int{}
	for _, r := range tour.Rounds {
		if r.Stage != outflank.StageRoundRobin {
			continue
		}
		for _, g := range r.Games {
			met[[2]int{min(g.Black, g.White), max(g.Black, g.White)}]++
		}
	}
	n := len(tour.Players)
	if len(met) != n*(n-1)/2 {
		t.Errorf("%d pairs met, want %d", len(met), n*(n-1)/2)
	}
	first := -1
	for pair, k := range met {
		if first == -1 {
			first = k
		}
		if k != first {
			t.Errorf("%v met %d times, others %d", pair, k, first)
		}
	}
}

// checkPartTwo: in Part Two of an EGP of 7-8 players (EGP II.2) every
// game is a rematch of Part One with the colours reversed, and nobody
// meets anyone twice within Part Two.
func checkPartTwo(t *testing.T, tour *outflank.Tournament) {
	t.Helper()
	black := map[[2]int]int{} // the pair's black player in Part One
	partTwo := map[[2]int]bool{}
	for _, r := range tour.Rounds {
		for _, g := range r.Games {
			key := [2]int{min(g.Black, g.White), max(g.Black, g.White)}
			switch r.Stage {
			case outflank.StageRoundRobin:
				black[key] = g.Black
			case outflank.StageSwiss:
				if partTwo[key] {
					t.Errorf("round %d: %d and %d meet twice in Part Two", r.Number, g.Black, g.White)
				}
				partTwo[key] = true
				if black[key] == g.Black {
					t.Errorf("round %d: %d has black against %d again (EGP II.2: colours reversed)", r.Number, g.Black, g.White)
				}
			}
		}
	}
	if len(partTwo) == 0 {
		t.Error("no Part Two games")
	}
}

// checkPlacement: the players ranked 5th and below in the round robin's
// list (at most six) play the placement rounds, and finish in places 5 on,
// ordered by their points over both parts.
func checkPlacement(t *testing.T, tour *outflank.Tournament) {
	t.Helper()
	rr := tour.RankOrder() // the round robin's list
	want := rr[4:min(10, len(rr))]
	played := map[int]bool{}
	for _, r := range tour.Rounds {
		if r.Stage != outflank.StagePlacement {
			continue
		}
		for _, g := range r.Games {
			played[g.Black], played[g.White] = true, true
		}
		for _, id := range r.Byes {
			played[id] = true
		}
	}
	for _, id := range want {
		if !played[id] {
			t.Errorf("player %d (placed %d-%d in the round robin) did not play the placement", id, 5, 4+len(want))
		}
	}
	if len(played) != len(want) {
		t.Errorf("%d players in the placement, want %d", len(played), len(want))
	}
	order := tour.FinalOrder()
	semifinalists := map[int]bool{}
	for _, id := range rr[:4] {
		semifinalists[id] = true
	}
	for i, id := range order[:4] {
		if !semifinalists[id] {
			t.Errorf("place %d is %d, not a semi-finalist", i+1, id)
		}
	}
	points := map[int]float64{}
	for _, r := range tour.Rounds {
		if r.Stage != outflank.StageRoundRobin && r.Stage != outflank.StagePlacement {
			continue
		}
		for _, g := range r.Games {
			bp, wp := g.Result.Points()
			points[g.Black] += bp
			points[g.White] += wp
		}
		for _, id := range r.Byes {
			points[id]++
		}
	}
	rest := order[4 : 4+len(want)]
	for i, id := range rest {
		if !played[id] {
			t.Errorf("place %d is %d, who did not play the placement", 5+i, id)
		}
		if i > 0 && points[id] > points[rest[i-1]] {
			t.Errorf("place %d has %v points, more than place %d's %v", 5+i, points[id], 4+i, points[rest[i-1]])
		}
	}
}

// checkThirdDay: the WOC's knockout games come in the order of Appendix
// B, and the women's and young players' semi-finals, third place and final
// are played exactly when none of them is in the WOC semi-finals (WOC
// III.3-4), with their champion the winner of their final.
func checkThirdDay(t *testing.T, tour *outflank.Tournament) {
	t.Helper()
	last := -1
	games := map[[3]int]int{} // games so far per stage and pair
	stageIndex := map[outflank.Stage]int{}
	for _, r := range tour.Rounds {
		title, kind, ok := r.Stage.Knockout()
		if !ok {
			continue
		}
		if _, seen := stageIndex[r.Stage]; !seen {
			stageIndex[r.Stage] = len(stageIndex)
		}
		for _, g := range r.Games {
			key := [3]int{stageIndex[r.Stage], min(g.Black, g.White), max(g.Black, g.White)}
			games[key]++
			slot, ok := rules.ThirdDaySlot(title, kind, games[key])
			if !ok || slot < last {
				t.Errorf("round %d (%s) game %d is in slot %d (%v), after slot %d", r.Number, r.Stage, games[key], slot, ok, last)
			}
			last = slot
		}
	}
	stages := stageCount(tour)
	top4 := tour.FinalOrder()[:4]
	for _, side := range []struct {
		title  rules.Title
		member func(outflank.Player) bool
		semi   outflank.Stage
		final  outflank.Stage
	}{
		{rules.TitleWomen, func(p outflank.Player) bool { return p.Gender == "f" }, outflank.StageWomenSemiFinal, outflank.StageWomenFinal},
		{rules.TitleYoung, func(p outflank.Player) bool { return p.Born >= "2012" }, outflank.StageYoungSemiFinal, outflank.StageYoungFinal},
	} {
		members, inSemis := 0, false
		for _, p := range tour.Players {
			if side.member(p) {
				members++
				for _, id := range top4 {
					inSemis = inSemis || id == p.ID
				}
			}
		}
		played := !inSemis && members >= 4
		if (stages[side.semi] > 0) != played || (stages[side.final] > 0) != played {
			t.Errorf("%s: %d members, one in the semi-finals %v: stages %v", side.title, members, inSemis, stages)
		}
		order := tour.TitleOrder(side.title)
		if len(order) != members {
			t.Errorf("%s: %d in the order of finish, want %d", side.title, len(order), members)
			continue
		}
		if played {
			for _, r := range tour.Rounds {
				if r.Stage == side.final {
					g := r.Games[0]
					bp, _ := g.Result.Points()
					winner := g.White
					if bp > 0.5 {
						winner = g.Black
					}
					if order[0] != winner {
						t.Errorf("%s: the champion is %d, but %d won the final", side.title, order[0], winner)
					}
				}
			}
		}
	}
}

// TestSameSeedSameEvent: the simulation is reproducible.
func TestSameSeedSameEvent(t *testing.T) {
	run := func() string {
		tour, err := Event(Options{Rules: rules.WOC, Players: 26, Seed: 77})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := exchange.WriteJSON(&b, tour); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	a, b := run(), run()
	if a != b {
		t.Error("the same seed gave two different events")
	}
	if !strings.Contains(a, `"moves": "`) {
		t.Error("the simulated games have no transcripts")
	}
}

// BenchmarkEventWOC5000 simulates a WOC of 5,000 players: 13 Swiss rounds,
// playoffs, semi-finals, third place and final, every game played.
func BenchmarkEventWOC5000(b *testing.B) {
	for b.Loop() {
		if _, err := Event(Options{Rules: rules.WOC, Players: 5000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
