package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// checkDoc is pair --check --json.
type checkDoc struct {
	Round     int            `json:"round"`
	Stage     string         `json:"stage"`
	Method    string         `json:"method"`
	Seed      string         `json:"seed"`
	Criteria  []string       `json:"criteria"`
	Given     checkRoundDoc  `json:"given"`
	Optimum   *checkRoundDoc `json:"optimum"`
	Verdict   string         `json:"verdict"`
	DecidedBy string         `json:"decided_by"`
	Worse     []string       `json:"worse"`
	Better    []string       `json:"better"`
	Notes     []string       `json:"notes"`
}

type checkRoundDoc struct {
	Games  []checkGameJSON  `json:"games"`
	Byes   []int            `json:"byes"`
	Totals map[string]int64 `json:"totals"`
}

type checkGameJSON struct {
	Table, Black, White int
	Costs               map[string]int64 `json:"costs"`
	Fixed               bool             `json:"fixed"`
	Breaks              string           `json:"breaks"`
}

func (d *tdb) check(args ...string) checkDoc {
	d.t.Helper()
	out := d.ok(append([]string{"pair"}, append(args, "--check", "--json")...)...)
	var doc checkDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		d.t.Fatalf("not one JSON document: %v\n%s", err, out)
	}
	return doc
}

// swissEvent is a 25-player WOC Swiss with rounds paired and played.
func swissEvent(t *testing.T, rounds int) *tdb {
	d := newTDB(t)
	rng := rand.New(rand.NewPCG(21, 22))
	d.ok("new", "open", "--name", "Open", "--rules", "woc", "--rounds", "9", "--draw-seed", "3")
	d.ok("player", "import", "open", writeFile(t, "p.csv", playersCSV(25)), "--override", fieldOverride)
	for n := 1; n <= rounds; n++ {
		d.ok("pair", "open", "--seed", itoa(40+n))
		d.playRound("open", n, rng)
	}
	return d
}

// TestPairCheck: pair --check prices the last round entered (or --round N)
// from the state before it, next to the optimum from that state, per pair
// and per criterion, and names the criteria on which it loses; it writes
// nothing.
func TestPairCheck(t *testing.T) {
	d := swissEvent(t, 4)
	// A round Outflank paired is the optimum.
	for round, args := range map[int][]string{4: {"open"}, 3: {"open", "--round", "3"}} {
		doc := d.check(args...)
		if doc.Verdict != "equal" || doc.Optimum == nil || len(doc.Worse) != 0 || len(doc.Given.Totals) != 6 {
			t.Fatalf("pair %v --check: %+v", args, doc)
		}
		if doc.Round != round || doc.Stage != "swiss" || doc.Method != "swiss: woc" || len(doc.Given.Byes) != 1 || len(doc.Given.Games) != 12 {
			t.Errorf("pair %v --check: round %d stage %q method %q byes %v, %d games", args, doc.Round, doc.Stage, doc.Method, doc.Given.Byes, len(doc.Given.Games))
		}
		for i, g := range doc.Given.Games {
			o := doc.Optimum.Games[i]
			if g.Table != i+1 || g.Black != o.Black || g.White != o.White || len(g.Costs) != 6 || fmt.Sprint(g.Costs) != fmt.Sprint(o.Costs) {
				t.Errorf("table %d: %+v, optimum %+v", i+1, g, o)
			}
		}
	}
	if out := d.ok("pair", "open", "--check"); !strings.Contains(out, "As good as the optimum") || !strings.Contains(out, "round 4 (swiss: woc) as entered, priced from the state after round 3") {
		t.Errorf("pair --check printed:\n%s", out)
	}
	// Round 4 entered again by hand, colours swapped on every table: worse,
	// on colour balance or alternation first.
	f := d.exportRounds("open")
	for len(d.exportRounds("open").Rounds) == 4 {
		d.ok("undo", "open") // the results, one by one, then the round
	}
	args := []string{"round", "add", "open"}
	for _, g := range f.Rounds[3].Games {
		args = append(args, "--pair", fmt.Sprintf("%d-%d", g.White, g.Black))
	}
	args = append(args, "--bye", itoa(f.Rounds[3].Byes[0]))
	d.ok(args...)
	doc := d.check("open")
	if doc.Verdict != "worse" || doc.DecidedBy == "" || doc.Worse[0] != doc.DecidedBy || doc.DecidedBy == "score" {
		t.Fatalf("colours swapped: verdict %q decided by %q, worse %v, better %v", doc.Verdict, doc.DecidedBy, doc.Worse, doc.Better)
	}
	out := d.ok("pair", "open", "--check")
	if !strings.Contains(out, "Worse than the optimum: it loses on "+doc.DecidedBy) || !strings.Contains(out, "Outflank's optimum from the same state (seed 0)") {
		t.Errorf("pair --check printed:\n%s", out)
	}
	log := d.ok("log", "open")
	d.ok("pair", "open", "--check", "--round", "2")
	if d.ok("log", "open") != log {
		t.Error("pair --check wrote to the log")
	}
}

