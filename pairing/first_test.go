package pairing

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func TestFirstRoundWOC(t *testing.T) {
	for seed := range uint64(200) {
		n := 6 + int(seed%15)
		var players []Player
		seeded := map[int]bool{}
		for id := 1; id <= n; id++ {
			s := id%4 == 1
			seeded[id] = s
			players = append(players, Player{ID: id, Seeded: s})
		}
		round := FirstRoundWOC(players, seed)
		groupA, groupB := 0, 0
		for id := range seeded {
			if seeded[id] {
				groupA++
			} else {
				groupB++
			}
		}
		cross := min(groupA, groupB)
		for k, p := range round.Pairs[:cross] {
			// A against B, the A player black, then white, alternately.
			aBlack := seeded[p.Black] && !seeded[p.White]
			aWhite := seeded[p.White] && !seeded[p.Black]
			if (k%2 == 0 && !aBlack) || (k%2 == 1 && !aWhite) {
				t.Fatalf("seed %d table %d: %v is not group A %s against group B", seed, k+1, p, map[bool]string{true: "black", false: "white"}[k%2 == 0])
			}
		}
		checkCovers(t, n, round)
		if again := FirstRoundWOC(players, seed); fmt.Sprint(again) != fmt.Sprint(round) {
			t.Fatalf("seed %d: the draw is not reproducible", seed)
		}
	}
}

func TestFirstRoundBOF(t *testing.T) {
	players := []Player{{ID: 1, Rating: 1500}, {ID: 2, Rating: 2100}, {ID: 3}, {ID: 4, Rating: 1800}, {ID: 5, Rating: 1200}, {ID: 6, Rating: 1900}, {ID: 7}, {ID: 8, Rating: 1600}}
	round := FirstRoundBOF(players)
	// Rating order 2, 6, 4, 8, 1, 5; the unrated 3 and 7 go to the bottom
	// of the top half: top half 2 6 3 7, bottom half 4 8 1 5.
	want := []Pair{{Black: 2, White: 4}, {Black: 8, White: 6}, {Black: 3, White: 1}, {Black: 5, White: 7}}
	if fmt.Sprint(round.Pairs) != fmt.Sprint(want) || len(round.Byes) != 0 {
		t.Errorf("BOF first round %v, want %v", round.Pairs, want)
	}
	odd := FirstRoundBOF(players[:7]) // without 8: the lowest rated (5) gets the bye
	if len(odd.Byes) != 1 || odd.Byes[0] != 5 {
		t.Errorf("bye %v, want [5]", odd.Byes)
	}
	checkCovers(t, 7, odd)
}

func checkCovers(t *testing.T, n int, r Round) {
	t.Helper()
	seen := map[int]bool{}
	for _, p := range r.Pairs {
		seen[p.Black], seen[p.White] = true, true
	}
	for _, id := range r.Byes {
		seen[id] = true
	}
	if len(seen) != n || len(r.Byes) != n%2 {
		t.Fatalf("%d players placed of %d, byes %v", len(seen), n, r.Byes)
	}
}

// TestGolden writes small pairings a person can check by hand: each first
// round method, a round robin, and Swiss rounds with their costs.
func TestGolden(t *testing.T) {
	var b strings.Builder
	ten := make([]Player, 10)
	for i := range ten {
		ten[i] = Player{ID: i + 1, Rating: 2000 - 100*i, Seeded: i < 3}
	}
	fmt.Fprintf(&b, "WOC II.7.1 first round, players 1-10, group A = 1 2 3, seed 42:\n%s\n", showRound(FirstRoundWOC(ten, 42)))
	fmt.Fprintf(&b, "BOF 16 first round, players 1-9 rated 2000 down to 1200:\n%s\n", showRound(FirstRoundBOF(ten[:9])))
	fmt.Fprintf(&b, "Random first round, players 1-7, seed 7:\n%s\n", showRound(FirstRoundRandom(ten[:7], 7)))
	rr, _ := RoundRobin([]int{1, 2, 3, 4, 5}, 2)
	fmt.Fprintf(&b, "Double round robin of 5:\n")
	for i, r := range rr {
		fmt.Fprintf(&b, "  round %d: %s", i+1, showRound(r))
	}
	// A hand-made round 3 of eight players: scores 2, 2, 1, 1, 1, 1, 0, 0.
	eight := []Player{
		{ID: 1, Score: 2, Rank: 0, Colours: []Colour{Black, White}, Floats: []Float{NoFloat, NoFloat}, Met: map[int]int{5: 1, 3: 1}, Country: "JPN"},
		{ID: 2, Score: 2, Rank: 1, Colours: []Colour{White, Black}, Floats: []Float{NoFloat, NoFloat}, Met: map[int]int{6: 1, 4: 1}, Country: "JPN"},
		{ID: 3, Score: 1, Rank: 2, Colours: []Colour{Black, Black}, Floats: []Float{NoFloat, NoFloat}, Met: map[int]int{7: 1, 1: 1}},
		{ID: 4, Score: 1, Rank: 3, Colours: []Colour{White, White}, Floats: []Float{NoFloat, NoFloat}, Met: map[int]int{8: 1, 2: 1}},
		{ID: 5, Score: 1, Rank: 4, Colours: []Colour{White, Black}, Floats: []Float{NoFloat, NoFloat}, Met: map[int]int{1: 1, 7: 1}},
		{ID: 6, Score: 1, Rank: 5, Colours: []Colour{Black, White}, Floats: []Float{NoFloat, NoFloat}, Met: map[int]int{2: 1, 8: 1}},
		{ID: 7, Score: 0, Rank: 6, Colours: []Colour{White, White}, Floats: []Float{NoFloat, NoFloat}, Met: map[int]int{3: 1, 5: 1}},
		{ID: 8, Score: 0, Rank: 7, Colours: []Colour{Black, Black}, Floats: []Float{NoFloat, NoFloat}, Met: map[int]int{4: 1, 6: 1}},
	}
	for _, rules := range []Rules{WOCSwiss, BOFSwiss, AOFSwiss} {
		res, err := Swiss(eight, rules, Options{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "Swiss round 3 (%s), criteria %v:\n", rules.Name, res.Criteria)
		for _, p := range res.Pairings {
			fmt.Fprintf(&b, "  %d-%d costs %v\n", p.Black, p.White, p.Costs)
		}
		fmt.Fprintf(&b, "  totals %v\n", res.Totals)
	}
	checkGolden(t, "pairings.golden", b.String())
}

func showRound(r Round) string {
	var parts []string
	for _, p := range r.Pairs {
		parts = append(parts, fmt.Sprintf("%d-%d", p.Black, p.White))
	}
	for _, id := range r.Byes {
		parts = append(parts, fmt.Sprintf("bye %d", id))
	}
	return strings.Join(parts, ", ") + "\n"
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n%s\nwant:\n%s", path, got, want)
	}
}
