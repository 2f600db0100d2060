package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"outflank"
)

// loginCookie is the login form's own CSRF token (double submit): a form
// posted from another site cannot log a browser in as someone else.
const loginCookie = "outflank_login"

func (s *Server) registerLoginRoutes(mux *http.ServeMux) {
	s.route(mux, "GET /login", Public, s.handleLoginForm)
	s.route(mux, "POST /login", Public, s.handleLogin)
	s.route(mux, "POST /logout", LoggedIn, s.handleLogout)
	s.route(mux, "GET /j/{secret}", Public, s.handleJudgeLink)
}

// loginView is what the login page shows.
type loginView struct {
	Next, Name, Message, CSRF string
}

// localNext keeps a redirect after login on this site: a path, not
// another site's address ("//evil.example", "https://...").
func localNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") {
		return "/admin"
	}
	return next
}

func (s *Server) handleLoginForm(w http.ResponseWriter, r *http.Request) {
	s.loginPage(w, r, http.StatusOK, loginView{Next: localNext(r.URL.Query().Get("next"))})
}

// loginPage renders the login form with a fresh form token.
func (s *Server) loginPage(w http.ResponseWriter, r *http.Request, status int, v loginView) {
	if s.auth == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server runs without accounts: the public pages need no login.")
		return
	}
	b := make([]byte, 24)
	rand.Read(b)
	v.CSRF = base64.RawURLEncoding.EncodeToString(b)
	http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: v.CSRF, Path: "/login", HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: s.secure(r), MaxAge: 3600})
	body, err := s.pages.render("login", false, view{Title: "Log in", Data: v})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(body)
}

// secure says whether cookies must be Secure: the request came over
// HTTPS, directly or through a proxy, or the site's address is https.
func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" || strings.HasPrefix(s.baseURL, "https://")
}

// clientAddr is the address failed logins are counted under: the
// connection's, or behind a trusted proxy the client's it reports. The
// X-Forwarded-For list is read from its end, each proxy appending the
// address it was called from, and the first address that is not a trusted
// proxy is the client: what the client itself wrote at the list's start
// cannot choose it.
func (s *Server) clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil || !s.trusted(addr) {
		return host
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a list that does not parse: the proxy's own address
		}
		if addr = hop.Unmap(); !s.trusted(addr) {
			return addr.String()
		}
	}
	return host
}

// trusted says whether addr is one of the trusted proxies.
func (s *Server) trusted(addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, p := range s.trustedProxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	if s.auth == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server runs without accounts.")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	v := loginView{Next: localNext(r.PostFormValue("next")), Name: r.PostFormValue("name")}
	c, err := r.Cookie(loginCookie)
	if err != nil || subtle.ConstantTimeCompare([]byte(c.Value), []byte(r.PostFormValue("csrf"))) != 1 {
		v.Message = "The login form had expired: try again."
		s.loginPage(w, r, http.StatusForbidden, v)
		return
	}
	secret, sess, err := s.auth.Login(r.Context(), r.PostFormValue("name"), r.PostFormValue("password"), s.clientAddr(r))
	if err != nil {
		status := statusOf(err)
		if status == http.StatusInternalServerError {
			s.log.Error("login", "err", err)
		}
		v.Message = outflank.ErrorMessage(err)
		s.loginPage(w, r, status, v)
		return
	}
	s.setSession(w, r, secret, sess.ExpiresAt)
	http.Redirect(w, r, v.Next, http.StatusSeeOther)
}

// setSession gives the browser its session cookie.
func (s *Server) setSession(w http.ResponseWriter, r *http.Request, secret string, expires time.Time) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: secret, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: s.secure(r), Expires: expires})
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(sessionCookie); err == nil {
		s.auth.Logout(r.Context(), c.Value)
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secure(r), MaxAge: -1})
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// handleJudgeLink logs a table judge in from the link the director gave:
// a session for the link's tournament, round and table.
func (s *Server) handleJudgeLink(w http.ResponseWriter, r *http.Request) {
	if s.auth == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server runs without accounts.")
		return
	}
	secret, sess, j, err := s.auth.JudgeLogin(r.Context(), r.PathValue("secret"))
	if err != nil {
		s.errorPage(w, r, statusOf(err), outflank.ErrorMessage(err))
		return
	}
	w.Header().Set("Referrer-Policy", "no-referrer") // the link's secret stays out of other sites' logs
	s.setSession(w, r, secret, sess.ExpiresAt)
	http.Redirect(w, r, "/t/"+j.Tournament+"/judge", http.StatusSeeOther)
}
