package web

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/words"
)

// The administrators' page of the member records, as 'outflank member'
// keeps them: the list with each one's membership and why, a form to add
// one, and a form per record to correct it.

// consoleMembersView is /admin/members.
type consoleMembersView struct {
	AsOf    string
	Members []memberRow
	Log     []outflank.MemberEvent
	// Form is the new record as typed, kept when it is refused.
	Form outflank.Member
	// Tournaments are the BOF-rated tournaments whose players may be
	// given records (BOF Membership & finance 1); Enrol is the one asked
	// for, with the records its players without one would get.
	Tournaments []outflank.TournamentSummary
	Enrol       *outflank.Unrecorded
}

func (s *Server) handleConsoleMembers(w http.ResponseWriter, r *http.Request) {
	s.membersPage(w, r, http.StatusOK, "", consoleMembersView{})
}

func (s *Server) membersPage(w http.ResponseWriter, r *http.Request, status int, message string, page consoleMembersView) {
	if s.members == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no member records.")
		return
	}
	page.AsOf = strings.TrimSpace(r.URL.Query().Get("as_of"))
	if page.AsOf == "" {
		page.AsOf = time.Now().Format(time.DateOnly)
	}
	list, err := outflank.MembershipWith(r.Context(), s.store, s.members, page.AsOf, s.ratedEvents())
	if err != nil {
		if outflank.ErrorCode(err) != outflank.EINVALID {
			s.fail(w, r, err)
			return
		}
		status, message = http.StatusBadRequest, consoleWords(outflank.ErrorMessage(err))
	}
	log, err := s.members.MemberLog(r.Context(), 30)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, m := range list {
		page.Members = append(page.Members, memberRow{MemberStatus: m, Details: memberDetails(&m.Member)})
	}
	page.Log = log
	sums, err := s.store.Tournaments(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	for _, t := range sums {
		if t.Rules == rules.BOFRegional || t.Rules == rules.BOFNational {
			page.Tournaments = append(page.Tournaments, t)
		}
	}
	if slug := r.URL.Query().Get("enrol"); slug != "" && message == "" {
		u, err := outflank.NewMemberRecords(r.Context(), s.store, s.members, slug)
		switch {
		case err == nil:
			page.Enrol = u
		case outflank.ErrorCode(err) == outflank.EINVALID || outflank.ErrorCode(err) == outflank.ENOTFOUND:
			status, message = http.StatusBadRequest, consoleWords(outflank.ErrorMessage(err))
		default:
			s.fail(w, r, err)
			return
		}
	}
	v := s.newConsoleView(w, r, nil, "members")
	v.Error, v.Page = message, page
	s.consolePage(w, r, status, "console-members", "Members", v)
}

// memberForm reads a record's fields from a form onto m.
func memberForm(r *http.Request, m *outflank.Member) error {
	m.Name = r.FormValue("name")
	m.Country = r.FormValue("country")
	m.Citizenship = r.FormValue("citizenship")
	m.ResidentSince = strings.TrimSpace(r.FormValue("resident_since"))
	m.Unwaged = r.FormValue("unwaged") != ""
	m.Family = r.FormValue("family")
	m.PaidUntil = strings.TrimSpace(r.FormValue("paid_until"))
	id, err := formInt(r, "wof_id")
	m.WOFID = id
	return err
}

func (s *Server) handleAddMember(w http.ResponseWriter, r *http.Request) {
	var m outflank.Member
	err := memberForm(r, &m)
	if err == nil {
		err = s.members.AddMember(r.Context(), &m)
	}
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) {
			s.membersPage(w, r, status, message, consoleMembersView{Form: m})
		})
		return
	}
	s.redirectSaved(w, r, "/admin/members", "Added member #"+strconv.FormatInt(m.ID, 10)+" "+m.Name+".")
}

// handleEnrolMembers adds the records a BOF-rated tournament's players
// without one would get (BOF Membership & finance 1), each in the
// members' log.
func (s *Server) handleEnrolMembers(w http.ResponseWriter, r *http.Request) {
	slug := r.FormValue("tournament")
	u, err := outflank.NewMemberRecords(r.Context(), s.store, s.members, slug)
	var added []outflank.Member
	if err == nil {
		added, err = outflank.AddMemberRecords(r.Context(), s.members, u)
	}
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) {
			if len(added) > 0 {
				message = "Added " + words.Count(len(added), "member record") + ", then: " + message
			}
			s.membersPage(w, r, status, message, consoleMembersView{})
		})
		return
	}
	s.redirectSaved(w, r, "/admin/members", "Added "+words.Count(len(added), "member record")+" for the players of "+u.Tournament.Name+".")
}

// memberOf reads the record of the path's {id}.
func (s *Server) memberOf(w http.ResponseWriter, r *http.Request) (*outflank.Member, bool) {
	if s.members == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no member records.")
		return nil, false
	}
	m, err := s.members.Member(r.Context(), "#"+r.PathValue("id"))
	if err != nil {
		if outflank.ErrorCode(err) == outflank.ENOTFOUND || outflank.ErrorCode(err) == outflank.EINVALID {
			s.notFound(w, r, "There is no member #"+r.PathValue("id")+".", link{"/admin/members", "The members"})
			return nil, false
		}
		s.fail(w, r, err)
		return nil, false
	}
	return m, true
}

func (s *Server) handleMemberForm(w http.ResponseWriter, r *http.Request) {
	if m, ok := s.memberOf(w, r); ok {
		s.memberPage(w, r, http.StatusOK, "", *m)
	}
}

func (s *Server) memberPage(w http.ResponseWriter, r *http.Request, status int, message string, m outflank.Member) {
	v := s.newConsoleView(w, r, nil, "members")
	v.Error, v.Page = message, m
	s.consolePage(w, r, status, "console-member", "Member "+m.Name, v)
}

func (s *Server) handleEditMember(w http.ResponseWriter, r *http.Request) {
	m, ok := s.memberOf(w, r)
	if !ok {
		return
	}
	err := memberForm(r, m)
	if err == nil {
		err = s.members.UpdateMember(r.Context(), m)
	}
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) { s.memberPage(w, r, status, message, *m) })
		return
	}
	s.redirectSaved(w, r, "/admin/members", "Saved member #"+strconv.FormatInt(m.ID, 10)+" "+m.Name+".")
}

func (s *Server) handleRemoveMember(w http.ResponseWriter, r *http.Request) {
	m, ok := s.memberOf(w, r)
	if !ok {
		return
	}
	if err := s.members.RemoveMember(r.Context(), m.ID); err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) { s.memberPage(w, r, status, message, *m) })
		return
	}
	s.redirectSaved(w, r, "/admin/members", "Removed member #"+strconv.FormatInt(m.ID, 10)+" "+m.Name+".")
}

// memberRow is a line of the console's list: the record, its membership,
// and what the fees depend on in words.
type memberRow struct {
	outflank.MemberStatus
	Details string
}

// memberDetails is what of record m the fees and the eligibility rules
// read: "citizen of GBR; unwaged; family smith".
func memberDetails(m *outflank.Member) string {
	var parts []string
	add := func(label, v string) {
		if v != "" {
			parts = append(parts, label+" "+v)
		}
	}
	add("citizen of", m.Citizenship)
	add("resident since", m.ResidentSince)
	if m.Unwaged {
		parts = append(parts, "unwaged")
	}
	add("family", m.Family)
	add("paid until", m.PaidUntil)
	return strings.Join(parts, "; ")
}
