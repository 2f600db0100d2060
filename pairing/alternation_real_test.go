package pairing

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"outflank/internal/shareddata"
)

// ftdEvent is what these tests read of a real FlipTheDisc tournament in the
// shared data's neutral JSON (../shared/data/README.md).
type ftdEvent struct {
	Tournament struct {
		Name string `json:"name"`
	} `json:"tournament"`
	Players []struct {
		ID int `json:"id"`
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
}

// TestThirdInARowRealEvents pairs again every Swiss round from round 2 of
// the six real FlipTheDisc events of the shared data, from the real
// history before it (scores, colours, opponents, floats), under the WOC's
// rules, and checks the property of TestThirdInARowLeast on each: no
// pairing as good on every criterion above alternation gives fewer players
// a third same colour in a row. It counts the thirds in Outflank's rounds
// and in the rounds as they were paired.
func TestThirdInARowRealEvents(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(shareddata.Dir(t, "ftd"), "*.json"))
	if err != nil || len(files) == 0 {
		t.Skipf("no FlipTheDisc events: %v", err)
	}
	rules := WOCSwiss.WithoutCountry()
	rounds, ours, theirs := 0, 0, 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var ev ftdEvent
		if err := json.Unmarshal(data, &ev); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		players := map[int]*Player{}
		for _, p := range ev.Players {
			players[p.ID] = &Player{ID: p.ID, Met: map[int]int{}}
		}
		for r, round := range ev.Rounds {
			if round.Phase != "swiss" {
				break
			}
			// The players of this round, ranked by points (ties by ID:
			// Halves is the last criterion, and thirds do not depend on it).
			var active []Player
			for _, g := range round.Games {
				active = append(active, *players[g.Black], *players[g.White])
			}
			for _, id := range round.Byes {
				active = append(active, *players[id])
			}
			sort.Slice(active, func(i, j int) bool {
				if active[i].Score != active[j].Score {
					return active[i].Score > active[j].Score
				}
				return active[i].ID < active[j].ID
			})
			for i := range active {
				active[i].Rank = i
				active[i].Colours = slices.Clone(active[i].Colours)
			}
			if r > 0 {
				res, err := Swiss(active, rules, Options{Seed: uint64(r)})
				if err != nil {
					t.Fatalf("%s round %d: %v", ev.Tournament.Name, r+1, err)
				}
				byID := map[int]*Player{}
				var pool []*Player
				longest := 0
				for i := range active {
					p := &active[i]
					byID[p.ID] = p
					if p.ID != res.Bye {
						pool = append(pool, p)
						longest = max(longest, runGiven(p.Colours, Black), runGiven(p.Colours, White))
					}
				}
				for _, pr := range res.Pairings {
					if runGiven(byID[pr.Black].Colours, Black) >= 3 || runGiven(byID[pr.White].Colours, White) >= 3 {
						ours++
					}
				}
				for _, g := range round.Games {
					if runGiven(players[g.Black].Colours, Black) >= 3 || runGiven(players[g.White].Colours, White) >= 3 {
						theirs++
					}
				}
				rounds++
				if longest >= 3 {
					width := longest - 2
					least, _ := bestBelow(pool, rules, Alternation, width, func(a, b *Player, _, _ slot, aBlack bool, height int64, dst []int64) {
						runsOf(a, b, aBlack, height, dst)
					})
					got, pair := make([]int64, width), make([]int64, width)
					for _, pr := range res.Pairings {
						runsOf(byID[pr.Black], byID[pr.White], true, 1, pair)
						for i := range got {
							got[i] += pair[i]
						}
					}
					if !slices.Equal(got, least) {
						t.Errorf("%s round %d: players ending at runs of %d down to 3 games of one colour: %v; a pairing as good above alternation gives %v", ev.Tournament.Name, r+1, longest, got, least)
					}
				}
			}
			// The round as it was played.
			before := map[int]float64{}
			for id, p := range players {
				before[id] = p.Score
			}
			for _, g := range round.Games {
				b, w := players[g.Black], players[g.White]
				switch {
				case g.BD > g.WD:
					b.Score++
				case g.BD < g.WD:
					w.Score++
				default:
					b.Score += 0.5
					w.Score += 0.5
				}
				b.Colours, w.Colours = append(b.Colours, Black), append(w.Colours, White)
				b.Floats = append(b.Floats, floatOf(before[b.ID], before[w.ID]))
				w.Floats = append(w.Floats, floatOf(before[w.ID], before[b.ID]))
				b.Met[w.ID]++
				w.Met[b.ID]++
			}
			for _, id := range round.Byes {
				p := players[id]
				p.Score++
				p.Byes++
				p.Colours, p.Floats = append(p.Colours, NoColour), append(p.Floats, NoFloat)
			}
		}
	}
	if rounds < 30 {
		t.Fatalf("only %d rounds paired again: the test says little", rounds)
	}
	t.Logf("%d real rounds paired again: %d games give a player a third same colour in a row, %d in the rounds as played", rounds, ours, theirs)
}
