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

// TestPlayerImportEligibility_WOC_I_2: 'player import' checks the entries
// of a file together, as 'player add' checks one: a team of five is
// refused citing WOC I.2.1 and nothing is imported; a young fifth player
// (aged 14 or less on 31 December, I.2.1) and the host's additional player
// (II.2, the additional column) are accepted; --override imports with the
// reason in the log; once round 1 is paired, no file is imported (I.2.2).
func TestPlayerImportEligibility_WOC_I_2(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "woc", "--name", "WOC 2026", "--rules", "woc", "--date", "2026-11-05")
	csv := func(name, rows string) string {
		return writeFile(t, name, "name,country,gender,born,additional\n"+rows)
	}
	four := "F1,FRA,m,,\nF2,FRA,m,,\nF3,FRA,f,,\nF4,FRA,f,,\n"
	code, _, out := d.run("player", "import", "woc", csv("five.csv", four+"F5,FRA,f,2000-01-01,\n"))
	if code != 1 {
		t.Errorf("a team of five: exit %d", code)
	}
	for _, want := range []string{"no player of five.csv was imported", "F1, F2, F3, F4, F5: WOC I.2.1-2.2", "FRA would have 5 (0 of them young)", "--override REASON"} {
		if !strings.Contains(out, want) {
			t.Errorf("the refusal does not say %q:\n%s", want, out)
		}
	}
	if list := d.ok("player", "list", "woc"); strings.Contains(list, "F1") {
		t.Fatalf("a refused import registered players:\n%s", list)
	}
	d.fail(1, "WOC I.2.2: no more than three", "player", "import", "woc", csv("men.csv", "M1,ITA,m,,\nM2,ITA,m,,\nM3,ITA,m,,\nM4,ITA,m,,\n"))
	d.ok("player", "import", "woc", csv("young.csv", four+"F5,FRA,f,2012-12-31,\nH1,NED,m,,yes\nH2,NED,m,,\nH3,NED,m,,\nH4,NED,f,,\nH5,NED,f,,\n"))
	d.fail(1, "WOC I.2.1-2.2", "player", "import", "woc", csv("sixth.csv", "F6,FRA,m,2013-01-01,\n"))
	d.ok("player", "import", "woc", csv("sixth.csv", "F6,FRA,m,2013-01-01,\n"), "--override", "young player swapped, WOF agreed")
	if log := d.ok("log", "woc"); !strings.Contains(log, "imported 1 player from sixth.csv; eligibility overridden (WOC I.2.1-2.2): young player swapped, WOF agreed") {
		t.Errorf("the log does not record the override:\n%s", log)
	}
	d.ok("pair", "woc")
	d.fail(1, "round 1 is paired", "player", "import", "woc", csv("late.csv", "L1,ESP,m,,\n"))
}

// TestPlayerImportEligibility_BOFNational12_13: at the BOF National a file's
// player resident less than 183 days is refused (National 12); the
// exemption column registers them as the chairman's exemption does
// (National 13); an exemption anywhere else is refused.
func TestPlayerImportEligibility_BOFNational12_13(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "nat", "--name", "National 2026", "--rules", "bof-national", "--date", "2026-09-01")
	d.fail(1, "Bo New: BOF National 12", "player", "import", "nat", writeFile(t, "nat.csv", "name,resident_since\nAnn Old,1990-01-01\nBo New,2026-06-01\n"))
	d.ok("player", "import", "nat", writeFile(t, "nat.csv", "name,resident_since,exemption\nAnn Old,1990-01-01,\nBo New,2026-06-01,moves to Leeds for two years\n"))
	if status := d.ok("status", "nat"); !strings.Contains(status, "#2 Bo New") || !strings.Contains(status, "not in the play-off for the British title") {
		t.Errorf("status does not name the exempt player:\n%s", status)
	}
	d.ok("new", "reg", "--name", "Regional", "--rules", "bof-regional", "--date", "2026-09-01")
	d.fail(1, "BOF National 13", "player", "import", "reg", writeFile(t, "reg.csv", "name,exemption\nEve,none needed\n"))
}

// TestImportTournamentEligibility_WOC_I_2: a tournament file not yet begun is
// a field being registered: a team of five is refused (nothing is saved)
// unless --override gives the reason, which the log records. A file of a
// tournament under way records entries made before round 1 (WOC I.2.2):
// it is imported, with the refusals printed as warnings.
func TestImportTournamentEligibility_WOC_I_2(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "src", "--name", "WOC 2026", "--rules", "woc", "--date", "2026-11-05")
	d.ok("player", "import", "src", writeFile(t, "p.csv", "name,country\nF1,FRA\nF2,FRA\nF3,FRA\nF4,FRA\nF5,FRA\nN1,NED\n"), "--override", "to export a field of five")
	file := writeFile(t, "woc.json", d.ok("export", "src", "--format", "json"))
	d.fail(1, "the tournament of woc.json was not saved: F1, F2, F3, F4, F5: WOC I.2.1-2.2", "import", file, "--slug", "copy")
	if list := d.ok("list"); strings.Contains(list, "copy") {
		t.Fatalf("a refused import saved the tournament:\n%s", list)
	}
	d.ok("import", file, "--slug", "copy", "--override", "the WOF allowed FRA five")
	if log := d.ok("log", "copy"); !strings.Contains(log, "eligibility overridden (WOC I.2.1-2.2): the WOF allowed FRA five") {
		t.Errorf("the log does not record the override:\n%s", log)
	}
	d.ok("pair", "src")
	begun := writeFile(t, "begun.json", d.ok("export", "src", "--format", "json"))
	code, _, stderr := d.run("import", begun, "--slug", "begun")
	if code != 0 || !strings.Contains(stderr, "entries made before round 1, kept as recorded, break F1, F2, F3, F4, F5: WOC I.2.1-2.2") {
		t.Errorf("the import of a tournament under way: exit %d, it does not warn:\n%s", code, stderr)
	}
}
