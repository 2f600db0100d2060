package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

// person is who a simulated player becomes in the team selection tests.
type person struct {
	wof          int
	name, gender string
	born         string
}

// simulated plays a whole event with simulate, gives its players (by id)
// the identities of who, and imports it as slug.
func simulated(d *tdb, slug, rules, players, seed string, who map[int]person) {
	d.t.Helper()
	out := d.ok("simulate", "--rules", rules, "--players", players, "--seed", seed, "--json")
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		d.t.Fatal(err)
	}
	for _, p := range doc["players"].([]any) {
		pl := p.(map[string]any)
		w := who[int(pl["id"].(float64))]
		pl["wof_id"], pl["name"], pl["country"], pl["gender"], pl["born"] = w.wof, w.name, "GBR", w.gender, w.born
	}
	file, err := json.Marshal(doc)
	if err != nil {
		d.t.Fatal(err)
	}
	d.ok("import", writeFile(d.t, slug+".json", string(file)), "--slug", slug)
}

// teamDoc is `team select --json`.
type teamDoc struct {
	Size   int `json:"size"`
	Offers []struct {
		Order  int    `json:"order"`
		Name   string `json:"name"`
		WOFID  int    `json:"wof_id"`
		Rule   string `json:"rule"`
		Reason string `json:"reason"`
	} `json:"offers"`
	Categories []struct {
		Category string `json:"category"`
		Player   *struct {
			WOFID  int    `json:"wof_id"`
			Rule   string `json:"rule"`
			Reason string `json:"reason"`
		} `json:"player"`
		Reason string `json:"reason"`
	} `json:"categories"`
	Skipped []struct {
		Name   string `json:"name"`
		Reason string `json:"reason"`
	} `json:"skipped"`
	Playoffs []struct {
		For     string `json:"for"`
		Rule    string `json:"rule"`
		Players []struct {
			WOFID int `json:"wof_id"`
		} `json:"players"`
	} `json:"playoffs"`
	ChairmanPlaces int      `json:"chairman_places"`
	Warnings       []string `json:"warnings"`
	WOC            struct {
		Verdict string   `json:"verdict"`
		Reasons []string `json:"reasons"`
	} `json:"woc"`
}

func (d *tdb) team(args ...string) teamDoc {
	d.t.Helper()
	var doc teamDoc
	out := d.ok(append([]string{"team", "select", "--json"}, args...)...)
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		d.t.Fatalf("team select --json: %v\n%s", err, out)
	}
	return doc
}

// offers renders the offers as "wof(rule number)".
func (doc teamDoc) offers() string {
	var parts []string
	for _, o := range doc.Offers {
		parts = append(parts, itoa(o.WOFID)+"("+strings.TrimPrefix(o.Rule, "World championship ")+")")
	}
	return strings.Join(parts, " ")
}

// teamWorld builds a simulated National (seed 3; WOF ids 101-110 for its
// players 1-10) whose order of finish is
//
//	109 (won the play-off), 102 (lost it), 104 6 points, 106 5, 105 5,
//	103 4, 108 4, 110 4, 107 3, 101 0
//
// and a BOF Grand Prix of two simulated Regionals:
//
//	r1 (seed 1): 107 200, 111 160, 112 120, 103 and 113 share 4th-5th (100+80)/2 = 90, 101 60
//	r2 (seed 2): 107 200, 111, 114 and 112 share 2nd-4th (160+120+100)/3 = 126.67, up to 127 (GP 3), 103 80, 101 60
//
// so the GP order is 107 400, 111 287, 112 247, 103 170, 114 127, 101 120,
// 113 90. Women: 101, 105 and 106; young (born 2015, 14 or less in 2027):
// 110. Members resident since 2020, but 102 since 2027-03-01 and 104 and
// 121 without a record.
func teamWorld(t *testing.T) *tdb {
	d := newTDB(t)
	p := func(wof int, gender, born string) person {
		return person{wof: wof, name: "Player " + itoa(wof), gender: gender, born: born}
	}
	nat := map[int]person{}
	for i := 1; i <= 10; i++ {
		nat[i] = p(100+i, "m", "1980-01-01")
	}
	nat[1], nat[5], nat[6], nat[10] = p(101, "f", "1980-01-01"), p(105, "f", "1980-01-01"), p(106, "f", "1980-01-01"), p(110, "m", "2015-01-01")
	simulated(d, "nat", "bof-national", "10", "3", nat)
	m := func(wof int) person { return p(wof, "m", "1980-01-01") }
	simulated(d, "r1", "bof-regional", "6", "1", map[int]person{1: m(107), 3: m(111), 4: m(112), 5: m(103), 2: m(113), 6: nat[1]})
	simulated(d, "r2", "bof-regional", "6", "2", map[int]person{6: m(107), 4: m(111), 1: m(114), 2: m(112), 3: m(103), 5: nat[1]})
	d.ok("circuit", "new", "gp", "--rules", "bof-gp", "--year", "2027")
	d.ok("circuit", "add", "gp", "r1", "r2")
	for _, w := range []int{101, 103, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 120} {
		d.ok("member", "add", "--name", "Player "+itoa(w), "--wof-id", itoa(w), "--country", "GBR", "--resident-since", "2020-01-01")
	}
	d.ok("member", "add", "--name", "Player 102", "--wof-id", "102", "--country", "GBR", "--resident-since", "2027-03-01")
	return d
}

