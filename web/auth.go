package web

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"outflank"
)

// Access is who may use a route. Every route is registered with one (see
// route), and the router checks it before the handler runs: a route that
// changes anything cannot be reached without the right credential, which
// TestWriteRoutesRefuseWithoutTheRight proves for every route.
type Access int

const (
	// Public: anyone; read-only pages and documents.
	Public Access = iota
	// LoggedIn: any user or judge.
	LoggedIn
	// Judge: a judge whose link covers the route's {slug} (and {round} and
	// {table} when the route names them), or the tournament's director.
	Judge
	// Director: an administrator, or a user granted td on the route's
	// {slug}.
	Director
	// Admin: an administrator.
	Admin
)

func (a Access) String() string {
	return [...]string{"public", "logged in", "judge", "director", "admin"}[a]
}

// sessionCookie holds a browser session's secret.
const sessionCookie = "outflank_session"

// credential is who a request comes from, and how.
type credential struct {
	p      *outflank.Principal
	sess   *outflank.Session // nil for a token
	bearer bool
}

type credentialKey struct{}

// principal returns who the request comes from (nil for anyone), as the
// router found it.
func principal(r *http.Request) *outflank.Principal {
	c, _ := r.Context().Value(credentialKey{}).(*credential)
	if c == nil {
		return nil
	}
	return c.p
}

// session returns the browser session of the request, or nil.
func session(r *http.Request) *outflank.Session {
	c, _ := r.Context().Value(credentialKey{}).(*credential)
	if c == nil {
		return nil
	}
	return c.sess
}

// credentialOf reads the request's credential: a bearer token, else the
// session cookie. No credential is no error; a wrong or expired one is.
func (s *Server) credentialOf(r *http.Request) (*credential, error) {
	if s.auth == nil {
		return nil, nil
	}
	if h := r.Header.Get("Authorization"); h != "" {
		token, ok := strings.CutPrefix(h, "Bearer ")
		if !ok {
			return nil, outflank.Errorf(outflank.EUNAUTHORIZED, "the Authorization header must be 'Bearer TOKEN'")
		}
		p, err := s.auth.TokenPrincipal(r.Context(), strings.TrimSpace(token))
		if err != nil {
			return nil, err
		}
		return &credential{p: p, bearer: true}, nil
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return nil, nil
	}
	p, sess, err := s.auth.SessionPrincipal(r.Context(), c.Value)
	if err != nil {
		return nil, err
	}
	return &credential{p: p, sess: sess}, nil
}

// route registers a handler under pattern ("METHOD /path/{slug}...") for
// those access allows, and records it for the tests that check every
// route.
func (s *Server) route(mux *http.ServeMux, pattern string, access Access, h http.HandlerFunc) {
	s.routeWithBody(mux, pattern, access, 0, h)
}

// uploadTime is how long an upload's request may take to arrive, in place
// of the server's ReadTimeout: a 16 MB file over a hall's Wi-Fi takes more
// than 10 s. It is given only once the credential is checked.
const uploadTime = 2 * time.Minute

// uploadRoute registers a route that takes a file: its body may be up to
// limit bytes rather than maxBody, and take uploadTime to arrive, for who
// has the right.
func (s *Server) uploadRoute(mux *http.ServeMux, pattern string, access Access, limit int64, h http.HandlerFunc) {
	s.routeWithBody(mux, pattern, access, limit, h)
}

// routeWithBody registers a route as route does, whose body may be up to
// limit bytes (0: maxBody).
func (s *Server) routeWithBody(mux *http.ServeMux, pattern string, access Access, limit int64, h http.HandlerFunc) {
	s.routes = append(s.routes, routeInfo{pattern: pattern, access: access})
	if access == Public {
		mux.HandleFunc(pattern, h)
		return
	}
	mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		c, err := s.credentialOf(r)
		if err != nil {
			s.refuse(w, r, err)
			return
		}
		if err := s.allowed(r, c, access); err != nil {
			s.refuse(w, r, err)
			return
		}
		if limit > 0 && raiseBodyLimit(r, limit) {
			http.NewResponseController(w).SetReadDeadline(time.Now().Add(uploadTime))
		}
		if !safeMethod(r.Method) && !s.formRead(w, r, max(limit, maxBody)) {
			return
		}
		if c != nil && c.sess != nil && !safeMethod(r.Method) {
			if err := checkCSRF(r, c.sess); err != nil {
				s.refuse(w, r, err)
				return
			}
		}
		ctx := context.WithValue(r.Context(), credentialKey{}, c)
		ctx = outflank.WithActor(ctx, c.p.Actor())
		h(w, r.WithContext(ctx))
	})
}

// formRead reads a form's body (a JSON body is left to its handler), and
// answers 413 when it is over limit, naming its size and the limit: the
// form's CSRF field, read from a body cut short, would otherwise be missing
// and the answer a misleading "this form has expired" (issue 25).
func (s *Server) formRead(w http.ResponseWriter, r *http.Request, limit int64) bool {
	var err error
	switch ct := r.Header.Get("Content-Type"); {
	case strings.HasPrefix(ct, "multipart/form-data"):
		err = r.ParseMultipartForm(32 << 20)
	case strings.HasPrefix(ct, "application/x-www-form-urlencoded"):
		err = r.ParseForm()
	default:
		return true
	}
	var tooLarge *http.MaxBytesError
	if !errors.As(err, &tooLarge) {
		return true // a form that does not parse is the handler's to refuse
	}
	what := "form sent"
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		what = "file sent (with its form)"
	}
	back := r.URL.Path[:strings.LastIndex(r.URL.Path, "/")]
	s.errorPage(w, r, http.StatusRequestEntityTooLarge, tooLargeMessage(r, limit, what), link{back, "Back"})
	return false
}

