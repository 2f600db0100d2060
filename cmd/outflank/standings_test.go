package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestStandingsLists runs a 10-player event to the end, with a playoff,
// and checks the lists through the command line.
func TestStandingsLists(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	var doc struct {
		Provisional []struct {
			Rank   int
			Player int
			Points float64
			BQ     float64
		} `json:"provisional"`
		Playoffs []struct{ Better, Worse, BetterRank, WorseRank int } `json:"playoffs"`
		Pending  []struct{ Better, Worse int }                        `json:"pending_playoffs"`
		Final    []struct {
			Rank   int
			Equal  bool
			Player int
		} `json:"final"`
	}
	if err := json.Unmarshal([]byte(d.ok("standings", "e2e", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Provisional) != 10 {
		t.Fatalf("%d rows", len(doc.Provisional))
	}
	for i := 1; i < len(doc.Provisional); i++ {
		a, b := doc.Provisional[i-1], doc.Provisional[i]
		if a.Points < b.Points || (a.Points == b.Points && a.BQ < b.BQ) {
			t.Errorf("rows %d and %d out of order: %+v %+v", i, i+1, a, b)
		}
	}
	// Play the playoffs the list calls for, the better-ranked player black
	// and winning, and the final list appears.
	if len(doc.Playoffs) == 0 || len(doc.Pending) != len(doc.Playoffs) || doc.Final != nil {
		t.Fatalf("playoffs %v pending %v final %v", doc.Playoffs, doc.Pending, doc.Final)
	}
	// Entered by hand, one round each, the playoffs (all played at once:
	// WOC II.3.2) are numbered on from table to table.
	for i, p := range doc.Playoffs {
		d.ok("round", "add", "e2e", "--stage", "playoff", "--pair", itoa(p.Better)+"-"+itoa(p.Worse))
		d.ok("result", "e2e", itoa(5+i+1), itoa(i+1), "40-24")
	}
	doc.Final = nil
	if err := json.Unmarshal([]byte(d.ok("standings", "e2e", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Final) != 10 || doc.Final[0].Rank != 1 {
		t.Fatalf("final list %v", doc.Final)
	}
	// Every better-ranked player won: the worse-ranked are the losers,
	// ranked (equal, when several) fifth.
	rank := map[int]int{}
	for _, r := range doc.Final {
		rank[r.Player] = r.Rank
	}
	for _, p := range doc.Playoffs {
		if rank[p.Worse] != 5 || rank[p.Better] > 4 {
			t.Errorf("playoff %d v %d: final ranks %d and %d, want the loser fifth", p.Better, p.Worse, rank[p.Better], rank[p.Worse])
		}
	}
	text := d.ok("standings", "e2e")
	for _, want := range []string{"provisional list", "final list", "playoff: #"} {
		if !strings.Contains(text, want) {
			t.Errorf("standings text lacks %q:\n%s", want, text)
		}
	}
	// After round 2 there is only the provisional list.
	early := d.ok("standings", "e2e", "--after-round", "2")
	if strings.Contains(early, "final list") || !strings.Contains(early, "after round 2") {
		t.Errorf("after round 2:\n%s", early)
	}
	women := d.ok("standings", "e2e", "--list", "wfrl")
	if !strings.Contains(women, "Berg, Anna") || strings.Contains(women, "Tamaru") {
		t.Errorf("women's list:\n%s", women)
	}
	young := d.ok("standings", "e2e", "--list", "yfrl") // born 2013 and 2014, the event in 2026
	if !strings.Contains(young, "Berg, Anna") || !strings.Contains(young, "Dubois, Léa") || strings.Contains(young, "Tamaru") {
		t.Errorf("young players' list:\n%s", young)
	}
	teams := d.ok("standings", "e2e", "--list", "tfrl")
	if !strings.Contains(teams, "FRA") || !strings.Contains(teams, "JPN") {
		t.Errorf("team list:\n%s", teams)
	}
	// The crosstable: a line per player, the five rounds as columns, the
	// playoffs apart.
	cross := d.ok("crosstable", "e2e")
	header := strings.Split(cross, "\n")[1]
	if players := strings.Count(cross, "\n   "); players < 10 || !strings.Contains(cross, "bye") || !strings.Contains(header, "r5") ||
		strings.Contains(header, "r6") || !strings.Contains(cross, "playoff ") {
		t.Errorf("crosstable:\n%s", cross)
	}
	// The .ELO export lists the players in final ranking order.
	elo := d.ok("export", "e2e", "--format", "elo")
	first := doc.Final[0].Player
	var firstLine string
	for _, line := range strings.Split(elo, "\n") {
		if strings.HasPrefix(line, "%_%") {
			firstLine = line
			break
		}
	}
	names := map[int]string{1: "Tamaru", 2: "Berg", 3: "Nguyen", 4: "Okafor", 5: "Rossi", 6: "Dubois", 7: "Smith", 8: "Kim", 9: "Silva", 10: "Jean-Pierre"}
	if !strings.Contains(strings.ToLower(firstLine), strings.ToLower(names[first])) {
		t.Errorf("first .ELO player line %q, want the winner %s", firstLine, names[first])
	}
	d.fail(2, `--list "xyz"`, "standings", "e2e", "--list", "xyz")
	d.fail(1, "--after-round 9: e2e has", "standings", "e2e", "--after-round", "9")
}
