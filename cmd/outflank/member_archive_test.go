package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

// TestMemberListCountsTheArchive (issue 26, point 9): BOF Membership &
// finance 1 keeps a member while his rating is active, "having played in
// a tournament in the previous two years". With the WOF's archive
// (--results) every rated tournament of the member's WOF id counts: Imre
// Leader (79), who played EGP Barcelona in April 2026, is an active
// member, though the database's last tournament of his is a Regional of
// 2018; Brightwell (73), whose last rated tournament was in February 2016,
// has lapsed. Without the archive neither is a member: Leader shows as
// lapsed since 2018.
func TestMemberListCountsTheArchive(t *testing.T) {
	results := shareddata.Dir(t, filepath.Join("wof", "results"))
	d := newTDB(t)
	d.ok("new", "reg18", "--name", "Oxford Regional", "--rules", "bof-regional", "--date", "2018-03-01")
	d.ok("player", "add", "reg18", "--name", "Imre Leader", "--country", "GBR", "--wof-id", "79")
	d.ok("member", "add", "--name", "Imre Leader", "--wof-id", "79", "--country", "GBR")
	d.ok("member", "add", "--name", "Graham Brightwell", "--wof-id", "73", "--country", "GBR")
	type doc struct {
		Members []struct {
			Name   string `json:"name"`
			Member bool   `json:"member"`
			Basis  string `json:"basis"`
			Reason string `json:"reason"`
			Until  string `json:"until"`
		} `json:"members"`
	}
	read := func(args ...string) doc {
		var v doc
		if err := json.Unmarshal([]byte(d.ok(append([]string{"member", "list", "--as-of", "2026-05-12", "--json"}, args...)...)), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, m := range read().Members {
		if m.Member || (m.Name == "Imre Leader" && !strings.Contains(m.Reason, "lapsed: last played Oxford Regional on 2018-03-01")) {
			t.Errorf("%s without the archive: %+v", m.Name, m)
		}
	}
	got := map[string]string{}
	for _, m := range read("--results", results).Members {
		got[m.Name] = m.Reason
		if (m.Name == "Imre Leader") != m.Member {
			t.Errorf("%s: member %v: %s", m.Name, m.Member, m.Reason)
		}
	}
	if r := got["Imre Leader"]; !strings.HasPrefix(r, "active: played EGP Barcelona (WOF archive) on 2026-04-11") {
		t.Errorf("Imre Leader: %q", r)
	}
	if r := got["Graham Brightwell"]; !strings.HasPrefix(r, "lapsed: last played") || !strings.Contains(r, "on 2016-02-27") {
		t.Errorf("Graham Brightwell: %q", r)
	}
	show := d.ok("member", "show", "Imre Leader", "--as-of", "2026-05-12", "--results", results)
	if !strings.Contains(show, "2026-04-11") || !strings.Contains(show, "EGP Barcelona (WOF archive) (rated)") {
		t.Errorf("member show:\n%s", show)
	}
}

// TestMemberEnrolOffersRecords (issue 26, point 9): the real Oadby
// Regional of 2010 imported, `member enrol` offers a record to each of its
// eight players but the one who has one (by WOF id), adds nothing without --yes, and
// adds them with --yes, each in the members' log; a second run finds none
// left. A tournament that is not BOF-rated is refused.
func TestMemberEnrolOffersRecords(t *testing.T) {
	d := newTDB(t)
	d.ok("import", filepath.Join(shareddata.Dir(t, "elo"), "20100313_Oadby_Regional.ELO"), "--slug", "oadby10", "--rules", "bof-regional")
	d.ok("member", "add", "--name", "Someone Else", "--wof-id", "2047", "--country", "GBR")
	offer := d.ok("member", "enrol", "oadby10")
	for _, w := range []string{"7 players of oadby10 have no member record", "PRIDMORE", "WOF id 100007", "'outflank member enrol oadby10 --yes' adds them"} {
		if !strings.Contains(offer, w) {
			t.Errorf("the offer lacks %q:\n%s", w, offer)
		}
	}
	if strings.Contains(offer, "BARRASS") {
		t.Errorf("2047 has a record (by WOF id), offered another:\n%s", offer)
	}
	if list := d.ok("member", "list", "--as-of", "2010-03-14"); !strings.Contains(list, "1 of 1 records") {
		t.Errorf("records added without --yes:\n%s", list)
	}
	added := d.ok("member", "enrol", "oadby10", "--yes")
	if n := strings.Count(added, "saved: member #"); n != 7 {
		t.Errorf("%d records added, want 7:\n%s", n, added)
	}
	if list := d.ok("member", "list", "--as-of", "2010-03-14"); !strings.Contains(list, "8 of 8 records are members as of 2010-03-14") {
		t.Errorf("after enrolment:\n%s", list)
	}
	if log := d.ok("member", "log"); strings.Count(log, "added member #") != 8 {
		t.Errorf("the members' log:\n%s", log)
	}
	if again := d.ok("member", "enrol", "oadby10"); !strings.Contains(again, "every player of oadby10 has a member record") {
		t.Errorf("second run: %s", again)
	}
	d.ok("new", "open", "--name", "Open", "--rules", "woc", "--date", "2010-04-01")
	d.fail(1, "members are enrolled at a BOF-rated tournament", "member", "enrol", "open")
}

// TestMemberRatesByYear (issue 26, point 9): the charges of BOF
// Membership & finance 3 (10, 5 unwaged, 15 a family) are the defaults;
// the federation sets others for a year, and the fees of that year's
// tournaments follow them while other years keep the defaults.
func TestMemberRatesByYear(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "reg26", "--name", "York 2026", "--rules", "bof-regional", "--date", "2026-03-01")
	d.ok("new", "reg27", "--name", "York 2027", "--rules", "bof-regional", "--date", "2027-03-01")
	for _, slug := range []string{"reg26", "reg27"} {
		d.ok("player", "add", slug, "--name", "Ann Smith", "--country", "GBR")
		d.ok("player", "add", slug, "--name", "Bob Jones", "--country", "GBR")
	}
	d.ok("member", "add", "--name", "Bob Jones", "--country", "GBR", "--unwaged")
	if out := d.ok("--as", "treasurer", "member", "rates", "--year", "2027", "--standard", "12", "--unwaged", "6"); !strings.Contains(out, "saved: the rates of BOF 2027: 12 pounds, 6 unwaged, 15 family") {
		t.Errorf("member rates: %s", out)
	}
	type fees struct {
		Entrants []struct {
			Name   string `json:"name"`
			Pounds int    `json:"pounds"`
			Reason string `json:"reason"`
		} `json:"entrants"`
		Total int `json:"total_pounds"`
	}
	read := func(slug string) fees {
		var f fees
		if err := json.Unmarshal([]byte(d.ok("fees", slug, "--json")), &f); err != nil {
			t.Fatal(err)
		}
		return f
	}
	if f := read("reg26"); f.Total != 15 {
		t.Errorf("2026 (the BOF's 10 + 5): %+v", f)
	}
	f := read("reg27")
	if f.Total != 18 || !strings.Contains(f.Entrants[0].Reason, "the BOF's rates for 2027") {
		t.Errorf("2027 (12 + 6): %+v", f)
	}
	if out := d.ok("fees", "reg27"); !strings.Contains(out, "charges: 12 pounds, 6 unwaged, 15 a family (set for the year") {
		t.Errorf("fees text:\n%s", out)
	}
	list := d.ok("member", "rates")
	if !strings.Contains(list, "BOF 2027: 12 pounds, 6 unwaged, 15 family (set for the year)") || !strings.Contains(list, "any other year: 10 pounds, 5 unwaged, 15 family") {
		t.Errorf("member rates:\n%s", list)
	}
	if log := d.ok("member", "log"); !strings.Contains(log, "treasurer") || !strings.Contains(log, "set the rates of BOF 2027") {
		t.Errorf("member log:\n%s", log)
	}
	d.fail(2, "give --year", "member", "rates", "--standard", "12")
	d.fail(1, "give a whole number of pounds", "member", "rates", "--year", "2027", "--family", "-3")
}
