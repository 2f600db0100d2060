package web_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestJudgeBoardNamesItsSquares: without JavaScript too, the board's
// squares are named with what is on them ("f5, empty, legal move for
// black", "d4, white disc", "f5, black disc, last move"), in eight rows
// of eight, and the page has a polite live region for the script's
// announcements (WCAG 4.1.2, 4.1.3).
func TestJudgeBoardNamesItsSquares(t *testing.T) {
	s := newAccessSite(t)
	board := func() string {
		t.Helper()
		status, page := s.do("judge club r1 t2", "GET", "/t/club/judge/1/2", "")
		if status != 200 {
			t.Fatalf("the board: %d %s", status, page)
		}
		return page
	}
	labels := func(page string) map[string]bool {
		set := map[string]bool{}
		for _, m := range regexp.MustCompile(`class="sq [^"]*" data-sq="\d+" aria-label="([^"]*)"`).FindAllStringSubmatch(page, -1) {
			set[m[1]] = true
		}
		return set
	}
	page := board()
	got := labels(page)
	for _, want := range []string{"f5, empty, legal move for black", "d3, empty, legal move for black", "d4, white disc", "e4, black disc", "a1, empty", "h8, empty"} {
		if !got[want] {
			t.Errorf("at the start, no square is named %q", want)
		}
	}
	if len(got) != 64 || strings.Count(page, `<div class="jrow">`) != 8 || !strings.Contains(page, `id="judge-announce" class="visually-hidden" role="status" aria-live="polite"`) {
		t.Errorf("the start: %d names, %d rows, live region %v", len(got), strings.Count(page, `<div class="jrow">`), strings.Contains(page, `id="judge-announce"`))
	}
	if status, _, _ := s.form("judge club r1 t2", "/t/club/judge/1/2", url.Values{"seq": {"1"}, "moves": {"f5"}}); status != http.StatusSeeOther {
		t.Fatalf("a move by the form: %d", status)
	}
	got = labels(board())
	for _, want := range []string{"f5, black disc, last move", "e5, black disc", "d6, empty, legal move for white", "f4, empty, legal move for white", "d4, white disc"} {
		if !got[want] {
			t.Errorf("after f5, no square is named %q: %v", want, got)
		}
	}
}
