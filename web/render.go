package web

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"

	"outflank"
	"outflank/report"
)

//go:embed templates
var templateFiles embed.FS

// view is what every page's template gets: the tournament it is about (nil
// for the site's own pages), the page's title, the address of its live
// stream ("" for a page that does not follow changes), and its own data.
type view struct {
	Title      string
	Tournament *outflank.Tournament
	Live       string
	Nav        string // the navigation entry of the page, highlighted
	Data       any
	// Main is the page's <main> already rendered (by its "main"
	// template), or "": the layout renders it.
	Main template.HTML
	// Pieces is the render's table of pieces (pieces.go), nil when it
	// renders the page whole.
	Pieces *pieceTable
}

// pages are the parsed templates: each page is the layout with the page's
// own "title" and "main" templates.
type pages struct {
	byName map[string]*template.Template
	rows   *rowsCache // the standings tables rendered lately
}

// maxKeptRows bounds the rows of the standings tables kept (rowsCache):
// four lists of a 5,000-player event, a few megabytes.
const maxKeptRows = 20000

// parsePages parses every template once, at start.
func parsePages() (*pages, error) {
	base, err := template.New("").Funcs(templateFuncs).ParseFS(templateFiles, "templates/layout.html", "templates/parts/*.html")
	if err != nil {
		return nil, fmt.Errorf("web: templates: %w", err)
	}
	names, err := fs.Glob(templateFiles, "templates/*.html")
	if err != nil {
		return nil, err
	}
	p := &pages{byName: map[string]*template.Template{}, rows: newRowsCache(maxKeptRows)}
	for _, name := range names {
		if path.Base(name) == "layout.html" {
			continue
		}
		t, err := base.Clone()
		if err != nil {
			return nil, err
		}
		if t, err = t.ParseFS(templateFiles, name); err != nil {
			return nil, fmt.Errorf("web: template %s: %w", name, err)
		}
		p.byName[strings.TrimSuffix(path.Base(name), ".html")] = t
	}
	return p, nil
}

// render executes page name: the whole page, or only its "main" template
// for a live update (a fragment).
func (p *pages) render(name string, fragment bool, v view) ([]byte, error) {
	t, entry, err := p.entry(name, fragment)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, entry, v); err != nil {
		return nil, fmt.Errorf("web: rendering %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

// renderPieces is render into pieces (pieces.go): the same bytes, the
// standings tables as blocks (rowsCache) and, when main is not nil, the
// layout's <main> as main's pieces.
func (p *pages) renderPieces(name string, fragment bool, v view, main []piece) ([]piece, error) {
	t, entry, err := p.entry(name, fragment)
	if err != nil {
		return nil, err
	}
	v.Pieces = newPieceTable(p.rows)
	if main != nil {
		v.Main = v.Pieces.insert(main...)
	}
	w := &pieceWriter{table: v.Pieces}
	if err := t.ExecuteTemplate(w, entry, v); err != nil {
		return nil, fmt.Errorf("web: rendering %s: %w", name, err)
	}
	return w.done(), nil
}

// entry is page name's template and the template to execute.
func (p *pages) entry(name string, fragment bool) (*template.Template, string, error) {
	t := p.byName[name]
	if t == nil {
		return nil, "", fmt.Errorf("web: no template %q", name)
	}
	if fragment {
		return t, "main", nil
	}
	return t, "layout", nil
}

// cacheKey names what a request shows: its path and its query, sorted, so
// that ?a=1&b=2 and ?b=2&a=1 are one page. A cached page's route declares
// the parameters it reads (reads, routes.go), and its handler sees only
// those: the key is made of nothing else.
func cacheKey(r *http.Request) string { return keyOf(r.URL.Path, r.URL.Query()) }

// mainKey is cacheKey without ?fragment: a page and its fragment show the
// same <main>.
func mainKey(r *http.Request) string {
	q := r.URL.Query()
	q.Del("fragment")
	return keyOf(r.URL.Path, q)
}

func keyOf(path string, q url.Values) string {
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range q {
			if !yield(k) {
				return
			}
		}
	})
	var b strings.Builder
	b.WriteString(path)
	for i, k := range keys {
		sep := "&"
		if i == 0 {
			sep = "?"
		}
		for _, v := range q[k] {
			b.WriteString(sep + url.QueryEscape(k) + "=" + url.QueryEscape(v))
			sep = "&"
		}
	}
	return b.String()
}

// tournamentPage serves a page about the tournament named by the path's
// {slug}: from the cache when it was rendered from the current version,
// else rendered by build and the template name, and kept. A tournament
// that does not exist is a 404.
func (s *Server) tournamentPage(w http.ResponseWriter, r *http.Request, name string, build func(t *outflank.Tournament) (view, error)) {
	s.tournamentPageOf(w, r, name, "", build)
}

