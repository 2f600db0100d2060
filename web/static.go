package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

//go:embed static
var staticFiles embed.FS

// staticAsset is an embedded file with its ETag.
type staticAsset struct {
	body  []byte
	etag  string
	ctype string
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
		m[strings.TrimPrefix(p, "static/")] = staticAsset{body: body, etag: hex.EncodeToString(sum[:8]), ctype: ctype}
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
	h.Set("ETag", `"`+a.etag+`"`)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	if etagMatches(r.Header.Get("If-None-Match"), `"`+a.etag+`"`) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Write(a.body)
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