// routeInfo is a registered route.
type routeInfo struct {
	pattern string
	access  Access
}

func safeMethod(m string) bool { return m == http.MethodGet || m == http.MethodHead }

// allowed checks the credential against the route's access.
func (s *Server) allowed(r *http.Request, c *credential, access Access) error {
	if c == nil {
		if s.auth == nil {
			return outflank.Errorf(outflank.EFORBIDDEN, "this server runs without accounts: changes are made with the command line")
		}
		return outflank.Errorf(outflank.EUNAUTHORIZED, "log in first")
	}
	p := c.p
	slug := r.PathValue("slug")
	switch access {
	case LoggedIn:
		return nil
	case Admin:
		if p.IsAdmin() {
			return nil
		}
		return outflank.Errorf(outflank.EFORBIDDEN, "only an administrator may do this")
	case Director:
		if p.CanDirect(slug) {
			return nil
		}
		return outflank.Errorf(outflank.EFORBIDDEN, "only a director of %s may do this", slug)
	case Judge:
		round, _ := strconv.Atoi(r.PathValue("round"))
		table, _ := strconv.Atoi(r.PathValue("table"))
		if p.CanDirect(slug) {
			return nil
		}
		if p.Judge != nil && p.Judge.Tournament == slug && time.Now().Before(p.Judge.ExpiresAt) &&
			(round == 0 || p.Judge.Round == 0 || p.Judge.Round == round) && (table == 0 || p.Judge.Table == 0 || p.Judge.Table == table) {
			return nil
		}
		return outflank.Errorf(outflank.EFORBIDDEN, "your credential does not cover this game of %s", slug)
	}
	return nil
}

// checkCSRF checks that a browser's write carries its session's CSRF
// token (a form field "csrf", or the X-CSRF-Token header), so another
// site cannot make a logged-in browser write.
func checkCSRF(r *http.Request, sess *outflank.Session) error {
	token := r.Header.Get("X-CSRF-Token")
	if token == "" {
		token = r.PostFormValue("csrf")
	}
	if token == "" || subtle.ConstantTimeCompare([]byte(token), []byte(sess.CSRF)) != 1 {
		return outflank.Errorf(outflank.EFORBIDDEN, "this form has expired (its security token does not match your session): reload the page and try again")
	}
	return nil
}

// refuse answers a request refused for its credential: 401 (with a link
// to log in on a page), 403, 429.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error) {
	status := statusOf(err)
	if status == http.StatusUnauthorized && isJudgePage(r.URL.Path) && safeMethod(r.Method) {
		// A table judge has no password to log in with: his link ended
		// (midnight, or the director withdrew it), and only a new one helps.
		w.Header().Set("WWW-Authenticate", `Bearer realm="outflank"`)
		s.errorPage(w, r, status, "This judge's link has ended: it expires at midnight, and the director may withdraw it. Ask the director for a new link (a QR code to scan); the moves this phone recorded are kept in it.",
			link{"/login?next=" + url.QueryEscape(r.URL.RequestURI()), "Directors: log in"})
		return
	}
	if status == http.StatusUnauthorized && !strings.HasPrefix(r.URL.Path, "/api/") && safeMethod(r.Method) {
		http.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
		return
	}
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="outflank"`)
	}
	s.errorPage(w, r, status, outflank.ErrorMessage(err))
}

// statusOf is the HTTP status of a domain error.
func statusOf(err error) int {
	switch outflank.ErrorCode(err) {
	case outflank.EINVALID:
		return http.StatusBadRequest
	case outflank.ENOTFOUND:
		return http.StatusNotFound
	case outflank.ECONFLICT:
		return http.StatusConflict
	case outflank.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case outflank.EFORBIDDEN:
		return http.StatusForbidden
	case outflank.ELIMIT:
		return http.StatusTooManyRequests
	case outflank.EUNAVAILABLE:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// Route is a registered route and who may use it.
type Route struct {
	Pattern string // "POST /api/t/{slug}/pair"
	Access  Access
}

// Routes lists every route registered with its access: the tests that
// prove each write route refuses who has not the right read it.
func (s *Server) Routes() []Route {
	s.Handler() // registers the routes, once
	out := make([]Route, len(s.routes))
	for i, r := range s.routes {
		out[i] = Route{Pattern: r.pattern, Access: r.access}
	}
	return out
}

// isJudgePage says whether path is a table judge's page:
// /t/{slug}/judge or below it.
func isJudgePage(path string) bool {
	rest, ok := strings.CutPrefix(path, "/t/")
	if !ok {
		return false
	}
	_, rest, _ = strings.Cut(rest, "/")
	return (rest == "judge" || strings.HasPrefix(rest, "judge/")) && rest != "judge/review" // the review is a director's
}
