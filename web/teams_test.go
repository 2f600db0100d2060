package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
)

// addNational stores a simulated National "nat" (seed 3, ten players; its
// order of finish: players 9 (won the play-off), 2, 4, 6, 5, 3, 8, 10, 7,
// 1) whose players have WOF ids 101-110 and the 9th the name
// "<script>alert(1)</script>"; every player but 2 and 4 is a member
// resident since 2020, 2 since 2027-03-01; td-club directs it.
func (s *accessSite) addNational() {
	s.t.Helper()
	ctx := context.Background()
	tour, err := simulate.Event(simulate.Options{Rules: rules.BOFNational, Players: 10, Seed: 3})
	if err != nil {
		s.t.Fatal(err)
	}
	tour.Slug, tour.Name = "nat", "British National <2027>"
	for i := range tour.Players {
		p := &tour.Players[i]
		p.WOFID, p.Country, p.Gender, p.Born = 100+p.ID, "GBR", "m", "1980-01-01"
		if p.ID == 9 {
			p.Name = "<script>alert(1)</script>"
		}
		switch p.ID {
		case 4:
		case 2:
			s.member(p, "2027-03-01")
		default:
			s.member(p, "2020-01-01")
		}
	}
	if _, err := s.db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		s.t.Fatal(err)
	}
	if err := s.db.Grant(ctx, "td-club", outflank.Grant{Tournament: "nat", Role: outflank.RoleTD}); err != nil {
		s.t.Fatal(err)
	}
}

func (s *accessSite) member(p *outflank.Player, since string) {
	s.t.Helper()
	m := outflank.Member{WOFID: p.WOFID, Name: p.Name, Country: p.Country, ResidentSince: since}
	if err := s.db.AddMember(context.Background(), &m); err != nil {
		s.t.Fatal(err)
	}
}

// TestTeamPage: /t/{slug}/team shows the order of offers with the rule of
// each (World championship 2-4), escaped; the National's event page links
// to it; residency is personal data, so a player it rules out is only said
// to be not eligible (World championship 1); a mistake in the query is a
// 400 that says what to do.
func TestTeamPage(t *testing.T) {
	s := newAccessSite(t)
	s.addNational()
	status, body := s.do("", "GET", "/t/nat/team?size=3&world_final=2027-08-01&declined=106", "")
	if status != http.StatusOK {
		t.Fatalf("/t/nat/team: %d\n%s\n%s", status, text(body), s.log.String())
	}
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "World championship 2</span>: National Champion",
		"National placing 5", "National placing 6", "not eligible to represent the UK (World championship 1)",
		"declined the place", "British National &lt;2027&gt;", `value="2027-08-01"`, ">106</textarea>"} {
		if !strings.Contains(body, want) {
			t.Errorf("/t/nat/team lacks %q:\n%s", want, text(body))
		}
	}
	for _, never := range []string{"<script>alert", "2027-03-01", "member record"} {
		if strings.Contains(body, never) {
			t.Errorf("/t/nat/team shows %q", never)
		}
	}
	// The public pages learn of the new tournament from the change feed.
	var event string
	for range 100 {
		if status, body := s.do("", "GET", "/t/nat", ""); status == http.StatusOK {
			event = body
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(event, `href="/t/nat/team"`) {
		t.Error("the National's page does not link to the team")
	}
	if _, body := s.do("", "GET", "/t/club", ""); strings.Contains(body, `/team"`) {
		t.Error("a Regional's page links to a team")
	}
	for _, c := range []struct{ path, want string }{
		{"/t/club/team", "give a bof-national tournament"},
		{"/t/nat/team?size=0", "give the number of places"},
		{"/t/nat/team?world_final=soon", "give a date YYYY-MM-DD"},
		{"/t/nat/team?declined=Nobody", "no such player"},
	} {
		if status, body := s.do("", "GET", c.path, ""); status != http.StatusBadRequest || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d, want 400 with %q", c.path, status, c.want)
		}
	}
	if status, _ := s.do("", "GET", "/t/none/team", ""); status != http.StatusNotFound {
		t.Errorf("/t/none/team: %d", status)
	}
}

// TestConsoleTeam: the console's page gives the reasons in full, for an
// administrator and the National's director only.
func TestConsoleTeam(t *testing.T) {
	s := newAccessSite(t)
	s.addNational()
	a := s.as("admin (session)").get("/t/nat/admin/team?size=2&world_final=2027-08-01")
	mustContain(t, "/t/nat/admin/team", a, "UK team for the World championship", "National Champion",
		"resident in the UK since 2027-03-01: 153 days before the World final", "&lt;script&gt;")
	if strings.Contains(a.body, "outflank ") || strings.Contains(a.body, "--resident-since") {
		t.Error("the console's team page names a command line")
	}
	if strings.Contains(a.body, "<script>alert") {
		t.Error("the console shows a name unescaped")
	}
	if a := s.as("td-club (session)").get("/t/nat/admin/team"); a.status != http.StatusOK {
		t.Errorf("the National's director: %d", a.status)
	}
	if a := s.as("td-other (session)").get("/t/nat/admin/team"); a.status != http.StatusForbidden {
		t.Errorf("another tournament's director: %d, want 403", a.status)
	}
	if status, _ := s.do("", "GET", "/t/nat/admin/team", ""); status == http.StatusOK {
		t.Errorf("anyone: %d", status)
	}
	if a := s.as("admin (session)").get("/t/nat/admin"); !strings.Contains(a.body, `href="/t/nat/admin/team"`) {
		t.Error("the console's bar does not link to the team")
	}
}
