package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"outflank"
)

// loginCookie holds the login form's nonce; the form's csrf field is the
// nonce's token, signed by this server (loginToken): a form posted from
// another site cannot log a browser in as someone else, even with a cookie
// it managed to set, since it cannot sign one.
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

// homeAfterLogin is where a login goes when its next is not a path of
// this site.
const homeAfterLogin = "/admin"

// localNext keeps a redirect after login on this site: it returns next as
// the Location to send, exactly, or homeAfterLogin when next could lead a
// browser anywhere else. A browser reads a Location loosely: "//host",
// "/\host" and "\\host" name another host, tabs and newlines inside it are
// dropped ("/<TAB>/host" is "//host"), and "/./\host" is "/\host" once its
// dots are resolved. So next is refused when it holds a control character
// or a backslash, raw or percent-encoded, a scheme, a host or user, or a
// path that does not start with one "/"; what passes is cleaned (dots and
// doubled slashes resolved, as the browser would) and checked again, and
// the cleaned value is what is sent. A next from this site is always a
// request's escaped address (refuse, in auth.go), which passes unchanged.
func localNext(next string) string {
	if next == "" || len(next) > 2048 || !safeText(next) || !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") {
		return homeAfterLogin
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" ||
		strings.Contains(strings.ToUpper(u.EscapedPath()), "%2F") {
		// An encoded "/" is one path segment to a browser and two to
		// whatever decodes it: no address of this site has one.
		return homeAfterLogin
	}
	for _, c := range []byte(u.Path) {
		if c < ' ' || c == 0x7f || c == '\\' {
			return homeAfterLogin // %09, %0A, %00, %5C ... in the path
		}
	}
	clean := path.Clean(u.Path)
	if strings.HasSuffix(u.Path, "/") && clean != "/" {
		clean += "/"
	}
	out := (&url.URL{Path: clean, RawQuery: u.RawQuery}).String()
	if !strings.HasPrefix(out, "/") || strings.HasPrefix(out, "//") || !safeText(out) {
		return homeAfterLogin
	}
	return out
}

// safeText says whether s is printable ASCII without a space or a
// backslash: what an escaped address of this site is made of.
func safeText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '\\' {
			return false
		}
	}
	return true
}

// serverKeys is what a store that keeps keys shared by every server
// process on its database offers (sqlite and postgres: server_keys).
type serverKeys interface {
	ServerKey(ctx context.Context, name string) ([]byte, error)
}

// processKey signs the login form's tokens where the accounts keep no
// shared key: a random key of this process (a form shown before a restart
// is then refused once, and the next form works).
var processKey = func() []byte {
	b := make([]byte, 32)
	rand.Read(b)
	return b
}()

// loginKey signs the login form's tokens: the database's key "login",
// shared by every server process on it, so that a form shown by one of
// several behind a load balancer (docs/deploy.md) is taken by another; it
// is read once. Accounts that keep no keys get this process's own.
func (s *Server) loginKey(ctx context.Context) ([]byte, error) {
	s.loginKeyMu.Lock()
	defer s.loginKeyMu.Unlock()
	if s.loginKeyBytes != nil {
		return s.loginKeyBytes, nil
	}
	keys, ok := s.accounts.(serverKeys)
	if !ok {
		s.loginKeyBytes = processKey
		return processKey, nil
	}
	key, err := keys.ServerKey(ctx, "login")
	if err != nil {
		return nil, err
	}
	if len(key) < 16 {
		return nil, fmt.Errorf("the database's login key has %d bytes, too few to sign with", len(key))
	}
	s.loginKeyBytes = key
	return key, nil
}

// loginTokenLife is how long a login form stays valid, as its cookie.
const loginTokenLife = time.Hour

// loginToken is the form field that goes with the cookie nonce, issued at
// unix time issued: the time and an HMAC of both under loginKey.
func loginToken(key []byte, nonce string, issued int64) string {
	mac := hmac.New(sha256.New, key)
	fmt.Fprintf(mac, "outflank login\x00%s\x00%d", nonce, issued)
	return strconv.FormatInt(issued, 10) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// validLoginToken says whether field is the token this server issued for
// the cookie nonce, less than loginTokenLife ago. An empty cookie or field,
// equal values, or a token signed by anyone else are refused: the form
// must be one this server showed to this browser.
func validLoginToken(key []byte, nonce, field string, now time.Time) bool {
	if len(nonce) < 16 || field == "" {
		return false
	}
	stamp, _, ok := strings.Cut(field, ".")
	issued, err := strconv.ParseInt(stamp, 10, 64)
	if !ok || err != nil {
		return false
	}
	if age := now.Unix() - issued; age < -60 || age > int64(loginTokenLife/time.Second) {
		return false
	}
	return hmac.Equal([]byte(field), []byte(loginToken(key, nonce, issued)))
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
	key, err := s.loginKey(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b := make([]byte, 24)
	rand.Read(b)
	nonce := base64.RawURLEncoding.EncodeToString(b)
	v.CSRF = loginToken(key, nonce, time.Now().Unix())
	http.SetCookie(w, &http.Cookie{Name: loginCookie, Value: nonce, Path: "/login", HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: s.secure(r),
		MaxAge: int(loginTokenLife / time.Second)})
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
	key, err := s.loginKey(r.Context())
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	c, err := r.Cookie(loginCookie)
	if err != nil || !validLoginToken(key, c.Value, r.PostFormValue("csrf"), time.Now()) {
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
	// The Location is exactly the value localNext checked: http.Redirect
	// would clean it again, and a cleaning is what made "/./\\host" into
	// "/\\host" (issue 25).
	w.Header().Set("Location", v.Next)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusSeeOther)
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
