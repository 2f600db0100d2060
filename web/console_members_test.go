package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestConsoleMembers: an administrator adds, corrects and removes member
// records at /admin/members, which lists each with its membership and why
// (BOF Membership & finance 1); a refused form keeps what was typed; each
// change is in the members' log with who made it.
func TestConsoleMembers(t *testing.T) {
	s := newAccessSite(t)
	admin := s.as("admin (session)")
	// Ann of the access site played club and other (bof-regional,
	// 2026-11-23).
	a := admin.get("/admin/members?as_of=2026-11-23")
	mustContain(t, "/admin/members", a, "#1 Ann", "member", "active: played Tournament", "citizen of GBR", "unwaged", "Add a member")
	if a.header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q", a.header.Get("Cache-Control"))
	}
	a = admin.post("/admin/members", url.Values{"name": {"Bea Smith"}, "country": {"gb"}, "family": {"smith"}, "paid_until": {"2099-12-31"}})
	mustContain(t, "after adding", admin.follow(a), "Added member #2 Bea Smith", "subscription paid until 2099-12-31", "added member #2: Bea Smith, country GBR, family smith, paid until 2099-12-31", "admin")
	a = admin.post("/admin/members", url.Values{"name": {"Kept Name"}, "paid_until": {"soon"}})
	if a.status != http.StatusBadRequest {
		t.Errorf("a bad date: %d", a.status)
	}
	mustContain(t, "the refused form", a, "YYYY-MM-DD", `value="Kept Name"`)
	if a := admin.post("/admin/members", url.Values{"name": {"Bea Smith"}, "country": {"GBR"}}); a.status != http.StatusConflict {
		t.Errorf("the same name and country again: %d", a.status)
	}
	mustContain(t, "the edit form", admin.get("/admin/members/2"), "Member #2 Bea Smith", `value="smith"`, `value="2099-12-31"`)
	a = admin.post("/admin/members/2", url.Values{"name": {"Bea Smith"}, "country": {"GBR"}, "unwaged": {"1"}})
	mustContain(t, "after editing", admin.follow(a), "Saved member #2 Bea Smith", "not a member")
	if m, err := s.db.Member(t.Context(), "2"); err != nil || !m.Unwaged || m.Family != "" || m.PaidUntil != "" {
		t.Errorf("after the edit: %+v %v", m, err)
	}
	mustContain(t, "as of a date", admin.get("/admin/members?as_of=2020-01-01"), "not a member: no BOF-rated tournament played")
	if a := admin.get("/admin/members?as_of=yesterday"); a.status != http.StatusBadRequest {
		t.Errorf("a bad as_of: %d", a.status)
	}
	if a := admin.get("/admin/members/99"); a.status != http.StatusNotFound {
		t.Errorf("no member 99: %d", a.status)
	}
	mustContain(t, "after removing", admin.follow(admin.post("/admin/members/2/remove", url.Values{})), "Removed member #2 Bea Smith", "removed member #2")
}

// TestMembersWritesNeedAnAdministrator: the members' records are the
// federation's, not a tournament's: a director, a judge and anyone
// without a session are refused (401 or 403), and nothing changes.
func TestMembersWritesNeedAnAdministrator(t *testing.T) {
	s := newAccessSite(t)
	before := s.snapshot()
	for _, c := range []struct{ who, method, path, body string }{
		{"", "POST", "/admin/members", "name=Eve"},
		{"", "GET", "/admin/members", ""},
		{"td-club (session)", "POST", "/admin/members", "name=Eve"},
		{"td-club (session)", "GET", "/admin/members", ""},
		{"td-club (token)", "POST", "/admin/members/1", "name=Eve"},
		{"nobody (session)", "POST", "/admin/members/1/remove", ""},
		{"judge club r1 t2", "POST", "/admin/members", "name=Eve"},
	} {
		status, body := s.do(c.who, c.method, c.path, c.body)
		want := http.StatusForbidden
		if c.who == "" {
			want = http.StatusUnauthorized
			if c.method == "GET" {
				want = http.StatusSeeOther // a page asks a browser to log in
			}
		}
		if status != want {
			t.Errorf("%s %s as %q: %d, want %d: %s", c.method, c.path, c.who, status, want, strings.TrimSpace(body))
		}
	}
	if s.snapshot() != before {
		t.Fatal("a refused write changed the database")
	}
	// Without the CSRF token, an administrator's own session is refused.
	admin := s.as("admin (session)")
	admin.csrf = ""
	if a := admin.post("/admin/members", url.Values{"name": {"Eve"}}); a.status != http.StatusForbidden {
		t.Errorf("a form without its CSRF token: %d", a.status)
	}
	if s.snapshot() != before {
		t.Fatal("a form without its CSRF token changed the database")
	}
}