// tournamentPageOf is tournamentPage for a page that shows more than the
// tournament: variant names what else it shows (the ratings' version), so
// that the page is rendered anew when that changes too.
//
// A page and its fragment (?fragment=1, what live.js fetches on a change)
// show the same <main>: it is built and rendered once per version for both
// (s.mains), which halves the work of a change at a large event, where
// both are open and rendered again (a 5,000-row standings).
func (s *Server) tournamentPageOf(w http.ResponseWriter, r *http.Request, name, variant string, build func(t *outflank.Tournament) (view, error)) {
	key := mainKey(r) + variant
	s.tournamentDoc(w, r, "text/html; charset=utf-8", variant, func(t *outflank.Tournament, fragment bool) ([]piece, error) {
		m, err := s.mains.get(key, t.Version, func() (*builtMain, error) {
			v, err := build(t)
			if err != nil {
				return nil, err
			}
			v.Tournament = t
			if v.Live == "" {
				// The stream starts from the version the page shows: a
				// change saved between the page and its stream is not
				// missed.
				v.Live = fmt.Sprintf("/t/%s/events?since=%d", t.Slug, t.Version)
			}
			main, err := s.pages.renderPieces(name, true, v, nil)
			if err != nil {
				return nil, err
			}
			return &builtMain{v: v, main: main}, nil
		})
		if err != nil {
			return nil, err
		}
		if fragment {
			return m.main, nil
		}
		return s.pages.renderPieces(name, false, m.v, m.main) // the <main> rendered by the page's own template, escaped there
	})
}

// tournamentJSON serves a JSON document about the tournament named by the
// path's {slug}, written as the command line writes its --json.
func (s *Server) tournamentJSON(w http.ResponseWriter, r *http.Request, build func(t *outflank.Tournament) (any, error)) {
	s.tournamentDoc(w, r, "application/json", "", func(t *outflank.Tournament, _ bool) ([]piece, error) {
		doc, err := build(t)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := report.WriteJSON(&buf, doc); err != nil {
			return nil, err
		}
		return []piece{{text: buf.Bytes()}}, nil
	})
}

// tournamentDoc is the pipeline of every tournament's page and document;
// variant is added to the page's cache key.
func (s *Server) tournamentDoc(w http.ResponseWriter, r *http.Request, ctype, variant string, render func(t *outflank.Tournament, fragment bool) ([]piece, error)) {
	slug := r.PathValue("slug")
	version, ok := s.version(r.Context(), slug)
	if !ok {
		s.noTournament(w, r, slug, true)
		return
	}
	key := cacheKey(r) + variant
	fragment := r.URL.Query().Has("fragment")
	var rerender func(ctx context.Context, version int64) (*page, error)
	rerender = func(ctx context.Context, version int64) (*page, error) {
		t, err := s.tours.get(ctx, slug, version)
		if err != nil {
			return nil, err
		}
		pieces, err := render(t, fragment)
		if err != nil {
			return nil, err
		}
		p := newPageOf(key, t.Version, ctype, pieces)
		p.slug, p.rerender = slug, rerender
		return p, nil
	}
	p, err := s.cache.page(r.Context(), key, version, func(ctx context.Context) (*page, error) {
		return rerender(ctx, version)
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.write(w, r, p)
}

// write sends a rendered page: 304 when the browser has it (ETag), gzip
// when the browser takes it. The gzip has an ETag of its own, as a
// strong validator of different bytes must (RFC 9110 8.8.3).
func (s *Server) write(w http.ResponseWriter, r *http.Request, p *page) {
	h := w.Header()
	etag, length := p.etag, p.bodyLength
	gz := p.gz != nil && acceptsGzip(r)
	if gz {
		etag, length = p.etagGz, p.gzLength
	}
	h.Set("ETag", etag)
	h.Set("Cache-Control", "no-cache") // revalidate: a live page changes
	h.Set("Content-Type", p.ctype)
	h.Add("Vary", "Accept-Encoding")
	if match := r.Header.Get("If-None-Match"); match != "" && etagMatches(match, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if gz {
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", length)
	w.WriteHeader(http.StatusOK)
	switch {
	case r.Method == http.MethodHead:
	case gz:
		w.Write(p.gz)
	default:
		w.Write(p.bytes())
	}
}

// etagMatches reads an If-None-Match header: a list of tags, or *.
func etagMatches(header, etag string) bool {
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == etag || tag == "*" {
			return true
		}
	}
	return false
}

func acceptsGzip(r *http.Request) bool {
	for enc := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(enc), ";")
		if strings.TrimSpace(name) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// fail answers a request whose document could not be made: 404 for what
// does not exist (with links to what does, for a missing error), 400 for a wrong query, 503 for a server too busy
// (errBusy), 500 (logged, not shown) for the rest.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var m *missing
	if errors.As(err, &m) {
		s.notFound(w, r, m.message, m.links...)
		return
	}
	switch outflank.ErrorCode(err) {
	case outflank.ENOTFOUND:
		s.notFound(w, r, outflank.ErrorMessage(err))
	case outflank.EINVALID, outflank.ECONFLICT:
		s.errorPage(w, r, http.StatusBadRequest, outflank.ErrorMessage(err))
	case outflank.EUNAVAILABLE:
		s.errorPage(w, r, http.StatusServiceUnavailable, outflank.ErrorMessage(err)) // with Retry-After
	default:
		if errors.Is(err, r.Context().Err()) {
			return
		}
		s.log.Error("rendering a page", "path", r.URL.Path, "err", err)
		s.errorPage(w, r, http.StatusInternalServerError, "Something went wrong on the server; the error is in its log.")
	}
}

// maxLinks bounds the tournaments a 404 page links to.
const maxLinks = 30

// tournamentLinks links to the tournaments there are, for a page that
// asked for one that is not; none on the API.
func (s *Server) tournamentLinks(r *http.Request) []link {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		return nil
	}
	list, err := s.store.Tournaments(r.Context())
	if err != nil {
		return nil
	}
	var links []link
	for _, t := range list[:min(len(list), maxLinks)] {
		links = append(links, link{"/t/" + t.Slug, t.Name})
	}
	return links
}
