package web_test

import (
	"context"
	"net/http"
	"net/url"
	"outflank"
	"strings"
	"testing"

	"outflank/auth"
)

// TestConsoleHome: /admin lists the tournaments a user directs (every one
// for an administrator, with the form that creates one), tells a judge
// where their page is, and is never cached; a tournament's console says
// what comes next with the button that does it.
func TestConsoleHome(t *testing.T) {
	s := newAccessSite(t)
	admin := s.as("admin (session)")
	a := admin.get("/admin")
	mustContain(t, "/admin as admin", a, "Tournament club", "Tournament other", "Create a tournament", "Users and their roles")
	if cc := a.header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("a console page's Cache-Control: %q", cc)
	}
	td := s.as("td-club (session)")
	a = td.get("/admin")
	mustContain(t, "/admin as td-club", a, "Tournament club")
	if strings.Contains(a.body, "Tournament other") || strings.Contains(a.body, "Create a tournament") {
		t.Errorf("td-club sees another's tournament or the admin's form:\n%s", text(a.body))
	}
	mustContain(t, "/admin as a judge", s.as("judge club r1 t2").get("/admin"), "table judge of club", "/t/club/judge")
	a = td.get("/t/club/admin")
	mustContain(t, "the console of club", a, "Enter the results of round 1 (0 of 2 in)", "Enter results", "/t/club/admin/results")
	if strings.Contains(a.body, "outflank pair") || strings.Contains(a.body, "'outflank") {
		t.Errorf("the banner names a command line:\n%s", text(a.body))
	}
	if a.status != http.StatusOK || a.header.Get("Cache-Control") != "no-store" {
		t.Errorf("console: %d %q", a.status, a.header.Get("Cache-Control"))
	}
}

// TestConsoleCreateTournament: an administrator creates a tournament from
// /admin (rules, date, rounds, minutes), lands on its console with the
// message, and a refused form keeps what was typed.
func TestConsoleCreateTournament(t *testing.T) {
	s := newAccessSite(t)
	admin := s.as("admin (session)")
	a := admin.post("/admin/tournaments", url.Values{"slug": {"spring"}, "name": {"Spring Open"}, "rules": {"egp"}, "date": {"2026-04-11"}, "rounds": {"7"}, "minutes": {"25"}})
	if a.location != "/t/spring/admin" {
		t.Fatalf("create: %d to %q\n%s", a.status, a.location, text(a.body))
	}
	mustContain(t, "the new console", admin.follow(a), "Created Spring Open", "No players yet", "Register players")
	tour := s.tournament("spring")
	if tour.Settings.Rounds != 7 || tour.Settings.Minutes != 25 || tour.Date != "2026-04-11" || tour.Rules != "egp" {
		t.Errorf("created %+v", tour)
	}
	a = admin.post("/admin/tournaments", url.Values{"slug": {"Bad Slug"}, "name": {"Kept Name"}, "rules": {"woc"}})
	if a.status != http.StatusBadRequest {
		t.Errorf("a bad slug: %d", a.status)
	}
	mustContain(t, "the refused form", a, "slug", "Kept Name")
	a = admin.post("/admin/tournaments", url.Values{"slug": {"spring"}, "name": {"Again"}, "rules": {"woc"}})
	if a.status != http.StatusConflict {
		t.Errorf("a slug taken: %d %s", a.status, text(a.body))
	}
}

