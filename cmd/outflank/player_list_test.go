package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPlayerList: the list gives each player's id, name, country, rating,
// team, status and points (the standings' points), as text and JSON.
func TestPlayerList(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	var doc struct {
		Tournament string `json:"tournament"`
		Players    []struct {
			ID      int     `json:"id"`
			Name    string  `json:"name"`
			Country string  `json:"country"`
			Rating  int     `json:"rating"`
			Team    string  `json:"team"`
			Status  string  `json:"status"`
			Points  float64 `json:"points"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(d.ok("player", "list", "e2e", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	var standings struct {
		Provisional []struct {
			Player int     `json:"player"`
			Points float64 `json:"points"`
		} `json:"provisional"`
	}
	if err := json.Unmarshal([]byte(d.ok("standings", "e2e", "--json")), &standings); err != nil {
		t.Fatal(err)
	}
	want := map[int]float64{}
	for _, r := range standings.Provisional {
		want[r.Player] = r.Points
	}
	if doc.Tournament != "e2e" || len(doc.Players) != 10 {
		t.Fatalf("player list: %+v", doc)
	}
	for _, p := range doc.Players {
		if p.Points != want[p.ID] {
			t.Errorf("#%d: %v points; the standings say %v", p.ID, p.Points, want[p.ID])
		}
		status := "active"
		if p.ID == 10 {
			status = "withdrawn"
		}
		if p.Status != status {
			t.Errorf("#%d status %q; want %q", p.ID, p.Status, status)
		}
	}
	if p := doc.Players[0]; p.Name != "Tamaru, Hideshi" || p.Country != "JPN" || p.Rating != 2500 || p.Team != "JPN" {
		t.Errorf("first player %+v", p)
	}
	text := d.ok("player", "list", "e2e")
	for _, want := range []string{"id  name", "status", "points", "Tamaru, Hideshi", "withdrawn after round 3", "    9  Silva, Rui"} {
		if !strings.Contains(text, want) {
			t.Errorf("player list lacks %q:\n%s", want, text)
		}
	}

	b := newTDB(t)
	b.ok("new", "reg", "--name", "Regional", "--rules", "bof-regional", "--rounds", "5")
	b.ok("player", "import", "reg", writeFile(t, "p.csv", playersCSV(4)))
	b.ok("player", "absent", "reg", "2", "--rounds", "1,3")
	text = b.ok("player", "list", "reg")
	if !strings.Contains(text, "absent in rounds 1 and 3") {
		t.Errorf("player list of a player absent in rounds 1 and 3:\n%s", text)
	}
	if out := b.ok("player", "list", "reg", "--json"); !strings.Contains(out, `"status": "absent"`) || !strings.Contains(out, `"absent_rounds": [
        1,
        3
      ]`) {
		t.Errorf("player list --json:\n%s", out)
	}
	empty := newTDB(t)
	empty.ok("new", "none", "--name", "Empty", "--rules", "woc")
	if out := empty.ok("player", "list", "none"); !strings.Contains(out, "no players yet") {
		t.Errorf("player list of no players: %q", out)
	}
}
