package outflank_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"outflank"
	"outflank/internal/shareddata"
	"outflank/rules"
)

// ftdFile is the neutral JSON the shared data gives for a FlipTheDisc
// tournament (../shared/data/README.md).
type ftdFile struct {
	Tournament struct {
		Name         string `json:"name"`
		PlannedRound int    `json:"planned_rounds"`
	} `json:"tournament"`
	Players []struct {
		ID        int    `json:"id"`
		Name      string `json:"name"`
		LeftAfter *int   `json:"left_after_round"`
	} `json:"players"`
	Rounds []struct {
		Phase string `json:"phase"`
		Games []struct {
			Black, White int
			BD           int `json:"black_discs"`
			WD           int `json:"white_discs"`
		} `json:"games"`
		Byes []int `json:"byes"`
	} `json:"rounds"`
	Final []struct {
		Rank   int     `json:"rank"`
		ID     int     `json:"id"`
		Points float64 `json:"points"`
		MBQ    float64 `json:"mbq"`
	} `json:"final_standings"`
}

// importFTD builds the tournament through the domain's own methods, with
// FlipTheDisc's tie-break: C = 64 / rounds unrounded, the ftd variant.
func importFTD(t *testing.T, path string) (*outflank.Tournament, *ftdFile, map[int]int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var f ftdFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	swiss := 0
	for _, r := range f.Rounds {
		if r.Phase == "swiss" {
			swiss++
		}
	}
	tour, err := outflank.NewTournament("ftd", f.Tournament.Name, "", rules.Custom, swiss)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.BrightwellC = 64 / float64(swiss)
	tour.Settings.BrightwellVariant = outflank.BrightwellFTD
	ids := map[int]int{}
	for _, p := range f.Players {
		added, err := tour.AddPlayer(outflank.Player{Name: p.Name})
		if err != nil {
			t.Fatal(err)
		}
		ids[p.ID] = added.ID
	}
	stages := map[string]outflank.Stage{"swiss": outflank.StageSwiss, "final": outflank.StageFinal, "third_place": outflank.StageThirdPlace}
	for _, r := range f.Rounds {
		// A final is a match of several games between the same two
		// players: each game is a round of its own.
		batches := [][]int{nil}
		for i := range r.Games {
			if r.Phase == "swiss" {
				batches[0] = append(batches[0], i)
			} else {
				batches = append(batches, []int{i})
			}
		}
		for b, batch := range batches {
			if len(batch) == 0 && (b > 0 || len(r.Byes) == 0) {
				continue
			}
			var pairs []outflank.Pair
			for _, i := range batch {
				g := r.Games[i]
				pairs = append(pairs, outflank.Pair{Black: ids[g.Black], White: ids[g.White]})
			}
			var byes []int
			if b == 0 {
				for _, id := range r.Byes {
					byes = append(byes, ids[id])
				}
			}
			round, err := tour.AddRound(stages[r.Phase], pairs, byes)
			if err != nil {
				t.Fatal(err)
			}
			for table, i := range batch {
				g := r.Games[i]
				res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: g.BD, White: g.WD}})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := tour.SetResult(round.Number, table+1, res, outflank.ResultOptions{}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, p := range f.Players {
		if p.LeftAfter != nil {
			if err := tour.Withdraw(ids[p.ID], *p.LeftAfter); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tour, &f, ids
}

// TestFlipTheDiscStandings reproduces FlipTheDisc's published tie-break
// (mbq) and order for every player of the six real tournaments.
func TestFlipTheDiscStandings(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(shareddata.Dir(t, "ftd"), "*.json"))
	if err != nil || len(files) != 6 {
		t.Fatalf("found %d FlipTheDisc files (%v), want 6", len(files), err)
	}
	checked := 0
	for _, path := range files {
		tour, f, ids := importFTD(t, path)
		rows := tour.Standings(0)
		if len(rows) != len(f.Final) {
			t.Fatalf("%s: %d rows, FlipTheDisc has %d", path, len(rows), len(f.Final))
		}
		for i, want := range f.Final {
			got := rows[i]
			if got.Player != ids[want.ID] || got.Points != want.Points || got.BQ != want.MBQ || got.Rank != want.Rank {
				t.Errorf("%s rank %d: player %d, %v points, mbq %v; FlipTheDisc: player %d, %v points, mbq %v",
					filepath.Base(path), want.Rank, got.Player, got.Points, got.BQ, ids[want.ID], want.Points, want.MBQ)
			}
			checked++
		}
	}
	if checked != 75 {
		t.Errorf("%d players checked, want 75", checked)
	}
}