// TestPublicMembers: /members lists today's members with their country
// and the reason only: nothing of citizenship, residency, wages or family
// (docs/security.md), and no payment detail (issue 26: "member by
// subscription", not its paid-until date); a name is escaped.
func TestPublicMembers(t *testing.T) {
	s := newAccessSite(t)
	admin := s.as("admin (session)")
	admin.follow(admin.post("/admin/members", url.Values{"name": {"<script>alert(1)</script>"}, "country": {"NLD"}, "citizenship": {"FRA"}, "resident_since": {"2001-02-03"}, "family": {"secretfamily"}, "paid_until": {"2099-12-31"}}))
	admin.follow(admin.post("/admin/members", url.Values{"name": {"Lapsed Larry"}}))
	status, body := s.do("", "GET", "/members", "")
	if status != http.StatusOK {
		t.Fatalf("/members: %d", status)
	}
	// Ann's membership depends on today's date (her tournaments are of
	// 2026-11-23): the test does not.
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "NLD", "member by subscription"} {
		if !strings.Contains(body, want) {
			t.Errorf("/members lacks %q:\n%s", want, text(body))
		}
	}
	for _, never := range []string{"<script>alert", "Lapsed Larry", "FRA", "GBR", "2001-02-03", "secretfamily", "unwaged", "Unwaged", "2099-12-31", "paid until"} {
		if strings.Contains(body, never) {
			t.Errorf("/members shows %q:\n%s", never, text(body))
		}
	}
}

// TestConsoleEnrolMembers (issue 26, point 9): the console offers records
// for the players of a BOF-rated tournament who have none (BOF Membership
// & finance 1 enrols them there) and adds them on confirmation, each in
// the members' log; only an administrator may.
func TestConsoleEnrolMembers(t *testing.T) {
	s := newAccessSite(t)
	admin := s.as("admin (session)")
	offer := admin.get("/admin/members?enrol=club")
	mustContain(t, "the offer", offer, "3 players of Tournament club have no member record", "<li>Ben</li>", "<li>Dee</li>", "Add 3 records", `name="tournament" value="club"`)
	if strings.Contains(offer.body, "<li>Ann</li>") {
		t.Error("Ann, who has a record, is offered another")
	}
	if status, _ := s.do("td-club (session)", "POST", "/admin/members/enrol", "tournament=club"); status != http.StatusForbidden {
		t.Errorf("a director enrols: %d", status)
	}
	done := admin.follow(admin.post("/admin/members/enrol", url.Values{"tournament": {"club"}}))
	mustContain(t, "after enrolling", done, "Added 3 member records for the players of Tournament club.", "added member #2: Ben", "added member #4: Dee")
	mustContain(t, "the offer again", admin.get("/admin/members?enrol=club"), "Every player of Tournament club has a member record.")
	if a := admin.get("/admin/members?enrol=nowhere"); a.status != http.StatusBadRequest && a.status != http.StatusNotFound {
		t.Errorf("an unknown tournament: %d", a.status)
	}
}
