package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCrosstableJSON: 'crosstable --json' is the crosstable's document:
// each cell's text is the one the crosstable prints, with its kind and
// mark; the knockout matches follow apart.
func TestCrosstableJSON(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	var doc struct {
		Tournament string `json:"tournament"`
		Rounds     []struct {
			Round   int    `json:"round"`
			Heading string `json:"heading"`
		} `json:"rounds"`
		Players []struct {
			Rank   int     `json:"rank"`
			Player int     `json:"player"`
			Name   string  `json:"name"`
			Points float64 `json:"points"`
			Cells  []struct {
				Kind string `json:"kind"`
				Mark string `json:"mark"`
				Text string `json:"text"`
			} `json:"cells"`
		} `json:"players"`
		Knockout []json.RawMessage `json:"knockout"`
	}
	if err := json.Unmarshal([]byte(d.ok("crosstable", "e2e", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Tournament != "e2e" || len(doc.Rounds) != 5 || doc.Rounds[4].Heading != "r5" || len(doc.Players) != 10 || doc.Knockout == nil {
		t.Fatalf("crosstable --json: %+v", doc)
	}
	text := d.ok("crosstable", "e2e")
	kinds := map[string]bool{}
	for _, p := range doc.Players {
		var cells []string
		for _, c := range p.Cells {
			cells = append(cells, c.Text)
			kinds[c.Kind+c.Mark] = true
		}
		line := strings.Join(cells, " ")
		found := false
		for _, l := range strings.Split(text, "\n") {
			found = found || strings.Contains(l, p.Name) && strings.Contains(strings.Join(strings.Fields(l), " "), line)
		}
		if !found {
			t.Errorf("#%d %s: cells %q are not the crosstable's line:\n%s", p.Player, p.Name, line, text)
		}
	}
	for _, want := range []string{"gamet", "gamef", "bye", "withdrawn", "game"} {
		if !kinds[want] {
			t.Errorf("no cell of kind and mark %q: %v", want, kinds)
		}
	}
}

// TestStatusAndListJSON: 'status --json' has the status's headline and
// lines and the event's state in a spectator's words; 'list --json' gives
// each tournament its state.
func TestStatusAndListJSON(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	d.ok("new", "later", "--name", "Later Open", "--rules", "egp", "--date", "2026-12-01")
	var status struct {
		Tournament    string   `json:"tournament"`
		State         string   `json:"state"`
		Summary       string   `json:"summary"`
		Headline      string   `json:"headline"`
		Lines         []string `json:"lines"`
		Done          bool     `json:"done"`
		PlannedRounds int      `json:"planned_rounds"`
		Rounds        []struct {
			Round   int `json:"round"`
			Results int `json:"results"`
		} `json:"rounds"`
		Matches   []json.RawMessage `json:"matches"`
		Champions []json.RawMessage `json:"champions"`
		System    string            `json:"system"`
	}
	if err := json.Unmarshal([]byte(d.ok("status", "e2e", "--json")), &status); err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSuffix(d.ok("status", "e2e"), "\n")
	want := status.Headline
	for _, l := range status.Lines {
		want += "\n  " + l
	}
	want += "\nsystem: " + status.System
	if text != want {
		t.Errorf("status --json headline and lines:\n%s\nthe text:\n%s", want, text)
	}
	if status.State != "in-play" || status.PlannedRounds != 5 || len(status.Rounds) != 5 || status.Matches == nil || status.Champions == nil || status.Done {
		t.Errorf("status --json: %+v", status)
	}
	var list struct {
		Tournaments []struct {
			Slug    string `json:"slug"`
			Players int    `json:"players"`
			State   string `json:"state"`
			Summary string `json:"summary"`
		} `json:"tournaments"`
	}
	if err := json.Unmarshal([]byte(d.ok("list", "--json")), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Tournaments) != 2 || list.Tournaments[0].Slug != "later" || list.Tournaments[0].State != "upcoming" ||
		list.Tournaments[1].Slug != "e2e" || list.Tournaments[1].State != "in-play" || list.Tournaments[1].Players != 10 || list.Tournaments[1].Summary != status.Summary {
		t.Errorf("list --json: %+v", list)
	}
	d.fail(2, "usage: outflank list [--json]", "list", "extra")
}