// TestConsoleUsers: an administrator adds a user, gives and takes back
// the td role, sets a password and removes the user; removing oneself is
// refused.
func TestConsoleUsers(t *testing.T) {
	s := newAccessSite(t)
	admin := s.as("admin (session)")
	mustContain(t, "users", admin.get("/admin/users"), "td-club", "td-other", "administrator", "Add a user")
	a := admin.post("/admin/users", url.Values{"name": {"carol"}, "password": {"carol's long password"}})
	mustContain(t, "after adding", admin.follow(a), "Added user carol")
	a = admin.post("/admin/users/carol/grant", url.Values{"tournament": {"club"}})
	mustContain(t, "after granting", admin.follow(a), "carol now directs club")
	if u, err := s.db.User(t.Context(), "carol"); err != nil || len(u.Grants) != 1 || u.Grants[0].Tournament != "club" {
		t.Fatalf("carol's grants: %+v %v", u, err)
	}
	if a := admin.post("/admin/users/carol/grant", url.Values{"tournament": {"nowhere"}}); a.status != http.StatusNotFound {
		t.Errorf("a role on a tournament that does not exist: %d", a.status)
	}
	admin.follow(admin.post("/admin/users/carol/revoke", url.Values{"tournament": {"club"}}))
	if u, _ := s.db.User(t.Context(), "carol"); len(u.Grants) != 0 {
		t.Errorf("carol's grants after the revoke: %+v", u.Grants)
	}
	if a := admin.post("/admin/users/carol/password", url.Values{"password": {"short"}}); a.status != http.StatusBadRequest {
		t.Errorf("a short password: %d", a.status)
	}
	admin.follow(admin.post("/admin/users/carol/password", url.Values{"password": {"a new long password"}}))
	if _, _, err := auth.New(s.db).Login(t.Context(), "carol", "a new long password", "10.0.0.9"); err != nil {
		t.Errorf("carol's new password: %v", err)
	}
	mustContain(t, "after removing", admin.follow(admin.post("/admin/users/carol/remove", url.Values{})), "Removed carol")
	if a := admin.post("/admin/users/admin/remove", url.Values{}); a.status != http.StatusBadRequest {
		t.Errorf("removing oneself: %d", a.status)
	}
}