// teamRatings is a computed rating list (`rating compute --all --json`):
// 120 and 121 active, 109 active, 122 the highest rated but inactive.
const teamRatings = `{"as_of": "2027-06-01", "until": "2027-06-01", "players": [
 {"rank": 0, "wof_id": 122, "name": "Player 122", "country": "GBR", "rating": 2100, "active": false},
 {"rank": 1, "wof_id": 120, "name": "Player 120", "country": "GBR", "rating": 2000, "active": true, "official": true},
 {"rank": 2, "wof_id": 121, "name": "Player 121", "country": "GBR", "rating": 1900, "active": true, "official": true},
 {"rank": 3, "wof_id": 109, "name": "Player 109", "country": "GBR", "rating": 1800, "active": true, "official": true}]}
`

// TestTeamSelectWorldChampionship2to4 checks the whole order of offers:
// the National Champion and the GP winner (World championship 2), the
// National's placings (2), the GP order and the active rating list (3),
// and the places left for the chairman (4); ineligible players skipped
// (1), declined ones, and the inactive player of the list refused.
func TestTeamSelectWorldChampionship2to4(t *testing.T) {
	d := teamWorld(t)
	d.ok("member", "add", "--name", "Player 122", "--wof-id", "122", "--country", "GBR", "--resident-since", "2020-01-01")
	ratings := writeFile(t, "list.json", teamRatings)
	args := []string{"--national", "nat", "--gp", "gp", "--size", "4", "--world-final", "2027-08-01", "--ratings", ratings}
	for _, p := range []string{"Player 103", "107", "106", "105", "108", "110", "101", "111", "112"} {
		args = append(args, "--declined", p)
	}
	doc := d.team(args...)
	// The whole order with every place accepted would be 109 107 106 105
	// 108 110 101 (National) 111 112 114 113 (GP) 120 (list): with those
	// declined, the fourth place reaches the list, whose first active
	// player is 120; 122, rated higher but inactive, is refused.
	if got, want := doc.offers(), "109(2) 114(3) 113(3) 120(3)"; got != want {
		t.Errorf("offers\ngot  %s\nwant %s", got, want)
	}
	for i, r := range []string{"National Champion", "Grand Prix order 5", "Grand Prix order 7", "active rating list 1"} {
		if doc.Offers[i].Reason != r {
			t.Errorf("offer %d: reason %q, want %q", i+1, doc.Offers[i].Reason, r)
		}
	}
	if doc.ChairmanPlaces != 0 || doc.Size != 4 {
		t.Errorf("size %d, chairman places %d, want 4 and 0", doc.Size, doc.ChairmanPlaces)
	}
	var skipped []string
	for _, s := range doc.Skipped {
		skipped = append(skipped, s.Name+": "+s.Reason)
	}
	got := strings.Join(skipped, "\n")
	for _, w := range []string{"Player 102: World championship 1: resident in the UK since 2027-03-01: 153 days",
		"Player 104: World championship 1: no member record", "Player 103: declined",
		"Player 122: World championship 3: not on the active rating list of 2027-06-01: no rated tournament in the 38 months before it"} {
		if !strings.Contains(got, w) {
			t.Errorf("skipped lacks %q:\n%s", w, got)
		}
	}
	// 121, without a member record, is left out of the rating list with
	// a warning rather than listed.
	if len(doc.Warnings) != 1 || !strings.Contains(doc.Warnings[0], "1 player of the rating list has no member record") {
		t.Errorf("warnings %q", doc.Warnings)
	}
	// 120's gender is recorded nowhere: with three men, WOC I.2.2 cannot
	// be checked; four places leave no women's place of its own.
	if doc.WOC.Verdict != "cannot be checked" || !strings.Contains(strings.Join(doc.WOC.Reasons, ";"), "no gender recorded for Player 120") {
		t.Errorf("WOC check %+v", doc.WOC)
	}
	if c := doc.Categories[0]; c.Player != nil || !strings.Contains(c.Reason, "no place of its own") {
		t.Errorf("women: %+v", c)
	}
	out := d.ok(append([]string{"team", "select", "--declined", "120"}, args...)...)
	for _, w := range []string{"1      Player 109", "World championship 2  National Champion", "places left for the chairman: 1 (World championship 4)",
		"skipped Player 103: declined", "skipped Player 122: World championship 3: not on the active rating list", "WOC I.2.2: the proposal holds: 3 players (0 women, 3 men)"} {
		if !strings.Contains(out, w) {
			t.Errorf("text lacks %q:\n%s", w, out)
		}
	}
	// A player database says nothing of who is active: refused.
	joueurs := writeFile(t, "joueurs.txt", "pays = GBR\n122 PLAYER, 122 %_2100\n")
	d.fail(1, "does not say who is active", "team", "select", "--national", "nat", "--gp", "gp", "--size", "2", "--ratings", joueurs)
	d.fail(1, "a federation's team is one to 4 players and an additional young player (WOC I.2.2)", "team", "select", "--national", "nat", "--gp", "gp", "--size", "5")
}

