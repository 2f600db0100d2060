package web

import (
	"html/template"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"outflank/report"
)

// standingsRows renders the rows of a standings table: the body of the
// "rows" template, which calls it. A 5,000-player list has 5,000 rows, and
// html/template, which decides each value's escaping at run time, took
// 8 µs a row: most of a result's cost at a big event, where every change
// renders the list again (issue 17). This writes the same bytes
// (TestStandingsRowsAsTemplate compares them with the template's, on
// hostile names) with the escaping html/template gives each place: text
// and quoted attributes by htmlEscape, the slug of a path by PathEscape
// (a slug is [a-z0-9-], which neither changes).
func standingsRows(slug string, rows []report.Row) template.HTML {
	var b strings.Builder
	b.Grow(len(rows) * 220)
	slugPath := htmlEscape(url.PathEscape(slug))
	for i := range rows {
		r := &rows[i]
		id := strconv.Itoa(r.Player)
		b.WriteString(`<tr data-player="`)
		b.WriteString(id)
		b.WriteString(`"><td class="num">`)
		b.WriteString(strconv.Itoa(r.Rank))
		if r.Equal {
			b.WriteString("=")
		}
		b.WriteString(`</td><td class="name"><a href="/t/`)
		b.WriteString(slugPath)
		b.WriteString(`/players/`)
		b.WriteString(id)
		b.WriteString(`">`)
		b.WriteString(htmlEscape(r.Name))
		b.WriteString(`</a>`)
		if r.Country != "" {
			b.WriteString(` <span class="country">`)
			b.WriteString(htmlEscape(r.Country))
			b.WriteString(`</span>`)
		}
		if r.Mark != "" {
			b.WriteString(` <span class="mark mark-`)
			b.WriteString(htmlEscape(r.Mark))
			b.WriteString(`">`)
			b.WriteString(htmlEscape(stageWords(r.Mark)))
			b.WriteString(`</span>`)
		}
		b.WriteString(`</td><td class="num">`)
		b.WriteString(numText(r.Points))
		b.WriteString(`</td><td class="num">`)
		b.WriteString(numText(r.BQ))
		b.WriteString(`</td><td class="num">`)
		b.WriteString(strconv.Itoa(r.Discs))
		b.WriteString("</td></tr>\n")
	}
	return template.HTML(b.String()) // every value escaped above
}

// htmlEscaper replaces what html/template's escaper replaces in text and
// in quoted attribute values.
var htmlEscaper = strings.NewReplacer(
	"\x00", "\uFFFD",
	`"`, "&#34;",
	"&", "&amp;",
	"'", "&#39;",
	"+", "&#43;",
	"<", "&lt;",
	">", "&gt;",
)

// htmlEscape escapes s for HTML text or a quoted attribute value.
func htmlEscape(s string) string { return htmlEscaper.Replace(s) }

// rowsHTML is the "rows" template's body: standingsRows, or, in a render
// that collects pieces (table not nil), the marker of the block of those
// rows, rendered now or before (rowsCache).
func rowsHTML(table *pieceTable, slug string, rows []report.Row) template.HTML {
	if table == nil || table.rows == nil {
		return standingsRows(slug, rows)
	}
	return table.insert(piece{blk: table.rows.block(slug, rows)})
}

// rowsCache keeps the standings tables rendered lately, as blocks, by
// what they show (the slug and the rows, compared whole): a new version of
// a page whose rows are as they were (a result of the round in play) takes
// them as rendered and deflated before. It keeps the tables most recently
// used, at most maxRows rows in all.
type rowsCache struct {
	mu      sync.Mutex
	maxRows int
	rows    int
	kept    []*rowsBlock // the most recently used last
}

// rowsBlock is a table kept: what it shows and its block.
type rowsBlock struct {
	slug string
	rows []report.Row
	blk  *block
}

func newRowsCache(maxRows int) *rowsCache { return &rowsCache{maxRows: maxRows} }

// block returns the block of rows, kept or rendered now and kept. rows
// must not be changed afterwards (a page's document never is).
func (c *rowsCache) block(slug string, rows []report.Row) *block {
	c.mu.Lock()
	for i, k := range c.kept {
		if k.slug == slug && slices.Equal(k.rows, rows) {
			c.kept = append(slices.Delete(c.kept, i, i+1), k)
			c.mu.Unlock()
			return k.blk
		}
	}
	c.mu.Unlock()
	k := &rowsBlock{slug: slug, rows: rows, blk: &block{html: []byte(standingsRows(slug, rows))}}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.kept = append(c.kept, k)
	c.rows += len(rows)
	for c.rows > c.maxRows && len(c.kept) > 1 {
		c.rows -= len(c.kept[0].rows)
		c.kept = slices.Delete(c.kept, 0, 1)
	}
	return k.blk
}
