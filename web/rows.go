package web

import (
	"html/template"
	"net/url"
	"strconv"
	"strings"

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
