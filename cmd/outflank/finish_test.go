package main

import (
	"encoding/json"
	"strings"
	"testing"

	"outflank"
)

// TestOrderOfFinish (issue 11, point 5): once the finals are played the
// default list is the prize-giving order: 1-2 from the final, 3-4 from the
// third place, then the list; the women's and young players' orders
// likewise (WOC III), every knockout result named.
func TestOrderOfFinish(t *testing.T) {
	tour := wocTwelve(t)
	// #2 beats #1 in the final (both games); everything else as the ids.
	score := func(r *outflank.Round, g *outflank.Game) outflank.Discs {
		if r.Stage == outflank.StageFinal && g.Black == 2 {
			return outflank.Discs{Black: 40, White: 24}
		}
		if r.Stage == outflank.StageFinal {
			return outflank.Discs{Black: 24, White: 40}
		}
		return lowerIDWins(r, g)
	}
	playUntil(t, tour, score, func(*outflank.Tournament) bool { return false })
	d := newTDB(t)
	d.importTournament(tour)

	text := d.ok("standings", "woc")
	lines := strings.Split(text, "\n")
	if !strings.Contains(lines[0], "order of finish") {
		t.Fatalf("the default list of a finished event is not the order of finish:\n%s", text)
	}
	want := []string{
		"1     #2 Player 02", "won the final 2-0",
		"2     #1 Player 01", "lost the final 0-2",
		"3     #3 Player 03", "won the third place",
		"4     #4 Player 04", "lost the third place",
		"5     #5 Player 05",
		"women's order of finish", "1     #5 Player 05", "won the women's final",
		"young players' order of finish", "1     #9 Player 09", "won the young final",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(text[at:], w)
		if i < 0 {
			t.Fatalf("the order of finish lacks %q (in this order):\n%s", w, text)
		}
		at += i
	}
	var doc struct {
		List   string `json:"list"`
		Finish []struct {
			Place  int    `json:"place"`
			Player int    `json:"player"`
			Name   string `json:"name"`
			By     string `json:"by"`
			Result string `json:"result"`
		} `json:"finish"`
		Women []struct{ Player int } `json:"women_finish"`
		Young []struct{ Player int } `json:"young_finish"`
	}
	if err := json.Unmarshal([]byte(d.ok("standings", "woc", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.List != "finish" || len(doc.Finish) != 12 || doc.Finish[0].Player != 2 || doc.Finish[0].By != "final" ||
		!strings.Contains(doc.Finish[0].Result, "40-24") || doc.Finish[2].By != "third-place" || doc.Finish[4].By != "list" {
		t.Errorf("standings --json: %+v", doc)
	}
	if len(doc.Women) != 4 || doc.Women[0].Player != 5 || len(doc.Young) != 4 || doc.Young[0].Player != 9 {
		t.Errorf("women's %v, young players' %v", doc.Women, doc.Young)
	}
	// The ranking lists are still there on demand.
	if ifrl := d.ok("standings", "woc", "--list", "ifrl"); !strings.Contains(ifrl, "final list") {
		t.Errorf("--list ifrl:\n%s", ifrl)
	}
	d.fail(1, "--after-round", "standings", "woc", "--list", "finish", "--after-round", "3")
}
