package web

import (
	"encoding/base64"
	"html/template"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"outflank"
	"outflank/internal/qrcode"
)

// Table judges' links, issued by a director as 'outflank judge add' does:
// a link for the event, a round or a table, valid until the end of the
// day, shown once with its QR code for the judge's phone (only its hash
// is kept).

// judgesView is the judges' page.
type judgesView struct {
	Links []outflank.JudgeLink
	// Issued is the link just issued, shown once.
	Issued *issuedLink
	// Withdrawn is the number of the link just withdrawn.
	Withdrawn int64
	// Round, Table and Label are the form as typed.
	Round, Table, Label string
	// Loopback is the host the links name ("127.0.0.1:8080") when it is
	// this computer's own, which no judge's phone can open: the console
	// was opened there, and the server has no base URL.
	Loopback string
}

// issuedLink is a new judge's link: its address and QR code.
type issuedLink struct {
	Link outflank.JudgeLink
	URL  string
	QR   template.URL // an SVG image as a data: address (the CSP allows data: images)
}

func (s *Server) handleJudges(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	s.judgesPage(w, r, t, http.StatusOK, "", judgesView{})
}

func (s *Server) judgesPage(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, status int, message string, page judgesView) {
	if s.auth == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server runs without accounts: judges' links need them.")
		return
	}
	links, err := s.auth.Accounts.JudgeLinks(r.Context(), t.Slug)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page.Links = links
	if s.baseURL == "" {
		if target, ok := s.absoluteURL(r, "/"); ok {
			if u, err := url.Parse(target); err == nil && isLoopback(u.Hostname()) {
				page.Loopback = u.Host
			}
		}
	}
	v := s.newConsoleView(w, r, t, "judges")
	v.Error, v.Page = message, page
	s.consolePage(w, r, status, "console-judges", "Judges · "+t.Name, v)
}

func (s *Server) handleAddJudge(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	page := judgesView{Round: r.FormValue("round"), Table: r.FormValue("table"), Label: strings.TrimSpace(r.FormValue("label"))}
	again := func(status int, message string) { s.judgesPage(w, r, t, status, message, page) }
	round, err := formInt(r, "round")
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	table, err := formInt(r, "table")
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	if round < 0 || table < 0 {
		s.consoleFailed(w, r, outflank.Errorf(outflank.EINVALID, "round %d, table %d: give numbers from 1, or leave them empty for any", round, table), again)
		return
	}
	secret, j, err := s.auth.AddJudgeLink(r.Context(), t.Slug, round, table, page.Label, principal(r).Actor())
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	target, ok := s.absoluteURL(r, "/j/"+secret)
	if !ok {
		target = "/j/" + secret
	}
	code, err := qrcode.Encode(target)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	svg := code.SVG("A table judge's link")
	// The page is answered here, not after a redirect: the secret is
	// shown once, and goes neither in an address nor in a cookie.
	page = judgesView{Issued: &issuedLink{Link: *j, URL: target, QR: template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))}}
	s.judgesPage(w, r, t, http.StatusOK, "", page)
}

// isLoopback says whether host names this computer only: localhost, or a
// loopback address (127.0.0.1, ::1).
func isLoopback(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

// handleRemoveJudge withdraws a judge's link (a lost phone, a judge gone
// home): its sessions end at once.
func (s *Server) handleRemoveJudge(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	again := func(status int, message string) { s.judgesPage(w, r, t, status, message, judgesView{}) }
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		s.consoleFailed(w, r, outflank.Errorf(outflank.EINVALID, "judge link %q: not a link's number", r.PathValue("id")), again)
		return
	}
	if err := s.auth.Accounts.RemoveJudgeLink(r.Context(), t.Slug, id); err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	s.judgesPage(w, r, t, http.StatusOK, "", judgesView{Withdrawn: id})
}
