package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

type exportedRounds struct {
	Players []struct {
		ID        int  `json:"id"`
		Withdrawn *int `json:"withdrawn_after_round"`
	} `json:"players"`
	Rounds []struct {
		Round  int    `json:"round"`
		Stage  string `json:"stage"`
		Method string `json:"method"`
		Seed   string `json:"seed"`
		Games  []struct {
			Table, Black, White int
		} `json:"games"`
		Byes []int `json:"byes"`
	} `json:"rounds"`
}

func (d *tdb) exportRounds(slug string) exportedRounds {
	d.t.Helper()
	var f exportedRounds
	if err := json.Unmarshal([]byte(d.ok("export", slug)), &f); err != nil {
		d.t.Fatal(err)
	}
	return f
}

// playRound enters random results for every game of round n.
func (d *tdb) playRound(slug string, n int, rng *rand.Rand) {
	d.t.Helper()
	f := d.exportRounds(slug)
	for _, g := range f.Rounds[n-1].Games {
		b := 20 + rng.IntN(25)
		d.ok("result", slug, itoa(n), itoa(g.Table), fmt.Sprintf("%d-%d", b, 64-b))
	}
}

// fieldOverride registers playersCSV's field at a WOC: five nations of
// five or six are not WOC teams (four players and a young one, WOC I.2.1),
// so a director would override the team rule to pair them as a WOC.
const fieldOverride = "a test field: five nations of five or six"

func playersCSV(n int) string {
	var b strings.Builder
	b.WriteString("name,country,rating,group_a\n")
	countries := []string{"JPN", "FRA", "GBR", "NED", "USA"}
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "Player %02d,%s,%d,%v\n", i, countries[i%len(countries)], 2600-20*i, i <= 4)
	}
	return b.String()
}

// TestPairSwissEvent pairs a 27-player WOC Swiss of 7 rounds automatically,
// with a withdrawal: every round uses everyone active once, nobody meets
// twice, the withdrawn player is never paired again, byes go to different
// players, and each round records its method and seed.
func TestPairSwissEvent(t *testing.T) {
	d := newTDB(t)
	rng := rand.New(rand.NewPCG(1, 2))
	d.ok("new", "swiss", "--name", "Swiss Open", "--rules", "woc", "--rounds", "7")
	d.ok("player", "import", "swiss", writeFile(t, "p.csv", playersCSV(27)), "--override", fieldOverride)
	for n := 1; n <= 7; n++ {
		out := d.ok("pair", "swiss", "--seed", itoa(100+n))
		if !strings.Contains(out, fmt.Sprintf("paired round %d", n)) {
			t.Fatalf("pair printed %q", out)
		}
		d.playRound("swiss", n, rng)
		if n == 3 {
			d.ok("player", "withdraw", "swiss", "Player 05")
		}
	}
	f := d.exportRounds("swiss")
	met := map[[2]int]bool{}
	byes := map[int]bool{}
	for _, r := range f.Rounds {
		seen := map[int]bool{}
		for _, g := range r.Games {
			for _, id := range []int{g.Black, g.White} {
				if seen[id] {
					t.Fatalf("round %d: player %d twice", r.Round, id)
				}
				seen[id] = true
				if id == 5 && r.Round > 3 {
					t.Fatalf("round %d: withdrawn player 5 paired", r.Round)
				}
			}
			key := [2]int{min(g.Black, g.White), max(g.Black, g.White)}
			if met[key] {
				t.Fatalf("round %d: %v meet again", r.Round, key)
			}
			met[key] = true
		}
		for _, id := range r.Byes {
			if byes[id] {
				t.Fatalf("round %d: player %d gets a second bye", r.Round, id)
			}
			byes[id] = true
			seen[id] = true
		}
		active := 27
		if r.Round > 3 {
			active = 26
		}
		if len(seen) != active {
			t.Fatalf("round %d: %d players placed, want %d", r.Round, len(seen), active)
		}
		wantMethod := "swiss: woc"
		if r.Round == 1 {
			wantMethod = "first round: WOC II.7.1"
		}
		if !strings.HasPrefix(r.Method, wantMethod) || r.Seed != itoa(100+r.Round) {
			t.Errorf("round %d: method %q seed %q", r.Round, r.Method, r.Seed)
		}
	}
	// After the last round, pair moves the event on: playoffs or semi-finals.
	if out := d.ok("pair", "swiss"); !strings.Contains(out, "playoff") && !strings.Contains(out, "semi-final") {
		t.Errorf("pair after the last round printed %q", out)
	}
}