// TestConsoleSettings: an administrator changes a tournament's settings
// until round 1 is paired; then they are fixed.
func TestConsoleSettings(t *testing.T) {
	s := newAccessSite(t)
	admin := s.as("admin (session)")
	admin.follow(admin.post("/admin/tournaments", url.Values{"slug": {"autumn"}, "name": {"Autumn"}, "rules": {"woc"}}))
	mustContain(t, "settings", admin.get("/t/autumn/admin/settings"), "Autumn", "by the format")
	a := admin.post("/t/autumn/admin/settings", url.Values{"name": {"Autumn Open"}, "rules": {"aof"}, "rounds": {"8"}, "minutes": {"30"}})
	mustContain(t, "after saving", admin.follow(a), "rules woc → aof", "Autumn Open")
	if tour := s.tournament("autumn"); tour.Settings.Rounds != 8 || tour.Settings.BrightwellC != 8 || tour.Name != "Autumn Open" {
		t.Errorf("saved %+v", tour.Settings)
	}
	// Round 1 is paired: the rounds and minutes are disabled, and the page
	// says so; the server refuses a change of them sent anyway, and
	// nothing changes. The name and the date still change (issue 26).
	locked := admin.get("/t/club/admin/settings")
	mustContain(t, "the settings after round 1", locked, `<p class="locked" id="settings-locked">Round 1 is paired`,
		`placeholder="by the format" disabled aria-describedby="settings-locked">`, `placeholder="not recorded" disabled aria-describedby="settings-locked">`)
	a = admin.post("/t/club/admin/settings", url.Values{"name": {"Renamed"}, "rules": {"bof-regional"}, "rounds": {"6"}})
	if a.status != http.StatusConflict {
		t.Errorf("settings after round 1: %d", a.status)
	}
	mustContain(t, "settings after round 1", a, "fixed", `disabled aria-describedby="settings-locked"`)
	before := s.tournament("club")
	if a := s.as("td-club (session)").post("/t/club/admin/settings", url.Values{"name": {before.Name}, "rules": {string(before.Rules)}, "rounds": {"5"}, "minutes": {"45"}}); a.status != http.StatusConflict {
		t.Errorf("minutes after round 1: %d", a.status)
	}
	if after := s.tournament("club"); after.Version != before.Version || after.Name != before.Name || after.Settings.Minutes != before.Settings.Minutes {
		t.Errorf("settings after round 1 changed: %q %+v", after.Name, after.Settings)
	}
	td := s.as("td-club (session)")
	mustContain(t, "renamed after round 1", td.follow(td.post("/t/club/admin/settings", url.Values{"name": {"Renamed"}, "date": {"2026-06-07"}, "rules": {string(before.Rules)}})), `name &#34;`+before.Name+`&#34; → &#34;Renamed&#34;`)
	if after := s.tournament("club"); after.Name != "Renamed" || after.Date != "2026-06-07" || after.Settings.Rounds != before.Settings.Rounds {
		t.Errorf("renamed after round 1: %q %s %+v", after.Name, after.Date, after.Settings)
	}

	// A tournament's director edits its settings too, and no other's.
	if err := s.db.Grant(context.Background(), "td-club", outflank.Grant{Tournament: "autumn", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	mustContain(t, "the director's settings", td.follow(td.post("/t/autumn/admin/settings", url.Values{"name": {"Autumn Cup"}, "rules": {"aof"}, "rounds": {"9"}})), "Autumn Cup")
	if tour := s.tournament("autumn"); tour.Settings.Rounds != 9 || tour.Name != "Autumn Cup" {
		t.Errorf("the director's settings saved as %q %+v", tour.Name, tour.Settings)
	}
	if a := s.as("td-other (session)").post("/t/autumn/admin/settings", url.Values{"name": {"Mine"}, "rules": {"aof"}}); a.status != http.StatusForbidden {
		t.Errorf("another tournament's director: %d", a.status)
	}
}

// TestConsoleSettingsRated_BOFRatings1: the settings page records the place, clocks
// and whether the players were told the games are rated (BOF Ratings
// 1-3), says why the games will not be rated, and still takes these three
// after round 1, when the rest is fixed.
func TestConsoleSettingsRated_BOFRatings1(t *testing.T) {
	s := newAccessSite(t)
	admin := s.as("admin (session)")
	admin.follow(admin.post("/admin/tournaments", url.Values{"slug": {"reg"}, "name": {"Regional"}, "rules": {"bof-regional"}}))
	mustContain(t, "a new Regional", admin.get("/t/reg/admin/settings"), `<fieldset id="rated">`, `placeholder="GBR"`, "BOF Ratings 1-3", "The games will be rated.")
	a := admin.post("/t/reg/admin/settings", url.Values{"name": {"Regional"}, "rules": {"bof-regional"}, "place": {"fr"}, "clocks": {"no"}, "told": {"yes"}})
	mustContain(t, "after saving", admin.follow(a), "place the ruleset&#39;s → FRA; clocks yes → no")
	if tour := s.tournament("reg"); tour.Settings.Place != "FRA" || tour.Settings.Clocks != "no" {
		t.Errorf("saved %+v", tour.Settings)
	}
	mustContain(t, "unrated", admin.get("/t/reg/admin/settings"), `<ul class="unrated" id="unrated">`,
		"Not rated: held in FRA, not in the UK (BOF Ratings 1 a)", "Not rated: played without clocks (BOF Ratings 1 b)", `<option value="no" selected>not used</option>`)
	mustContain(t, "the console's home", admin.get("/t/reg/admin"), `<p class="warning unrated" id="unrated">The games will not be rated: held in FRA, not in the UK (BOF Ratings 1 a); played without clocks (BOF Ratings 1 b).`,
		`href="/t/reg/admin/settings">Change it in the settings</a>`, "(the players only: the games are not rated)")
	if home := admin.get("/t/club/admin"); strings.Contains(home.body, `id="unrated"`) {
		t.Errorf("a rated tournament's home warns:\n%s", home.body)
	}
	a = admin.post("/t/reg/admin/settings", url.Values{"name": {"Regional"}, "rules": {"bof-regional"}, "place": {"France"}})
	if a.status != http.StatusBadRequest {
		t.Errorf("place France: %d", a.status)
	}
	mustContain(t, "place France", a, "three-letter code")

	// After round 1 the page sends the rated-games fields alone.
	before := s.tournament("club")
	locked := admin.get("/t/club/admin/settings")
	mustContain(t, "locked", locked, `disabled aria-describedby="settings-locked">`, `<fieldset id="rated">`, `<input type="hidden" name="rated_only" value="1">`)
	a = admin.post("/t/club/admin/settings", url.Values{"rated_only": {"1"}, "place": {"JPN"}, "clocks": {"yes"}, "told": {"no"}})
	mustContain(t, "rated after round 1", admin.follow(a), "place")
	after := s.tournament("club")
	if after.Settings.Place != "JPN" || after.Settings.Told != "no" || after.Name != before.Name || after.Settings.Rounds != before.Settings.Rounds {
		t.Errorf("after round 1 saved %q %+v", after.Name, after.Settings)
	}
}

// TestConsoleSettingsELOSender: the settings page edits who sends the
// .ELO file to the WOF (issue 24, 10): empty, the file names the
// ruleset's federation and the page says so, with the country the file
// will name; a sender the file cannot carry, or too long, is a 400 that
// changes nothing; after round 1 it still changes, as the place does.
func TestConsoleSettingsELOSender(t *testing.T) {
	s := newAccessSite(t)
	admin := s.as("admin (session)")
	admin.follow(admin.post("/admin/tournaments", url.Values{"slug": {"reg"}, "name": {"Regional"}, "rules": {"bof-regional"}}))
	mustContain(t, "a new Regional", admin.get("/t/reg/admin/settings"), `<fieldset id="elo">`, `name="elo_sender" value="" maxlength="200" placeholder="British Othello Federation"`,
		"Left empty, the file names British Othello Federation. Country named in the file: Great-Britain.")
	base := url.Values{"name": {"Regional"}, "rules": {"bof-regional"}}
	with := func(sender string) url.Values {
		v := url.Values{"elo_sender": {sender}}
		for k, x := range base {
			v[k] = x
		}
		return v
	}
	a := admin.post("/t/reg/admin/settings", with("  Scottish   Othello Association "))
	mustContain(t, "after saving", admin.follow(a), "Saved: settings: .ELO sender the ruleset&#39;s federation → &#34;Scottish Othello Association&#34;.")
	if got := s.tournament("reg").Settings.ELOSender; got != "Scottish Othello Association" {
		t.Errorf("saved sender %q", got)
	}
	mustContain(t, "the page again", admin.get("/t/reg/admin/settings"), `name="elo_sender" value="Scottish Othello Association"`)
	for _, bad := range []struct{ sender, says string }{
		{"50% Club", `an .ELO file cannot carry &#34;%&#34;`},
		{strings.Repeat("x", 201), "is 201 characters long — shorten it to at most 200"},
		{"Evil\x1b[31m", "control character"},
	} {
		a := admin.post("/t/reg/admin/settings", with(bad.sender))
		if a.status != http.StatusBadRequest {
			t.Errorf("sender %q: %d", bad.sender, a.status)
		}
		mustContain(t, "sender "+bad.sender, a, bad.says)
		if got := s.tournament("reg").Settings.ELOSender; got != "Scottish Othello Association" {
			t.Errorf("after sender %q the sender is %q", bad.sender, got)
		}
	}
	// Cleared, the ruleset's federation again.
	admin.follow(admin.post("/t/reg/admin/settings", with("")))
	if got := s.tournament("reg").Settings.ELOSender; got != "" {
		t.Errorf("cleared sender %q", got)
	}
	// After round 1, with the rated-games fields.
	a = admin.post("/t/club/admin/settings", url.Values{"rated_only": {"1"}, "place": {""}, "clocks": {"yes"}, "told": {"yes"}, "elo_sender": {"Club Federation"}})
	mustContain(t, "sender after round 1", admin.follow(a), "Club Federation")
	if got := s.tournament("club").Settings.ELOSender; got != "Club Federation" {
		t.Errorf("after round 1 the sender is %q", got)
	}
	// A form without the field keeps the sender.
	admin.follow(admin.post("/t/club/admin/settings", url.Values{"rated_only": {"1"}, "place": {"JPN"}, "clocks": {"yes"}, "told": {"yes"}}))
	if got := s.tournament("club").Settings.ELOSender; got != "Club Federation" {
		t.Errorf("a form without the sender field changed it to %q", got)
	}
}
