package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestStaticGzipped: the scripts and styles every page loads go gzipped to
// a browser that takes it (Lighthouse's "enable text compression"), with an
// ETag of their own and Vary, and as they are to one that does not.
func TestStaticGzipped(t *testing.T) {
	s := newSite(t, "Ann", "Bob", "Cat", "Dan")
	_, page := s.get("/t/club/standings")
	i := strings.Index(page, "/static/site.css?v=")
	if i < 0 {
		t.Fatalf("the standings page links no site.css:\n%s", page)
	}
	addr := page[i : i+strings.IndexByte(page[i:], '"')]
	plainRes, plain := s.get(addr)
	gzRes, unzipped := s.get(addr, "Accept-Encoding: gzip")
	if plainRes.StatusCode != 200 || gzRes.StatusCode != 200 {
		t.Fatalf("site.css: %d plain, %d gzip", plainRes.StatusCode, gzRes.StatusCode)
	}
	if plainRes.Header.Get("Content-Encoding") != "" || gzRes.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("Content-Encoding: %q plain, %q when gzip is taken", plainRes.Header.Get("Content-Encoding"), gzRes.Header.Get("Content-Encoding"))
	}
	if plain != unzipped || !strings.Contains(plain, "focus-visible") {
		t.Errorf("the gzip unzipped is not the file (%d and %d bytes)", len(unzipped), len(plain))
	}
	if gzRes.ContentLength <= 0 || gzRes.ContentLength >= plainRes.ContentLength {
		t.Errorf("lengths: %d gzipped, %d plain", gzRes.ContentLength, plainRes.ContentLength)
	}
	plainTag, gzTag := plainRes.Header.Get("ETag"), gzRes.Header.Get("ETag")
	if plainTag == "" || plainTag == gzTag {
		t.Errorf("ETags %q and %q: other bytes need another validator", plainTag, gzTag)
	}
	for _, res := range []*http.Response{plainRes, gzRes} {
		if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("Vary: %q", res.Header.Get("Vary"))
		}
	}
	if res, _ := s.get(addr, "Accept-Encoding: gzip", "If-None-Match: "+gzTag); res.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating the gzip: %d, want 304", res.StatusCode)
	}
	if res, _ := s.get(addr, "If-None-Match: "+gzTag); res.StatusCode != 200 {
		t.Errorf("the gzip's ETag from a browser that now takes no gzip: %d, want 200", res.StatusCode)
	}
	// An icon already compressed is sent as it is.
	if res, _ := s.get("/favicon.ico", "Accept-Encoding: gzip"); res.StatusCode != 200 {
		t.Errorf("favicon: %d", res.StatusCode)
	}
}