// TestTeamSelectRefusesInactiveRealList (issue 26, point 8): on the WOF
// archive's list of May 2026, Brightwell (WOF 73, last rated game in
// February 2016) is rated 2139, above every active British player, but is
// not on the active list: he is refused, and the places go to the active
// players in their published rank (Hand 243, Beck 308).
func TestTeamSelectRefusesInactiveRealList(t *testing.T) {
	results := shareddata.Dir(t, filepath.Join("wof", "results"))
	d := teamWorld(t)
	for _, m := range [][2]string{{"73", "BRIGHTWELL, Graham"}, {"2357", "HAND, David"}, {"6437", "BECK, David"}} {
		d.ok("member", "add", "--name", m[1], "--wof-id", m[0], "--country", "GBR", "--resident-since", "2000-01-01")
	}
	args := []string{"--national", "nat", "--gp", "gp", "--size", "3", "--world-final", "2026-08-01", "--results", results, "--ratings-as-of", "2026-05-12"}
	for _, p := range []string{"103", "107", "106", "105", "108", "110", "101", "111", "112", "114", "113"} {
		args = append(args, "--declined", p)
	}
	doc := d.team(args...)
	if got, want := doc.offers(), "109(2) 2357(3) 6437(3)"; got != want {
		t.Errorf("offers %s, want %s", got, want)
	}
	if len(doc.Offers) == 3 && (doc.Offers[1].Reason != "active rating list 243=" || doc.Offers[2].Reason != "active rating list 308=") {
		t.Errorf("ranks: %q, %q", doc.Offers[1].Reason, doc.Offers[2].Reason)
	}
	found := false
	for _, s := range doc.Skipped {
		if s.Name == "BRIGHTWELL, Graham" {
			found = true
			if want := "World championship 3: not on the active rating list of 2026-05-12: no rated tournament in the 38 months before it (the last on 2016-02-27)"; s.Reason != want {
				t.Errorf("Brightwell: %q, want %q", s.Reason, want)
			}
		}
	}
	if !found {
		t.Errorf("Brightwell, inactive, is not refused: %+v", doc.Skipped)
	}
}

// TestTeamSelectWorldChampionship5Categories: the women's place needs a
// play-off between 106 and 105, equal on 5 points and not in the
// National's play-off; the young place goes to the highest-placed young
// player, 110; with a qualifying event, its placings decide.
func TestTeamSelectWorldChampionship5Categories(t *testing.T) {
	d := teamWorld(t)
	doc := d.team("--national", "nat", "--gp", "gp", "--size", "2", "--world-final", "2027-08-01")
	if got := doc.offers(); got != "109(2) 107(2)" {
		t.Errorf("offers %s", got)
	}
	if len(doc.Playoffs) != 1 || doc.Playoffs[0].For != "women" || doc.Playoffs[0].Rule != "World championship 5" ||
		len(doc.Playoffs[0].Players) != 2 || doc.Playoffs[0].Players[0].WOFID != 106 || doc.Playoffs[0].Players[1].WOFID != 105 {
		t.Errorf("play-offs %+v", doc.Playoffs)
	}
	if doc.Categories[0].Player != nil {
		t.Errorf("a women's player chosen before the play-off: %+v", doc.Categories[0].Player)
	}
	if y := doc.Categories[1].Player; y == nil || y.WOFID != 110 || y.Reason != "highest-placed young player in the National (placing 8)" {
		t.Errorf("young: %+v", y)
	}
	doc = d.team("--national", "nat", "--gp", "gp", "--size", "1", "--world-final", "2027-08-01", "--women-event", "r2", "--declined", "107")
	if w := doc.Categories[0].Player; w == nil || w.WOFID != 111 || w.Rule != "World championship 5" || !strings.Contains(w.Reason, "women qualifying event") {
		t.Errorf("women from the qualifying event, its winner declined: %+v", w)
	}
	if len(doc.Playoffs) != 0 {
		t.Errorf("play-offs %+v", doc.Playoffs)
	}
}

func TestTeamSelectErrors(t *testing.T) {
	d := teamWorld(t)
	d.fail(2, "usage: outflank team select", "team", "select", "--national", "nat", "--gp", "gp")
	d.fail(1, "give a bof-national tournament", "team", "select", "--national", "r1", "--gp", "gp", "--size", "2")
	d.fail(1, "no such player", "team", "select", "--national", "nat", "--gp", "gp", "--size", "2", "--declined", "Nobody")
	d.fail(1, "--world-final", "team", "select", "--national", "nat", "--gp", "gp", "--size", "2", "--world-final", "soon")
	_, _, errOut := runMain(t, "", "--db", d.path, "team", "select", "--national", "nat", "--gp", "gp", "--size", "2")
	if !strings.Contains(errOut, "residency not checked") {
		t.Errorf("no warning without --world-final: %q", errOut)
	}
}
