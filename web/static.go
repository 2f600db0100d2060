package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

//go:embed static
var staticFiles embed.FS

// staticAsset is an embedded file with its ETag, and its gzip when that is
// smaller (text: scripts, styles, the SVG icon), made once at start.
type staticAsset struct {
	body  []byte
	gz    []byte
	etag  string
	ctype string
}

// gzipOf is body gzipped at the best compression, or nil when that gains
// nothing worth a header (an image already compressed, a tiny file).
func gzipOf(body []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(body)
	zw.Close()
	if b.Len()+64 >= len(body) {
		return nil
	}
	return b.Bytes()
}

// assets are the embedded static files, read once, each with a content
// hash that versions its URL, so browsers may keep them for a year.
var assets = func() map[string]staticAsset {
	m := map[string]staticAsset{}
	fs.WalkDir(staticFiles, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := staticFiles.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(body)
		ctype := mime.TypeByExtension(path.Ext(p))
		if path.Ext(p) == ".ico" {
			ctype = "image/x-icon" // not in Go's own table; the system's may lack it too
		}
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		m[strings.TrimPrefix(p, "static/")] = staticAsset{body: body, gz: gzipOf(body), etag: hex.EncodeToString(sum[:8]), ctype: ctype}
		return nil
	})
	return m
}()

// staticURL is the address of an embedded file, versioned by its content.
func staticURL(name string) string {
	return "/static/" + name + "?v=" + assets[name].etag
}

func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	a, ok := assets[r.PathValue("file")]
	if !ok {
		s.notFound(w, r, "There is no file "+r.PathValue("file")+".")
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	body, etag := a.body, `"`+a.etag+`"`
	if a.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			// Other bytes, another strong validator (RFC 9110 8.8.3).
			body, etag = a.gz, `"`+a.etag+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("ETag", etag)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// handleFavicon serves the site's icon at /favicon.ico, where browsers ask
// for it whatever the page links to (a 404 there is an error in every
// page's console). Its address has no version: kept a day, not a year.
func (s *Server) handleFavicon(w http.ResponseWriter, r *http.Request) {
	a := assets["favicon.ico"]
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("ETag", `"`+a.etag+`"`)
	h.Set("Cache-Control", "public, max-age=86400")
	if etagMatches(r.Header.Get("If-None-Match"), `"`+a.etag+`"`) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Write(a.body)
}
