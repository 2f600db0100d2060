package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestMemberCommands: member records from the command line, membership as
// of a date with its reason from the tournaments in the database (BOF
// Membership & finance 1), and the audited log of the records.
func TestMemberCommands(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "york24", "--name", "York Regional", "--rules", "bof-regional", "--date", "2024-03-01")
	d.ok("new", "cam25", "--name", "Cambridge Regional", "--rules", "bof-regional", "--date", "2025-05-10")
	d.ok("new", "woc25", "--name", "WOC 2025", "--rules", "woc", "--date", "2025-11-01")
	d.ok("player", "add", "york24", "--name", "Ann Smith", "--country", "GBR", "--wof-id", "101")
	d.ok("player", "add", "york24", "--name", "Bob Jones", "--country", "GBR")
	d.ok("player", "add", "cam25", "--name", "Ann Smith", "--country", "GBR", "--wof-id", "101")
	d.ok("player", "add", "woc25", "--name", "Cy Lee", "--country", "GBR")

	d.ok("--as", "sec", "member", "add", "--name", "Ann Smith", "--wof-id", "101", "--country", "GB", "--citizenship", "UK", "--family", "smith")
	d.ok("member", "add", "--name", "Bob Jones", "--country", "GBR", "--unwaged")
	d.ok("member", "add", "--name", "Cy Lee", "--country", "GBR")
	d.ok("member", "add", "--name", "Dee Paid", "--paid-until", "2026-12-31")
	d.fail(1, "already exists", "member", "add", "--name", "Bob Jones", "--country", "GBR")
	d.fail(1, "give a date YYYY-MM-DD", "member", "add", "--name", "Eve", "--paid-until", "31/12/2026")
	d.fail(2, "give --name", "member", "add", "--country", "GBR")
	d.fail(2, "give at least one", "member", "edit", "Bob Jones")
	d.fail(1, `no member "Nobody"`, "member", "edit", "Nobody", "--unwaged")

	list := d.ok("member", "list", "--as-of", "2026-03-01")
	for _, want := range []string{
		"Ann Smith", "active: played Cambridge Regional on 2025-05-10",
		"enrolled at York Regional on 2024-03-01", // Bob, exactly two years on
		"not a member: no BOF-rated tournament played",
		"subscription paid until 2026-12-31",
		"3 of 4 records are members as of 2026-03-01",
	} {
		if !strings.Contains(list, want) {
			t.Errorf("member list lacks %q:\n%s", want, list)
		}
	}
	if list := d.ok("member", "list", "--as-of", "2026-03-02"); !strings.Contains(list, "lapsed: last played York Regional on 2024-03-01") {
		t.Errorf("Bob lapses two years and a day after:\n%s", list)
	}
	var doc struct {
		AsOf    string `json:"as_of"`
		Members []struct {
			Name   string `json:"name"`
			Member bool   `json:"member"`
			Basis  string `json:"basis"`
			Reason string `json:"reason"`
			Until  string `json:"until"`
		} `json:"members"`
	}
	if err := json.Unmarshal([]byte(d.ok("member", "list", "--as-of", "2026-03-01", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.AsOf != "2026-03-01" || len(doc.Members) != 4 || doc.Members[0].Name != "Ann Smith" || doc.Members[0].Basis != "active" || doc.Members[0].Until != "2027-05-10" {
		t.Errorf("member list --json: %+v", doc)
	}
	d.fail(1, "give a date YYYY-MM-DD", "member", "list", "--as-of", "March")

	if show := d.ok("member", "show", "Ann Smith", "--as-of", "2026-03-01"); !strings.Contains(show, "york24") || !strings.Contains(show, "cam25") || !strings.Contains(show, "citizenship GBR") {
		t.Errorf("member show:\n%s", show)
	}
	d.ok("--as", "sec", "member", "edit", "Bob Jones", "--unwaged=false", "--paid-until", "2027-01-01")
	d.ok("--as", "sec", "member", "remove", "#3")
	d.fail(1, "no member #3", "member", "remove", "#3")
	log := d.ok("member", "log")
	for _, want := range []string{"removed member #3: Cy Lee", "edited member #2: was Bob Jones, country GBR, unwaged; now Bob Jones, country GBR, paid until 2027-01-01", "sec", "added member #1: Ann Smith, WOF id 101, country GBR, citizenship GBR, family smith"} {
		if !strings.Contains(log, want) {
			t.Errorf("member log lacks %q:\n%s", want, log)
		}
	}
}

// TestFeesCommand: what each entrant owes and why (BOF Membership &
// finance 2-3), with the totals for the organiser.
func TestFeesCommand(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "york24", "--name", "York Regional", "--rules", "bof-regional", "--date", "2024-03-01")
	d.ok("new", "nat26", "--name", "British National", "--rules", "bof-national", "--date", "2026-09-01")
	d.ok("player", "add", "york24", "--name", "Old Hand", "--country", "GBR")
	for _, p := range []string{"New Comer", "Old Hand", "Un Waged", "Ma Family", "Pa Family", "No Record"} {
		d.ok("player", "add", "nat26", "--name", p, "--country", "GBR")
	}
	d.ok("member", "add", "--name", "New Comer", "--country", "GBR", "--citizenship", "GBR")
	d.ok("member", "add", "--name", "Old Hand", "--country", "GBR", "--citizenship", "GBR")
	d.ok("member", "add", "--name", "Un Waged", "--country", "GBR", "--unwaged")
	d.ok("member", "add", "--name", "Ma Family", "--country", "GBR", "--family", "family")
	d.ok("member", "add", "--name", "Pa Family", "--country", "GBR", "--family", "family")
	out := d.ok("fees", "nat26")
	for _, want := range []string{
		"New Comer                      0 pounds  free: a UK citizen's first BOF-organised tournament (BOF Membership & finance 2)",
		"Old Hand                      10 pounds  standard charge at a National",
		"Un Waged                       5 pounds  unwaged",
		"Ma Family                     15 pounds  family rate for family family (Ma Family, Pa Family), instead of 20 pounds",
		"Pa Family                      0 pounds  covered by the family rate",
		"No Record                     10 pounds  standard charge at a National (BOF Membership & finance 3); no member record",
		"total: 40 pounds from 6 entrants; family 1 free 1 in-family 1 standard 2 unwaged 1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("fees lacks %q:\n%s", want, out)
		}
	}
	var f struct {
		Tournament string `json:"tournament"`
		Kind       string `json:"kind"`
		Total      int    `json:"total_pounds"`
		Entrants   []struct {
			Name   string `json:"name"`
			Pounds int    `json:"pounds"`
			Rate   string `json:"rate"`
			Member int64  `json:"member"`
		} `json:"entrants"`
	}
	if err := json.Unmarshal([]byte(d.ok("fees", "nat26", "--json")), &f); err != nil {
		t.Fatal(err)
	}
	if f.Tournament != "nat26" || f.Kind != "national" || f.Total != 40 || len(f.Entrants) != 6 || f.Entrants[0].Rate != "free" || f.Entrants[0].Member != 1 || f.Entrants[5].Member != 0 {
		t.Errorf("fees --json: %+v", f)
	}
	d.fail(1, `no tournament "nope"`, "fees", "nope")
	d.fail(2, "usage", "fees")
}
