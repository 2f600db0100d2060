package outflank_test

import (
	"strings"
	"testing"

	"outflank"
	"outflank/circuit"
	"outflank/rules"
	"outflank/simulate"
)

func circuitTournament(t *testing.T, slug string, ps ...outflank.Player) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament(slug, slug, "2026-05-01", rules.EGP, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	return tour
}

// TestCircuitIdentities: one person across tournaments by WOF id, else by
// exact name and country (matched to the one WOF id of that name and
// country); a likely duplicate (same name, another country) is warned of,
// and a link merges it.
func TestCircuitIdentities(t *testing.T) {
	t1 := circuitTournament(t, "t1",
		outflank.Player{Name: "Ann", Country: "FRA", WOFID: 1},
		outflank.Player{Name: "Bob", Country: "GBR"},
		outflank.Player{Name: "Cat", Country: "GBR"})
	t2 := circuitTournament(t, "t2",
		outflank.Player{Name: "Ann", Country: "FRA"},
		outflank.Player{Name: "Bob", Country: "GBR", WOFID: 7},
		outflank.Player{Name: "Cat", Country: "NED"})
	c := &outflank.Circuit{Slug: "egp", Name: "EGP", Rules: circuit.EGP, Year: 2026, Tournaments: []string{"t1", "t2"}}
	table, err := c.Standings([]*outflank.Tournament{t1, t2})
	if err != nil {
		t.Fatal(err)
	}
	if len(table.Standings) != 4 {
		t.Fatalf("%d players, want 4: %+v", len(table.Standings), table.Standings)
	}
	if len(table.Warnings) != 1 || !strings.Contains(table.Warnings[0], "Cat appears as 2 players: Cat (GBR), Cat (NED)") {
		t.Errorf("warnings %q", table.Warnings)
	}
	if _, err := table.FindIdentity("Cat"); err == nil || !strings.Contains(err.Error(), `"Cat (GBR)"`) {
		t.Errorf("ambiguous name: %v", err)
	}
	a, err := table.FindIdentity("Cat (GBR)")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := table.FindIdentity("Cat (NED)")
	if err := c.Link(a, b); err != nil {
		t.Fatal(err)
	}
	if err := c.Link(b, a); err == nil {
		t.Error("linked twice")
	}
	table, err = c.Standings([]*outflank.Tournament{t1, t2})
	if err != nil {
		t.Fatal(err)
	}
	if len(table.Standings) != 3 || len(table.Warnings) != 0 {
		t.Errorf("after the link: %d players, warnings %q", len(table.Standings), table.Warnings)
	}
	if k, err := table.FindIdentity("7"); err != nil || k != "wof:7" {
		t.Errorf("by WOF id: %q %v", k, err)
	}
}

// TestCircuitPositionsAreTheOrderOfFinish: EGP I.2.5 gives points by "the
// position they reach in the final ranking": the order of finish, where
// the final and the third-place match place the first four, not the list.
func TestCircuitPositionsAreTheOrderOfFinish(t *testing.T) {
	differ := 0 // events whose first four are not the list's
	for seed := uint64(1); seed <= 6; seed++ {
		tour, err := simulate.Event(simulate.Options{Rules: rules.EGP, Players: 16, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		places := tour.OrderOfFinish(rules.TitleIndividual).Places
		c := &outflank.Circuit{Slug: "egp", Name: "EGP", Rules: circuit.EGP, Year: 2026, Tournaments: []string{tour.Slug}}
		table, err := c.Standings([]*outflank.Tournament{tour})
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range []float64{200, 140, 90, 60} {
			if places[i].ListRank != i+1 {
				differ++
			}
			p, _ := tour.Player(places[i].Player)
			line, ok := table.Line(identityOf(table, p.Name))
			if !ok || line.Results[0].Points != want || line.Results[0].Position != i+1 {
				t.Errorf("seed %d: %s, %s in the order of finish: %+v, want %v points", seed, p.Name, places[i].By, line, want)
			}
		}
	}
	if differ == 0 {
		t.Error("in every event the knockout placed the first four as the list did: the test proves nothing")
	}
}

func identityOf(table *outflank.CircuitTable, name string) string {
	for _, s := range table.Standings {
		if s.Name == name {
			return s.Key
		}
	}
	return ""
}

// TestCircuitIdentityName: a WOF id is shown with its latest name, never
// with the "WOF n" of an .ELO file without a player line.
func TestCircuitIdentityName(t *testing.T) {
	t1 := circuitTournament(t, "t1", outflank.Player{Name: "WOF 5", WOFID: 5})
	t2 := circuitTournament(t, "t2", outflank.Player{Name: "Old, Name", Country: "FRA", WOFID: 5})
	t3 := circuitTournament(t, "t3", outflank.Player{Name: "New, Name", Country: "FRA", WOFID: 5})
	t4 := circuitTournament(t, "t4", outflank.Player{Name: "WOF 5", WOFID: 5})
	t2.Date, t3.Date, t4.Date = "2026-01-01", "2026-06-01", "2026-12-01"
	c := &outflank.Circuit{Slug: "egp", Name: "EGP", Rules: circuit.EGP, Year: 2026}
	for _, order := range [][]*outflank.Tournament{{t1, t2, t3, t4}, {t4, t3, t2, t1}} {
		table, err := c.Standings(order)
		if err != nil {
			t.Fatal(err)
		}
		if s := table.Standings[0]; len(table.Standings) != 1 || s.Name != "New, Name" || s.Country != "FRA" {
			t.Errorf("%+v", table.Standings)
		}
	}
}

// TestCircuitDecisionFollowsLinks: a decided winner whose identity is
// then merged into another stays the winner (BOF GP 6).
func TestCircuitDecisionFollowsLinks(t *testing.T) {
	t1 := circuitTournament(t, "t1", outflank.Player{Name: "Ann", Country: "GBR"}, outflank.Player{Name: "Ben", Country: "GBR"})
	t2 := circuitTournament(t, "t2", outflank.Player{Name: "Ben", Country: "GBR"}, outflank.Player{Name: "Ann", Country: "SCO"})
	ts := []*outflank.Tournament{t1, t2}
	c := &outflank.Circuit{Slug: "gp", Name: "GP", Rules: circuit.BOFGP, Year: 2026}
	// No game played: both share 1st-2nd, 180 each, in each event. Once
	// the two Anns are one, Ann and Ben tie on 360, best results equal.
	if err := c.Link("name:Ann|GBR", "name:Ann|SCO"); err != nil {
		t.Fatal(err)
	}
	if err := c.Decide("name:Ann|GBR", "coin toss"); err != nil {
		t.Fatal(err)
	}
	// Then the director names the merged player the other way round.
	c.Links = []outflank.CircuitLink{{From: "name:Ann|GBR", To: "name:Ann|SCO"}}
	table, err := c.Standings(ts)
	if err != nil {
		t.Fatal(err)
	}
	if s := table.Standings[0]; s.Key != "name:Ann|SCO" || !s.Decided || s.Rank != 1 || s.Points != 360 || table.Standings[1].Rank != 2 {
		t.Errorf("%+v", table.Standings)
	}
}
