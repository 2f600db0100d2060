package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkCachedPages serves pages of a 1,000-player event from the
// cache, as browsers ask for them (gzip), through every middleware: the
// standings, their fragment (what live.js fetches on a change), and the
// standings with a parameter they read and one they do not. It is the
// cost issue 25's keys (routes.go, reads) and bounded cache (lru.go) add
// to a page already rendered, measured against the code before them.
func BenchmarkCachedPages(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	s, slug := bigEvent(b)
	h := s.Handler()
	for _, bc := range []struct{ name, query string }{
		{"plain", ""},
		{"fragment", "?fragment=1"},
		{"list-and-junk", "?list=ifrl&junk=1"},
	} {
		req := httptest.NewRequest("GET", "/t/"+slug+"/standings"+bc.query, nil)
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		w := &discard{h: http.Header{}}
		h.ServeHTTP(w, req) // rendered once
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			start := processCPU()
			b.RunParallel(func(pb *testing.PB) {
				w := &discard{h: http.Header{}}
				for pb.Next() {
					clear(w.h)
					h.ServeHTTP(w, req)
				}
			})
			// The CPU per request: on a shared machine the time per
			// request is mostly the others' work.
			b.ReportMetric(float64((processCPU()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}
