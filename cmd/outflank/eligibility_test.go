package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPlayerEligibility_WOC_I_2: a WOC entry the team rules refuse is
// refused with the rule and what to do; --override registers it with the
// reason in the log; a contact person nation sends one player and a young
// one; citizenship and residence are kept in the tournament file.
func TestPlayerEligibility_WOC_I_2(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "woc", "--name", "WOC 2019", "--rules", "woc", "--date", "2019-11-14")
	for _, n := range []string{"A", "B", "C"} {
		d.ok("player", "add", "woc", "--name", n, "--country", "GBR", "--gender", "m")
	}
	d.fail(1, "WOC I.2.2: no more than three", "player", "add", "woc", "--name", "D", "--country", "GBR", "--gender", "m")
	d.fail(1, "--override REASON", "player", "add", "woc", "--name", "D", "--country", "GBR", "--gender", "m")
	d.ok("player", "add", "woc", "--name", "D", "--country", "GBR", "--gender", "m", "--override", "head TD's permission, e-mail of 1 August")
	if log := d.ok("log", "woc"); !strings.Contains(log, "eligibility overridden (WOC I.2.2): head TD's permission, e-mail of 1 August") {
		t.Errorf("the log does not record the override:\n%s", log)
	}
	for i, g := range []string{"m", "m", "f", "f"} {
		d.ok("player", "add", "woc", "--name", "Italian "+g+string(rune('1'+i)), "--country", "ITA", "--gender", g)
	}
	d.ok("player", "add", "woc", "--name", "Young", "--country", "ITA", "--born", "2005-12-31")
	d.fail(1, "WOC I.2.1-2.2", "player", "add", "woc", "--name", "Young 2", "--country", "ITA", "--born", "2006-01-01")

	d.fail(1, "WOC I.2.3", "player", "add", "woc", "--name", "Newcomer", "--country", "FRA", "--citizenship", "DEU", "--resident-since", "2019-05-15")
	d.ok("player", "add", "woc", "--name", "Settled", "--country", "FRA", "--citizenship", "DE", "--resident-since", "2019-05-14")

	d.ok("settings", "woc", "--contact-nations", "nzl, SWE")
	d.ok("player", "add", "woc", "--name", "Kiwi", "--country", "NZL")
	d.fail(1, "Nation with Contact Person sends one player and one additional young player", "player", "add", "woc", "--name", "Kiwi 2", "--country", "NZL")

	var doc struct {
		Settings struct {
			ContactNations string `json:"contact_nations"`
		} `json:"settings"`
		Players []struct {
			Name          string `json:"name"`
			Citizenship   string `json:"citizenship"`
			ResidentSince string `json:"resident_since"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(d.ok("export", "woc", "--format", "json")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Settings.ContactNations != "NZL,SWE" {
		t.Errorf("contact nations %q; want NZL,SWE", doc.Settings.ContactNations)
	}
	found := false
	for _, p := range doc.Players {
		found = found || p.Name == "Settled" && p.Citizenship == "DEU" && p.ResidentSince == "2019-05-14"
	}
	if !found {
		t.Errorf("the tournament file lacks Settled's citizenship and residence: %+v", doc.Players)
	}

	d.ok("player", "edit", "woc", "Italian f3", "--gender", "m")
	d.fail(1, "WOC I.2.2: no more than three", "player", "edit", "woc", "Italian f4", "--gender", "m")
	d.ok("pair", "woc")
	d.fail(1, "round 1 is paired", "player", "add", "woc", "--name", "Late", "--country", "ITA")
	d.fail(1, "this correction of #", "player", "edit", "woc", "Settled", "--country", "ITA")
	d.ok("player", "edit", "woc", "Settled", "--name", "Settled, Anna")
	d.ok("player", "edit", "woc", "Settled, Anna", "--country", "ESP", "--override", "typo in the entry form")
	if log := d.ok("log", "woc"); !strings.Contains(log, `country "FRA" → "ESP"; eligibility overridden (WOC I.2.2): typo in the entry form`) {
		t.Errorf("the log does not record the overridden correction:\n%s", log)
	}
}

// TestPlayerEligibility_BOFNational12: a player resident less than 183 days
// is refused, citing National 12 and the chairman's exemption; with
// --exemption they are registered, audited, and status says they are not
// in the play-off for the British title. The member record gives the
// residence when none is typed.
func TestPlayerEligibility_BOFNational12(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "nat", "--name", "National 2019", "--rules", "bof-national", "--date", "2019-09-01")
	d.ok("member", "add", "--name", "Ann Smith", "--country", "GBR", "--citizenship", "GBR", "--resident-since", "1990-01-01")
	d.ok("member", "add", "--name", "Bo New", "--country", "SWE", "--citizenship", "SWE", "--resident-since", "2019-03-03")
	d.ok("player", "add", "nat", "--name", "Ann Smith", "--country", "GBR")
	d.fail(1, "BOF National 12", "player", "add", "nat", "--name", "Bo New", "--country", "SWE")
	d.fail(1, "--exemption REASON", "player", "add", "nat", "--name", "Bo New", "--country", "SWE")
	d.ok("player", "add", "nat", "--name", "Bo New", "--country", "SWE", "--exemption", "moves to Leeds for two years")
	d.ok("player", "add", "nat", "--name", "Cy Long", "--resident-since", "2019-03-02")
	log := d.ok("log", "nat")
	for _, want := range []string{"citizenship GBR, resident in the UK since 1990-01-01 from member record", "chairman's exemption from the 183-day rule (BOF National 13): moves to Leeds for two years"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log does not say %q:\n%s", want, log)
		}
	}
	if status := d.ok("status", "nat"); !strings.Contains(status, "#2 Bo New") || !strings.Contains(status, "not in the play-off for the British title") {
		t.Errorf("status does not name the exempt player:\n%s", status)
	}
	var st struct {
		TitleExcluded []string `json:"title_excluded"`
	}
	if err := json.Unmarshal([]byte(d.ok("status", "nat", "--json")), &st); err != nil || len(st.TitleExcluded) != 1 || !strings.Contains(st.TitleExcluded[0], "BOF National 13") {
		t.Errorf("status --json: %+v (%v)", st, err)
	}

	d.ok("new", "reg", "--name", "Regional", "--rules", "bof-regional", "--date", "2019-09-01")
	d.fail(1, "BOF National 13", "player", "add", "reg", "--name", "Eve", "--exemption", "none needed")
	d.ok("player", "edit", "nat", "Cy Long", "--citizenship", "IE", "--exemption", "belt and braces")
	if log := d.ok("log", "nat"); !strings.Contains(log, `citizenship "" → "IRL"`) {
		t.Errorf("the log does not record the edit:\n%s", log)
	}
}
