package web

import (
	"net/http"
	"time"

	"outflank"
)

// The federation's members: the public list of who is a member today and
// why, and the administrators' records (console_members.go).

func (s *Server) registerMembersRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /members", s.handleMembers)
	s.route(mux, "GET /admin/members", Admin, s.handleConsoleMembers)
	s.route(mux, "POST /admin/members", Admin, s.handleAddMember)
	s.route(mux, "POST /admin/members/enrol", Admin, s.handleEnrolMembers)
	s.route(mux, "GET /admin/members/{id}", Admin, s.handleMemberForm)
	s.route(mux, "POST /admin/members/{id}", Admin, s.handleEditMember)
	s.route(mux, "POST /admin/members/{id}/remove", Admin, s.handleRemoveMember)
}

// publicMember is what the public list shows of a member: the name, the
// country and the reason of the membership, and nothing else of the record
// (citizenship, residency, wages and family are personal data the fees
// need, not the public: docs/security.md).
type publicMember struct {
	Name    string
	Country string
	Reason  string
}

// membersView is /members.
type membersView struct {
	AsOf    string
	Members []publicMember
}

// handleMembers lists today's members of the federation.
func (s *Server) handleMembers(w http.ResponseWriter, r *http.Request) {
	if s.members == nil {
		s.notFound(w, r, "This site keeps no member records.")
		return
	}
	asOf := time.Now().Format(time.DateOnly)
	list, err := outflank.MembershipWith(r.Context(), s.store, s.members, asOf, s.ratedEvents())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := membersView{AsOf: asOf, Members: []publicMember{}}
	for _, m := range list {
		if m.IsMember {
			v.Members = append(v.Members, publicMember{Name: m.Name, Country: m.Country, Reason: publicReason(m)})
		}
	}
	body, err := s.pages.render("members", false, view{Title: "BOF members", Nav: "members", Data: v})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// publicReason is the reason of a membership as the public may read it:
// a subscription's paid-until date is a payment detail, between the
// member and the treasurer, so the public page says only "by
// subscription" (choice; docs/security.md).
func publicReason(m outflank.MemberStatus) string {
	if m.Basis == "subscription" {
		return "member by subscription (BOF Membership & finance 1; Constitution 3)"
	}
	return m.Reason
}

// ratedEvents returns the rated tournaments of the WOF's archive when the
// site reads one (serve --results), nil otherwise: they keep a rating,
// and so a membership, active (BOF Membership & finance 1).
func (s *Server) ratedEvents() *outflank.RatedEvents {
	if e, ok := s.ratings.(interface{ Events() *outflank.RatedEvents }); ok {
		return e.Events()
	}
	return nil
}