// TestPairCheckFixed: --check with --fix prices the next round with the
// pairs imposed, the rest paired around them, next to the optimum; a rematch
// says so; nothing is written.
func TestPairCheckFixed(t *testing.T) {
	d := swissEvent(t, 3)
	f := d.exportRounds("open")
	rounds := len(f.Rounds)
	// The top-ranked against the bottom-ranked: a float across the field.
	doc := d.check("open", "--fix", "1-25")
	if doc.Round != 4 || doc.Verdict != "worse" || doc.DecidedBy != "score" {
		t.Fatalf("--fix 1-25: round %d verdict %q decided by %q", doc.Round, doc.Verdict, doc.DecidedBy)
	}
	fixed := doc.Given.Games[slices.IndexFunc(doc.Given.Games, func(g checkGameJSON) bool { return g.Fixed })]
	if fixed.Black != 1 || fixed.White != 25 || fixed.Costs["score"] == 0 {
		t.Errorf("the fixed pair: %+v", fixed)
	}
	// A rematch imposed: priced, and named.
	g := f.Rounds[2].Games[0]
	out := d.ok("pair", "open", "--check", "--fix", fmt.Sprintf("%d-%d", g.White, g.Black))
	if !strings.Contains(out, "(fixed)") || !strings.Contains(out, "! a meeting the rules forbid: 1 already, at most 1 under the woc rules") {
		t.Errorf("a rematch fixed:\n%s", out)
	}
	if len(d.exportRounds("open").Rounds) != rounds {
		t.Error("pair --check --fix paired a round")
	}
	d.fail(1, "--fix and --forbid price the next round", "pair", "open", "--check", "--round", "2", "--fix", "1-25")
}

// TestPairFixPriced: fixing every pair of Outflank's own pairing gives its
// costs back (issue 11: "pair --fix on every pair reports all costs 0").
func TestPairFixPriced(t *testing.T) {
	d := swissEvent(t, 3)
	var own, fixed pairingJSONDoc
	if err := json.Unmarshal([]byte(d.ok("pair", "open", "--seed", "7", "--json")), &own); err != nil {
		t.Fatal(err)
	}
	d.ok("undo", "open")
	args := []string{"pair", "open", "--seed", "7", "--json"}
	for _, g := range own.Games {
		args = append(args, "--fix", fmt.Sprintf("%d-%d", g.Black, g.White))
	}
	if err := json.Unmarshal([]byte(d.ok(args...)), &fixed); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(fixed.Totals) != fmt.Sprint(own.Totals) {
		t.Errorf("every pair fixed: totals %v, Outflank's %v", fixed.Totals, own.Totals)
	}
	if own.Totals["score"]+own.Totals["floats"]+own.Totals["halves"] == 0 {
		t.Error("Outflank's pairing costs nothing: the test says little")
	}
}

type pairingJSONDoc struct {
	Games []struct {
		Black, White int
		Costs        map[string]int64 `json:"costs"`
	} `json:"games"`
	Totals map[string]int64 `json:"totals"`
}

// TestPairCheckNotSwiss: a round robin round, a first round and the
// knockout are not Swiss rounds, and pair --check says so.
func TestPairCheckNotSwiss(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "rr", "--name", "Round Robin", "--rules", "aof", "--rounds", "5")
	d.ok("player", "import", "rr", writeFile(t, "p.csv", playersCSV(6)))
	d.fail(1, "rr has no round yet", "pair", "rr", "--check")
	d.ok("pair", "rr")
	d.fail(1, "round 1 is a round-robin round, not a Swiss round", "pair", "rr", "--check")
	d.playRound("rr", 1, rand.New(rand.NewPCG(1, 1)))
	d.fail(1, "round 2 is a round-robin round, not a Swiss round", "pair", "rr", "--check", "--fix", "1-2")
	d.fail(1, "round 7: rr has rounds 1 to 1", "pair", "rr", "--check", "--round", "7")
	d.ok("round", "add", "rr", "--pair", "1-2", "--stage", "semi-final")
	d.fail(1, "round 2 is a semi-final round, not a Swiss round", "pair", "rr", "--check")

	s := swissEvent(t, 1)
	s.fail(1, "round 1 is drawn", "pair", "open", "--check")
	s.fail(2, "--round goes with --check", "pair", "open", "--round", "1")

	k := newTDB(t)
	k.ok("new", "short", "--name", "Short", "--rules", "woc", "--rounds", "2")
	k.ok("player", "import", "short", writeFile(t, "p.csv", playersCSV(16)))
	for n := 1; n <= 2; n++ {
		k.ok("pair", "short")
		k.playRound("short", n, rand.New(rand.NewPCG(uint64(n), 0)))
	}
	k.fail(1, "round 3 comes after the main stage (2 rounds): playoffs and knockout games are not Swiss rounds", "pair", "short", "--check", "--fix", "1-2")
}
