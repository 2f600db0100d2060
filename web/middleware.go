package web

import (
	"bufio"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Handler is the site: every route, behind the security headers, the
// access log and a guard that turns a panic into a 500.
func (s *Server) Handler() http.Handler {
	s.handlerOnce.Do(func() {
		mux := http.NewServeMux()
		s.registerRoutes(mux)
		h := securityHeaders(s.limitBodies(s.readOwnWrites(mux)))
		if s.access != nil {
			h = s.accessLog(h)
		}
		s.handler = s.recoverPanics(h)
	})
	return s.handler
}

// maxBody bounds what a request may send. The public site is read only:
// a GET or HEAD that carries a body is refused whole; other methods reach
// only the routes that take them (405 elsewhere), which read at most this.
const maxBody = 1 << 20

// limitBodies refuses a body where none belongs and bounds the others.
func (s *Server) limitBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && r.ContentLength != 0 {
			w.Header().Set("Connection", "close")
			s.errorPage(w, r, http.StatusRequestEntityTooLarge, "A page is read without sending anything: this request carried a body.")
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = &bodyLimit{w: w, body: r.Body, limit: maxBody}
		}
		next.ServeHTTP(w, r)
	})
}

// bodyLimit is a request body read within a limit: maxBody, or a route's
// own (an upload, raiseBodyLimit) set before the first read.
type bodyLimit struct {
	w      http.ResponseWriter
	body   io.ReadCloser
	limit  int64
	reader io.ReadCloser // the http.MaxBytesReader, made at the first read
}

func (b *bodyLimit) Read(p []byte) (int, error) {
	if b.reader == nil {
		b.reader = http.MaxBytesReader(b.w, b.body, b.limit)
	}
	return b.reader.Read(p)
}

func (b *bodyLimit) Close() error { return b.body.Close() }

// raiseBodyLimit lets r's body be up to limit bytes (an upload's route),
// if nothing of it has been read yet, and reports whether it could.
func raiseBodyLimit(r *http.Request, limit int64) bool {
	b, ok := r.Body.(*bodyLimit)
	if !ok || b.reader != nil {
		return false
	}
	b.limit = limit
	return true
}

// tooLargeMessage says that a request's body is over limit bytes, and by
// how much when the client said its size.
func tooLargeMessage(r *http.Request, limit int64, what string) string {
	size := "over " + formatBytes(limit)
	if r.ContentLength > limit {
		size = formatBytes(r.ContentLength)
	}
	return fmt.Sprintf("The %s is %s: the limit is %s. Nothing was saved.", what, size, formatBytes(limit))
}

// formatBytes writes n bytes as people read a file's size: "16 MB",
// "1.5 MB", "900 KB" (1 MB is 1,048,576 bytes, as the limits are set).
func formatBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return strings.TrimSuffix(strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64), ".0") + " MB"
	case n >= 1<<10:
		return strconv.FormatInt((n+1<<9)>>10, 10) + " KB"
	case n == 1:
		return "1 byte"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// contentSecurityPolicy allows nothing from elsewhere and no inline script
// or style: every script and stylesheet is a file of the site.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every answer carries.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}

// recorder remembers the status and size of an answer, for the log.
type recorder struct {
	http.ResponseWriter
	status   int
	bytes    int
	hijacked bool // a live stream, taken over from the HTTP server
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's other
// controls.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Hijack hands the connection over (a live stream), and remembers it.
func (r *recorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, rw, err := http.NewResponseController(r.ResponseWriter).Hijack()
	r.hijacked = err == nil
	return conn, rw, err
}

// accessLog logs every request to the access log: method, path, status, size, duration,
// the connection's address (remote) and the client's (client): behind a
// trusted proxy (--trusted-proxy), the address its X-Forwarded-For names,
// else the connection's; the header of anyone else is never believed.
// Queries are logged without their values' length
// limits mattering: the server refuses headers over 16 KB.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		status := rec.status
		if rec.hijacked || status == 0 {
			// A stream's head is written on the connection; an answer
			// that wrote nothing is an empty 200.
			status = http.StatusOK
		}
		attrs := []slog.Attr{slog.String("method", r.Method), slog.String("path", redactSecrets(r.URL.RequestURI())), slog.Int("status", status),
			slog.Int("bytes", rec.bytes), slog.Duration("duration", time.Since(start)), slog.String("remote", r.RemoteAddr),
			slog.String("client", s.clientAddr(r))}
		if rec.hijacked {
			attrs = append(attrs, slog.Bool("stream", true))
		}
		s.access.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
	})
}

// recoverPanics answers 500 instead of dropping the connection when a
// handler panics, and logs the panic.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "path", r.URL.Path, "panic", fmt.Sprint(v))
				http.Error(w, "internal error", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// secretInPath is a credential that may appear in an address: a judge
// link's secret (/j/ofj_...), or a session's or token's pasted by mistake.
var secretInPath = regexp.MustCompile(`of[jst]_[A-Za-z0-9_-]+`)

// redactSecrets hides the credentials in a logged address: whoever reads
// the server's log must not be able to use a judge's link (docs/security.md).
func redactSecrets(uri string) string {
	return secretInPath.ReplaceAllStringFunc(uri, func(secret string) string { return secret[:4] + "[redacted]" })
}
