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
	list, err := outflank.Membership(r.Context(), s.store, s.members, asOf)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := membersView{AsOf: asOf, Members: []publicMember{}}
	for _, m := range list {
		if m.IsMember {
			v.Members = append(v.Members, publicMember{Name: m.Name, Country: m.Country, Reason: m.Reason})
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
