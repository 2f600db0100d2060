package exchange

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"outflank"
	"outflank/internal/shareddata"
	"outflank/rules"
	"outflank/simulate"
	"outflank/wof"
)

// finishOf is an order of finish in words, each place with its player's
// WOF id, points, discs and quotient: what must survive an export and an
// import.
func finishOf(t *outflank.Tournament) []string {
	var out []string
	for _, p := range t.OrderOfFinish(rules.TitleIndividual).Places {
		pl, _ := t.Player(p.Player)
		out = append(out, fmt.Sprintf("%d %d %v %d %v", p.Place, pl.WOFID, p.Points, p.Discs, p.BQ))
	}
	return out
}

// TestELOExportImportIsIdentity: export then import is the identity on
// standings (issue 26, 2: re-importing Outflank's own export of an
// 11-player event moved a player from 2nd to 4th). Over simulated events
// of every odd field from 5 to 15 players under the Swiss rulesets,
// several seeds each, the imported standings are the exported ones
// (eloRoundTrip: the same players in the same order with the same points,
// discs and quotient, the byes back in their rounds), and where the
// ruleset has no knockout stage the order of finish too. (The knockout
// stages after %%Added results are issue 26, 1's: the EGP's placement
// rounds, whose byes the file cannot carry, and the BOF National's
// play-off for 3rd and 4th, which reorders its final list, are left to
// it.) Players equal on everything keep their order: an imported record
// draws them in the order of its player lines (Settings.Record), as the
// WOC of 7 players of seed 1 showed (6th and 7th swapped).
func TestELOExportImportIsIdentity(t *testing.T) {
	if testing.Short() {
		t.Skip("many simulated events")
	}
	for _, id := range []rules.ID{rules.BOFRegional, rules.Custom, rules.AOF, rules.WOC} {
		for players := 5; players <= 15; players += 2 {
			for seed := uint64(1); seed <= 3; seed++ {
				t.Run(fmt.Sprintf("%s-%d-seed%d", id, players, seed), func(t *testing.T) {
					tour, err := simulate.Event(simulate.Options{Rules: id, Players: players, Seed: seed})
					if err != nil {
						t.Skipf("no such event: %v", err)
					}
					back, _ := eloRoundTrip(t, tour)
					if id != rules.BOFRegional && id != rules.Custom {
						return
					}
					want, got := finishOf(tour), finishOf(back)
					if fmt.Sprint(want) != fmt.Sprint(got) {
						t.Errorf("order of finish\nexported %v\nimported %v", want, got)
					}
				})
			}
		}
	}
}

// TestELORealRegionalsRoundTrip: the odd-sized 2018 Regionals of the
// archive (Oxfordshire, 13 players; Hampshire, 11), imported, give each
// player the points and discs of his line (the byes put back, scored 40-24
// as the files count them); exported and imported again, the same
// standings and order of finish.
func TestELORealRegionalsRoundTrip(t *testing.T) {
	dir := filepath.Join(shareddata.Dir(t, "wof/results"), "2018")
	for _, name := range []string{"20180616_Oxfordshire_Regional_2018.ELO", "20180519_Hampshire_Regional.ELO"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			f, _, err := wof.Read(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			tour, _, err := ReadELO(bytes.NewReader(data), rules.BOFRegional, name)
			if err != nil {
				t.Fatal(err)
			}
			totals := tour.Totals(0)
			for _, line := range f.Players {
				for _, p := range tour.Players {
					if p.WOFID == line.ID && (totals[p.ID].Points != *line.Score || totals[p.ID].Discs != *line.Discs) {
						t.Errorf("%s: %v points and %d discs, the line %v and %d", p.Name, totals[p.ID].Points, totals[p.ID].Discs, *line.Score, *line.Discs)
					}
				}
			}
			before := finishOf(tour)
			back, _ := eloRoundTrip(t, tour)
			if fmt.Sprint(before) != fmt.Sprint(finishOf(back)) {
				t.Errorf("order of finish\nexported %v\nimported %v", before, finishOf(back))
			}
		})
	}
}
