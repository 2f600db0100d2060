package web_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"outflank"
	"outflank/director"
	"outflank/web"
)

// TestConsoleMarkup renders every page of the console a director or an
// administrator reads (each GET route of the router behind a login, filled
// with the club's round 1, table 1, player 1), through the real server, and
// checks what a screen reader needs of its markup (WCAG 2.2, 1.3.1 Info and
// Relationships; html-validate's wcag/h63): no empty <th> (an action
// column's header names it, visually hidden), every <th> with its scope,
// every <input> with its type, no <option> without text (the gender
// select's empty choice says "not given"), and every <fieldset> beginning
// with its <legend>.
func TestConsoleMarkup(t *testing.T) {
	s := newAccessSite(t)
	ctx := outflank.WithActor(context.Background(), "admin")
	// Round 1's results, so that the Pair page shows the proposal for
	// round 2 (with its action column and its choices).
	for table, score := range []string{"40-24", "20-44"} {
		req, _ := director.ResultFields{Round: 1, Table: table + 1, Score: score}.Request()
		if _, err := director.EnterResult(ctx, s.db, "club", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	b := s.as("admin (session)")
	checked := 0
	for _, rt := range s.server.Routes() {
		if rt.Access != web.LoggedIn && rt.Access != web.Director && rt.Access != web.Admin {
			continue
		}
		method, path := concrete(rt.Pattern)
		if method != "GET" || strings.Contains(path, "/export/") || strings.HasSuffix(path, "/playerdb") {
			continue // files and the search's JSON, not pages
		}
		if strings.Contains(path, "/print/") {
			continue // the print pages' markup is done with the public pages' (issue 25, 12)
		}
		paths := []string{path}
		if strings.HasSuffix(path, "/admin/results") {
			paths = append(paths, path+"?round=1")
		}
		if strings.HasSuffix(path, "/admin/pair") {
			paths = append(paths, path+"?seed=7&fix=1-4") // with the check of the fixes
		}
		for _, p := range paths {
			a := b.get(p)
			if a.status == 303 && strings.HasPrefix(a.location, p+"?") {
				a = b.get(a.location) // the Pair page's proposal, with its seed
			}
			if a.status != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), "text/html") {
				t.Logf("%s: %d %s, not checked", p, a.status, a.header.Get("Content-Type"))
				continue
			}
			checked++
			if strings.Contains(p, "fix=") && !strings.Contains(a.body, "With your fixes") {
				t.Errorf("%s does not check the fixes: its table is not checked", p)
			}
			for _, problem := range markupProblems(a.body) {
				t.Errorf("%s: %s", p, problem)
			}
		}
	}
	if checked < 18 {
		t.Errorf("only %d console pages checked", checked)
	}
}

var (
	markupTH       = regexp.MustCompile(`(?s)<th\b([^>]*)>(.*?)</th>`)
	markupInput    = regexp.MustCompile(`<input\b([^>]*)>`)
	markupOption   = regexp.MustCompile(`(?s)<option\b([^>]*)>(.*?)</option>`)
	markupFieldset = regexp.MustCompile(`(?s)<fieldset\b([^>]*)>(.*?)</fieldset>`)
	markupScope    = regexp.MustCompile(`\sscope="(col|row|colgroup|rowgroup)"`)
	markupType     = regexp.MustCompile(`\stype="[a-z-]+"`)
)

// markupProblems lists what TestConsoleMarkup refuses in a page as
// html/template writes it (every element closed, attributes quoted).
func markupProblems(page string) []string {
	var out []string
	for _, m := range markupTH.FindAllStringSubmatch(page, -1) {
		if !markupScope.MatchString(m[1]) {
			out = append(out, fmt.Sprintf("a <th> without scope: %s", short(m[0])))
		}
		if text(m[2]) == "" {
			out = append(out, fmt.Sprintf("an empty <th>: %s", short(m[0])))
		}
	}
	for _, m := range markupInput.FindAllStringSubmatch(page, -1) {
		if !markupType.MatchString(m[1]) {
			out = append(out, fmt.Sprintf("an <input> without a type: %s", short(m[0])))
		}
	}
	for _, m := range markupOption.FindAllStringSubmatch(page, -1) {
		if text(m[2]) == "" {
			out = append(out, fmt.Sprintf("an <option> without text: %s", short(m[0])))
		}
	}
	for _, m := range markupFieldset.FindAllStringSubmatch(page, -1) {
		if !strings.HasPrefix(strings.TrimSpace(m[2]), "<legend") {
			out = append(out, fmt.Sprintf("a <fieldset> without its <legend> first: %s", short(m[0])))
		}
	}
	return out
}

// short is the start of an element, for a message.
func short(s string) string {
	if len(s) > 160 {
		return s[:160] + "…"
	}
	return s
}
