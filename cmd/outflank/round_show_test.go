package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRoundShow: a round's pairings posted again, with each player's
// rating and current points, the results entered, the byes and the absent.
func TestRoundShow(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	var doc struct {
		Round int    `json:"round"`
		Stage string `json:"stage"`
		Games []struct {
			Table int `json:"table"`
			Black struct {
				ID     int     `json:"id"`
				Name   string  `json:"name"`
				Rating int     `json:"rating"`
				Points float64 `json:"points"`
			} `json:"black"`
			White struct {
				ID int `json:"id"`
			} `json:"white"`
			Result *struct {
				BlackDiscs int    `json:"black_discs"`
				WhiteDiscs int    `json:"white_discs"`
				Summary    string `json:"summary"`
			} `json:"result"`
		} `json:"games"`
		Byes []struct {
			ID     int     `json:"id"`
			Points float64 `json:"points"`
		} `json:"byes"`
		Absent []struct{} `json:"absent"`
	}
	if err := json.Unmarshal([]byte(d.ok("round", "show", "e2e", "4", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Round != 4 || doc.Stage != "swiss" || len(doc.Games) != 4 || len(doc.Byes) != 1 || doc.Byes[0].ID != 9 || doc.Absent == nil {
		t.Fatalf("round 4: %+v", doc)
	}
	g := doc.Games[0] // 2-3, 34-30
	if g.Table != 1 || g.Black.ID != 2 || g.Black.Name != "Berg, Anna" || g.Black.Rating != 2100 || g.White.ID != 3 ||
		g.Result == nil || g.Result.BlackDiscs != 34 || g.Result.Summary != "34-30" {
		t.Errorf("round 4 table 1: %+v", g)
	}
	var list struct {
		Players []struct {
			ID     int     `json:"id"`
			Points float64 `json:"points"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(d.ok("player", "list", "e2e", "--json")), &list); err != nil {
		t.Fatal(err)
	}
	if g.Black.Points != list.Players[1].Points || doc.Byes[0].Points != list.Players[8].Points {
		t.Errorf("points shown %v and %v; the current points are %v and %v", g.Black.Points, doc.Byes[0].Points, list.Players[1].Points, list.Players[8].Points)
	}
	text := d.ok("round", "show", "e2e")
	for _, want := range []string{"End-to-End Open, round 5 (swiss)", "table  black", "#1 Tamaru, Hideshi", "2500", "39-25", "bye:    #4 Okafor, Ada"} {
		if !strings.Contains(text, want) {
			t.Errorf("round show lacks %q:\n%s", want, text)
		}
	}
	d.fail(1, "has no round 6: its rounds are 1 to 5", "round", "show", "e2e", "6")
	d.fail(2, "usage: outflank round show", "round", "show")

	b := newTDB(t)
	b.ok("new", "reg", "--name", "Regional", "--rules", "bof-regional", "--rounds", "5")
	b.fail(1, "has no rounds yet", "round", "show", "reg")
	b.ok("player", "import", "reg", writeFile(t, "p.csv", playersCSV(5)))
	b.ok("player", "absent", "reg", "Player 05", "--rounds", "1")
	b.ok("pair", "reg")
	if text := b.ok("round", "show", "reg", "1"); !strings.Contains(text, "absent: #5 Player 05") {
		t.Errorf("round show with an absent player:\n%s", text)
	}
}
