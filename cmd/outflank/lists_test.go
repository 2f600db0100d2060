package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// equalRank matches a rank declared equal ("5=") in a printed list.
var equalRank = regexp.MustCompile(`(?m)^\s+\d+=`)

// TestBOFRegionalStandingsAgreeWithStatus is issue 11's complete 13-player
// BOF Regional (seed 2 ties 4th and 5th on points): the Brightwell
// quotient resolves the ties (BOF Regionals 5, then discs and a draw as
// National 10), so standings shows no WOC playoff and declares nobody
// equal, and it names the winner status names.
func TestBOFRegionalStandingsAgreeWithStatus(t *testing.T) {
	d := newTDB(t)
	code, file, stderr := runMain(t, "", "simulate", "--rules", "bof-regional", "--players", "13", "--seed", "2", "--json")
	if code != 0 {
		t.Fatalf("simulate: %s", stderr)
	}
	d.ok("import", writeFile(t, "bof.json", file))
	const slug = "sim-bof-regional-13"
	status := d.ok("status", slug)
	winner := winnerOf(t, status)
	for _, list := range []string{"", "ifrl"} {
		args := []string{"standings", slug}
		if list != "" {
			args = append(args, "--list", list)
		}
		text := d.ok(args...)
		for _, wrong := range []string{"playoff", "draw-win", "follows once"} {
			if strings.Contains(text, wrong) {
				t.Errorf("standings %v of a BOF Regional says %q:\n%s", args[2:], wrong, text)
			}
		}
		if equalRank.MatchString(text) {
			t.Errorf("standings %v declares players equal, but BOF Regionals 5 breaks ties:\n%s", args[2:], text)
		}
	}
	var doc struct {
		List   string `json:"list"`
		Finish []struct {
			Place  int  `json:"place"`
			Equal  bool `json:"equal"`
			Player int  `json:"player"`
		} `json:"finish"`
	}
	if err := json.Unmarshal([]byte(d.ok("standings", slug, "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.List != "finish" || len(doc.Finish) != 13 || doc.Finish[0].Player != winner {
		t.Fatalf("standings --json of the complete event: list %q, %d places, first %+v; status names #%d the winner", doc.List, len(doc.Finish), doc.Finish, winner)
	}
	for i, p := range doc.Finish {
		if p.Place != i+1 || p.Equal {
			t.Errorf("place %d: %+v, want place %d, not equal", i+1, p, i+1)
		}
	}
}

// TestStandingsWhileRoundInPlay: with round 3 paired and one result in,
// the default list is the one after round 2, labelled; --live adds the
// finished game and the bye of round 3, and a player whose game is still
// to play is not credited an unplayed round (issue 11, point 4).
func TestStandingsWhileRoundInPlay(t *testing.T) {
	d := newTDB(t)
	// Seven players: a round robin with a bye each round (BOF 7: 44-20).
	d.ok("new", "br", "--name", "Bristol", "--rules", "bof-regional", "--draw-seed", "3")
	d.ok("player", "import", "br", writeFile(t, "p.csv", playersCSV(7)))
	for n := 1; n <= 2; n++ {
		d.ok("pair", "br")
		for _, g := range d.exportRounds("br").Rounds[n-1].Games {
			score := "40-24"
			if g.White < g.Black {
				score = "24-40"
			}
			d.ok("result", "br", itoa(n), itoa(g.Table), score)
		}
	}
	d.ok("pair", "br")
	f := d.exportRounds("br")
	third := f.Rounds[2]
	d.ok("result", "br", "3", "1", "50-14")

	type row struct {
		Player int     `json:"player"`
		Points float64 `json:"points"`
		BQ     float64 `json:"bq"`
		Discs  int     `json:"discs"`
	}
	read := func(args ...string) map[int]row {
		t.Helper()
		var doc struct {
			Provisional []row `json:"provisional"`
		}
		if err := json.Unmarshal([]byte(d.ok(append([]string{"standings", "br", "--json"}, args...)...)), &doc); err != nil {
			t.Fatal(err)
		}
		rows := map[int]row{}
		for _, r := range doc.Provisional {
			rows[r.Player] = r
		}
		return rows
	}
	now, after2 := read(), read("--after-round", "2")
	for id, r := range after2 {
		if now[id] != r {
			t.Errorf("player %d: the default list has %+v, the list after round 2 %+v: nothing of round 3 counts until it is complete", id, now[id], r)
		}
	}
	if text := d.ok("standings", "br"); !strings.Contains(text, "after round 2; round 3 in play, 1 of 3 results in") {
		t.Errorf("the default list does not say it is after round 2:\n%s", text)
	}
	d.fail(1, "--live", "standings", "br", "--after-round", "3")

	live := read("--live")
	bye := third.Byes[0]
	if live[bye].Points != after2[bye].Points+1 || live[bye].Discs != after2[bye].Discs+44 {
		t.Errorf("--live: the bye of round 3 (player %d) gives %+v from %+v, want a point and 44 discs more", bye, live[bye], after2[bye])
	}
	// Each player whose game is still to play keeps his quotient but for
	// his opponents' new points: C = 9 (the integer nearest to 64/7) times
	// what they gained in round 3.
	opponents := map[int][]int{}
	for _, r := range f.Rounds[:2] {
		for _, g := range r.Games {
			opponents[g.Black] = append(opponents[g.Black], g.White)
			opponents[g.White] = append(opponents[g.White], g.Black)
		}
	}
	for _, g := range third.Games[1:] {
		for _, id := range []int{g.Black, g.White} {
			want := after2[id].BQ
			for _, opp := range opponents[id] {
				want += 9 * (live[opp].Points - after2[opp].Points)
			}
			if live[id].Points != after2[id].Points || live[id].BQ != want {
				t.Errorf("--live: player %d, whose game of round 3 is still on, has %v points and BQ %v; want %v and %v", id, live[id].Points, live[id].BQ, after2[id].Points, want)
			}
		}
	}
	if text := d.ok("standings", "br", "--live"); !strings.Contains(text, "round 3 in play, 1 of 3 results in") || !strings.Contains(text, "live") {
		t.Errorf("--live does not say what it counts:\n%s", text)
	}
}