// TestPairRoundRobin: 6 players and 5 rounds under AOF rules make a single
// round robin (AOF 1.2 a); everyone meets everyone once.
func TestPairRoundRobin(t *testing.T) {
	d := newTDB(t)
	rng := rand.New(rand.NewPCG(3, 4))
	d.ok("new", "rr", "--name", "Round Robin", "--rules", "aof", "--rounds", "5")
	d.ok("player", "import", "rr", writeFile(t, "p.csv", playersCSV(6)))
	for n := 1; n <= 5; n++ {
		d.ok("pair", "rr")
		d.playRound("rr", n, rng)
	}
	f := d.exportRounds("rr")
	met := map[[2]int]int{}
	for _, r := range f.Rounds {
		if r.Stage != "round-robin" {
			t.Errorf("round %d stage %q", r.Round, r.Stage)
		}
		for _, g := range r.Games {
			met[[2]int{min(g.Black, g.White), max(g.Black, g.White)}]++
		}
	}
	if len(met) != 15 {
		t.Errorf("%d distinct pairs, want 15", len(met))
	}
}

func TestPairControlsAndReproducibility(t *testing.T) {
	setup := func() *tdb {
		// The draw seed is fixed: players equal on everything are ranked by
		// it, and the ranking decides the pairing.
		d := newTDB(t)
		d.ok("new", "ctl", "--name", "Controls", "--rules", "egp", "--rounds", "5", "--draw-seed", "17")
		d.ok("player", "import", "ctl", writeFile(t, "p.csv", playersCSV(12)))
		d.ok("pair", "ctl", "--seed", "5")
		d.playRound("ctl", 1, rand.New(rand.NewPCG(5, 6)))
		return d
	}
	a, b := setup(), setup()
	if a.ok("pair", "ctl", "--seed", "9", "--json") != b.ok("pair", "ctl", "--seed", "9", "--json") {
		t.Error("the same seed on the same tournament paired differently")
	}
	// Undo takes the round back; a fixed pair and a forbidden pair are obeyed.
	a.ok("undo", "ctl")
	var doc struct {
		Round  int                `json:"round"`
		Method string             `json:"method"`
		Totals map[string]float64 `json:"totals"`
		Games  []struct {
			Black, White int
			Costs        map[string]float64 `json:"costs"`
		} `json:"games"`
	}
	out := a.ok("pair", "ctl", "--fix", "Player 03-Player 01", "--forbid", "2-4", "--json")
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, out)
	}
	fixed := false
	for _, g := range doc.Games {
		if g.Black == 3 && g.White == 1 {
			fixed = true
		}
		if (g.Black == 2 && g.White == 4) || (g.Black == 4 && g.White == 2) {
			t.Error("the forbidden pair 2-4 was paired")
		}
	}
	if !fixed || doc.Round != 2 || doc.Method != "swiss: egp" || len(doc.Totals) != 5 {
		t.Errorf("pairing %+v", doc)
	}
	b.ok("undo", "ctl") // b's round 2 exists; --explain needs a fresh pairing
	if out := b.ok("pair", "ctl", "--explain", "--seed", "1"); !strings.Contains(out, "colour-balance") || !strings.Contains(out, "The matching is exact") {
		t.Errorf("--explain printed:\n%s", out)
	}
}

func TestPairBadInput(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "bad", "--name", "Bad", "--rules", "woc", "--rounds", "3")
	d.fail(1, "needs at least two active players", "pair", "bad")
	d.ok("player", "import", "bad", writeFile(t, "p.csv", playersCSV(30)), "--override", fieldOverride)
	d.fail(1, `seed "abc"`, "pair", "bad", "--seed", "abc")
	d.fail(1, "no player with id 99", "pair", "bad", "--fix", "1-99")
	d.ok("pair", "bad")
	d.fail(1, "has no result yet: enter it before pairing round 2", "pair", "bad")
	d.fail(1, `no tournament "nope"`, "pair", "nope")
	d.fail(2, "usage: outflank pair", "pair")
}
