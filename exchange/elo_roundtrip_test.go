package exchange

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
	"outflank/wof"
)

// eloRoundTrip exports tour as an .ELO file and imports it under its
// ruleset, checking that the file's header reads back as the original's
// (exchange.ELOHeaderLines) and that the imported standings are the
// original's: the same players in the same order, with the same points,
// discs and Brightwell quotient, and the byes the file cannot carry put
// back in the rounds they were in. It returns the import.
func eloRoundTrip(t *testing.T, tour *outflank.Tournament) (*outflank.Tournament, []string) {
	t.Helper()
	giveNewIDs(tour)
	var out bytes.Buffer
	if err := WriteELO(&out, tour); err != nil {
		t.Fatal(err)
	}
	back, warnings, err := ReadELO(bytes.NewReader(out.Bytes()), tour.Rules, tour.Slug+".ELO")
	if err != nil {
		t.Fatal(err)
	}
	f, _, err := wof.Read(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	sender, country := ELOHeaderLines(tour)
	if f.Tournament != tour.Name || f.Sender != sender || f.Country != country || back.Date != tour.Date {
		t.Errorf("header %q %q %q, date %s; want %q %q %q, %s", f.Tournament, f.Sender, f.Country, back.Date, tour.Name, sender, country, tour.Date)
	}
	var again bytes.Buffer
	if err := WriteELO(&again, back); err != nil {
		t.Fatal(err)
	}
	g, _, err := wof.Read(bytes.NewReader(again.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if g.Tournament != f.Tournament || g.Sender != f.Sender || g.Country != f.Country || g.DateFrom != f.DateFrom {
		t.Errorf("exported again, the header is %q %q %q %v; first %q %q %q %v", g.Tournament, g.Sender, g.Country, g.DateFrom, f.Tournament, f.Sender, f.Country, f.DateFrom)
	}
	// A player is known by his WOF id, and as new to the WOF or not.
	name := func(x *outflank.Tournament, id int) string {
		p, _ := x.Player(id)
		return fmt.Sprint(p.WOFID, p.NewToWOF)
	}
	want, got := tour.Standings(0), back.Standings(0)
	if len(got) != len(want) {
		t.Fatalf("%d rows imported, %d exported", len(got), len(want))
	}
	for i := range want {
		w, g := want[i], got[i]
		if name(tour, w.Player) != name(back, g.Player) || w.Points != g.Points || w.Discs != g.Discs || w.BQ != g.BQ || w.Byes != g.Byes {
			t.Errorf("place %d: %s %v points %d discs BQ %v, %d byes; exported %s %v points %d discs BQ %v, %d byes",
				i+1, name(back, g.Player), g.Points, g.Discs, g.BQ, g.Byes, name(tour, w.Player), w.Points, w.Discs, w.BQ, w.Byes)
		}
	}
	byes := func(x *outflank.Tournament) []string {
		var all []string
		for _, r := range x.Rounds {
			for _, id := range r.Byes {
				all = append(all, fmt.Sprintf("round %d: %s", r.Number, name(x, id)))
			}
		}
		slices.Sort(all)
		return all
	}
	if b, w := byes(back), byes(tour); !slices.Equal(b, w) {
		t.Errorf("byes imported %v, exported %v", b, w)
	}
	return back, warnings
}

// TestELORoundTripOddEvents: simulated events with an odd field, so a bye
// every round, exported as .ELO files (which carry no byes) and imported
// again, give the same header and standings: the import infers each bye
// from the player lines (issue 24, 5 and 10). The WOC's and EGP's have
// playoffs and finals, which the export's player lines count and its
// %%Added results hold.
func TestELORoundTripOddEvents(t *testing.T) {
	for _, c := range []struct {
		id      rules.ID
		players int
	}{{rules.BOFRegional, 9}, {rules.Custom, 7}, {rules.AOF, 11}, {rules.BOFRegional, 25}, {rules.WOC, 13}, {rules.EGP, 13}} {
		t.Run(fmt.Sprintf("%s-%d", c.id, c.players), func(t *testing.T) {
			tour, err := simulate.Event(simulate.Options{Rules: c.id, Players: c.players, Seed: 24})
			if err != nil {
				t.Fatal(err)
			}
			byes := 0
			for _, r := range tour.Rounds {
				byes += len(r.Byes)
			}
			if byes == 0 {
				t.Fatalf("the simulated event has no bye")
			}
			_, warnings := eloRoundTrip(t, tour)
			inferred := 0
			for _, w := range warnings {
				if strings.Contains(w, "a bye inferred in round") {
					inferred++
				}
			}
			if inferred != byes {
				t.Errorf("%d byes said inferred, %d in the event:\n%v", inferred, byes, warnings)
			}
		})
	}
}

// TestELORoundTripLateArrival is Oadby 2010 rebuilt in Outflank: 8
// players of a BOF regional, one arriving late, recorded absent in round
// 1 (BOF general rule 11: 20-44), so round 1 has a bye. The .ELO file
// carries neither; imported again, the event has both back, and the same
// standings.
func TestELORoundTripLateArrival(t *testing.T) {
	tour, err := outflank.NewTournament("oadby", "Oadby Regional", "2026-03-13", rules.BOFRegional, 0)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2010, 3))
	field, err := simulate.Field(rng, 8)
	if err != nil {
		t.Fatal(err)
	}
	if err := tour.AddPlayers(field); err != nil {
		t.Fatal(err)
	}
	if err := tour.MarkAbsent(8, []int{1}); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= tour.PlannedRounds(); n++ {
		if _, err := tour.PairNext(outflank.PairOptions{Seed: uint64(n)}); err != nil {
			t.Fatalf("round %d: %v", n, err)
		}
		for table := range tour.Rounds[n-1].Games {
			res, err := simulate.PlayResult(tour, rng, n, table+1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tour.SetResult(n, table+1, res, outflank.ResultOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(tour.Rounds[0].Byes) != 1 {
		t.Fatalf("round 1 byes %v, want one", tour.Rounds[0].Byes)
	}
	back, warnings := eloRoundTrip(t, tour)
	late, _ := tour.Player(8)
	for _, p := range back.Players {
		absent := slices.Equal(p.AbsentRounds, []int{1})
		if strings.EqualFold(p.Name, late.Name) != absent {
			t.Errorf("%s imported absent in %v; %s was late:\n%v", p.Name, p.AbsentRounds, late.Name, warnings)
		}
	}
}

// giveNewIDs gives each player of tour without a WOF id the one a
// federation would give a player new to the WOF (BOF's are 1000xx), as
// the director does before sending the .ELO file (WriteELO refuses a
// player without one).
func giveNewIDs(tour *outflank.Tournament) {
	for i := range tour.Players {
		if p := &tour.Players[i]; p.WOFID == 0 {
			p.WOFID, p.NewToWOF = 100000+p.ID, true
		}
	}
}
