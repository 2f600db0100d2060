package main

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"outflank/wof"
)

// TestPlayerAbsentEndToEnd: at a BOF Regional a player misses rounds 2 and
// 3: they are not paired and the bye goes to someone else; the absence is
// scored 20-44 (BOF general rule 11) in the .ELO disc count; 'player
// return' brings them back; it all survives export and import. At a WOC
// the absence is refused (II.8: no re-entry).
func TestPlayerAbsentEndToEnd(t *testing.T) {
	d := newTDB(t)
	rng := rand.New(rand.NewPCG(3, 4))
	d.ok("new", "reg", "--name", "Oadby Regional", "--rules", "bof-regional", "--rounds", "5")
	d.ok("player", "import", "reg", writeFile(t, "p.csv", playersCSVWithIDs(7)))
	d.ok("pair", "reg", "--seed", "1")
	d.playRound("reg", 1, rng)
	out := d.ok("player", "absent", "reg", "Player 07", "--rounds", "2-3")
	if !strings.Contains(out, "#7 Player 07 absent in rounds 2 and 3") || !strings.Contains(out, "20 discs") {
		t.Errorf("player absent printed %q", out)
	}
	for n := 2; n <= 3; n++ {
		d.ok("pair", "reg", "--seed", itoa(n))
		r := d.exportRounds("reg").Rounds[n-1]
		if len(r.Games) != 3 || len(r.Byes) != 0 {
			t.Errorf("round %d of 6 present players: %+v", n, r)
		}
		for _, g := range r.Games {
			if g.Black == 7 || g.White == 7 {
				t.Errorf("round %d: the absent player is paired: %+v", n, g)
			}
		}
		d.playRound("reg", n, rng)
	}
	d.fail(1, "is not marked absent in any round to come (marked absent in rounds 2 and 3)", "player", "return", "reg", "7")
	d.ok("player", "absent", "reg", "7", "--rounds", "5")
	if out := d.ok("player", "return", "reg", "7"); !strings.Contains(out, "no longer absent in round 5") {
		t.Errorf("player return printed %q", out)
	}
	d.ok("pair", "reg", "--seed", "4")
	if r := d.exportRounds("reg").Rounds[3]; !slices.Contains(r.Byes, 7) && !playsIn(r.Games, 7) {
		t.Errorf("round 4 after the return: %+v", r)
	}
	d.fail(1, "already marked absent in round 2", "player", "absent", "reg", "7", "--rounds", "2")
	d.fail(1, "--outcome unplayed", "player", "absent", "reg", "1", "--rounds", "4")
	d.fail(1, `rounds "2,x"`, "player", "absent", "reg", "1", "--rounds", "2,x")
	d.fail(2, "give the rounds missed", "player", "absent", "reg", "1")

	// The .ELO disc count: the discs of the games played, and 20 for each
	// round missed (BOF 11).
	var file struct {
		Players []struct {
			ID           int   `json:"id"`
			AbsentRounds []int `json:"absent_rounds"`
		} `json:"players"`
		Rounds []struct {
			Games []struct {
				Black      int `json:"black"`
				White      int `json:"white"`
				BlackDiscs int `json:"black_discs"`
				WhiteDiscs int `json:"white_discs"`
			} `json:"games"`
			Byes []int `json:"byes"`
		} `json:"rounds"`
	}
	exported := d.ok("export", "reg")
	if err := json.Unmarshal([]byte(exported), &file); err != nil {
		t.Fatal(err)
	}
	if got := file.Players[6].AbsentRounds; !slices.Equal(got, []int{2, 3}) {
		t.Errorf("exported absent rounds %v", got)
	}
	want := 2 * 20
	for _, r := range file.Rounds {
		if slices.Contains(r.Byes, 7) {
			want += 44 // BOF 7: Bye loses 20-44
		}
		for _, g := range r.Games {
			if g.Black == 7 {
				want += g.BlackDiscs
			} else if g.White == 7 {
				want += g.WhiteDiscs
			}
		}
	}
	f, _, err := wof.Read(strings.NewReader(d.ok("export", "reg", "--format", "elo")))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range f.Players {
		if p.ID != 100007 {
			continue
		}
		if p.Discs == nil || *p.Discs != want {
			t.Errorf(".ELO disc count of the absent player: %v; want %d", p.Discs, want)
		}
	}
	imported := newTDB(t)
	imported.ok("import", writeFile(t, "reg.json", exported), "--slug", "reg")
	if again := imported.ok("export", "reg"); again != exported {
		t.Errorf("the tournament file does not round-trip through import")
	}

	w := newTDB(t)
	enterTenPlayerEvent(w)
	w.fail(1, "WOC II.8", "player", "absent", "e2e", "3", "--rounds", "6")
}

func playsIn(games []struct{ Table, Black, White int }, id int) bool {
	for _, g := range games {
		if g.Black == id || g.White == id {
			return true
		}
	}
	return false
}
