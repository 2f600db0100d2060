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

