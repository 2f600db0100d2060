package web

import (
	"net/http"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/rules"
)

// The administrators' pages: tournaments created, users and their roles,
// as 'outflank new' and 'outflank user' do.

func (s *Server) handleCreateTournament(w http.ResponseWriter, r *http.Request) {
	form := newTournamentForm{Slug: strings.TrimSpace(r.FormValue("slug")), Name: r.FormValue("name"), Date: strings.TrimSpace(r.FormValue("date")),
		Rules: r.FormValue("rules"), Rounds: r.FormValue("rounds"), Minutes: r.FormValue("minutes"), System: r.FormValue("system")}
	again := func(status int, message string) { s.adminHome(w, r, status, message, form) }
	rounds, err := formInt(r, "rounds")
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	minutes, err := formInt(r, "minutes")
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	t, _, err := director.CreateTournament(r.Context(), s.store, director.NewTournament{Slug: form.Slug, Name: form.Name, Date: form.Date,
		Rules: rules.ID(form.Rules), Rounds: rounds, Minutes: minutes, System: form.System})
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	s.redirectSaved(w, r, "/t/"+t.Slug+"/admin", "Created "+t.Name+". Register its players next.")
}

// usersView is /admin/users: every account with its roles.
type usersView struct {
	Users       []outflank.User
	Tournaments []outflank.TournamentSummary
	// Log is the latest changes of the accounts, newest first.
	Log []outflank.AccountEvent
	// Name and Admin are the new user's form as typed.
	Name  string
	Admin bool
}

func (s *Server) handleUsers(w http.ResponseWriter, r *http.Request) {
	s.usersPage(w, r, http.StatusOK, "", usersView{})
}

func (s *Server) usersPage(w http.ResponseWriter, r *http.Request, status int, message string, page usersView) {
	if s.auth == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server runs without accounts.")
		return
	}
	users, err := s.auth.Accounts.Users(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.store.Tournaments(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	log, err := s.auth.Accounts.AccountLog(r.Context(), 30)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page.Users, page.Tournaments, page.Log = users, list, log
	v := s.newConsoleView(w, r, nil, "users")
	v.Error, v.Page = message, page
	s.consolePage(w, r, status, "console-users", "Users", v)
}

func (s *Server) handleAddUser(w http.ResponseWriter, r *http.Request) {
	name, admin := strings.TrimSpace(r.FormValue("name")), r.FormValue("admin") != ""
	u, err := s.auth.AddUser(r.Context(), name, r.FormValue("password"), admin)
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) {
			s.usersPage(w, r, status, message, usersView{Name: name, Admin: admin})
		})
		return
	}
	what := "user"
	if u.Admin {
		what = "administrator"
	}
	s.redirectSaved(w, r, "/admin/users", "Added "+what+" "+u.Name+".")
}

// userChange runs change on the user of the path's {name} and sends the
// browser back to the users' page with done, or shows why not.
func (s *Server) userChange(w http.ResponseWriter, r *http.Request, done string, change func(name string) error) {
	name := r.PathValue("name")
	if err := change(name); err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) { s.usersPage(w, r, status, message, usersView{}) })
		return
	}
	s.redirectSaved(w, r, "/admin/users", strings.ReplaceAll(done, "NAME", name))
}

// grantOf reads the tournament a role is granted on, which must exist.
func (s *Server) grantOf(r *http.Request) (outflank.Grant, error) {
	slug := strings.TrimSpace(r.FormValue("tournament"))
	if _, err := s.store.Tournament(r.Context(), slug); err != nil {
		return outflank.Grant{}, err
	}
	return outflank.Grant{Tournament: slug, Role: outflank.RoleTD}, nil
}

func (s *Server) handleGrant(w http.ResponseWriter, r *http.Request) {
	s.userChange(w, r, "NAME now directs "+r.FormValue("tournament")+".", func(name string) error {
		g, err := s.grantOf(r)
		if err != nil {
			return err
		}
		return s.auth.Accounts.Grant(r.Context(), name, g)
	})
}

func (s *Server) handleRevoke(w http.ResponseWriter, r *http.Request) {
	s.userChange(w, r, "NAME no longer directs "+r.FormValue("tournament")+".", func(name string) error {
		return s.auth.Accounts.Revoke(r.Context(), name, outflank.Grant{Tournament: r.FormValue("tournament"), Role: outflank.RoleTD})
	})
}

func (s *Server) handleSetPassword(w http.ResponseWriter, r *http.Request) {
	s.userChange(w, r, "NAME's password is changed; their sessions are ended.", func(name string) error {
		return s.auth.SetPassword(r.Context(), name, r.FormValue("password"))
	})
}

func (s *Server) handleRemoveUser(w http.ResponseWriter, r *http.Request) {
	s.userChange(w, r, "Removed NAME, with their roles, sessions and tokens.", func(name string) error {
		if p := principal(r); p.User != nil && strings.EqualFold(p.User.Name, name) {
			return outflank.Errorf(outflank.EINVALID, "you cannot remove your own account: another administrator can")
		}
		return s.auth.Accounts.RemoveUser(r.Context(), name)
	})
}
