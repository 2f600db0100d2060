package web_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank/othello"
)

// rowsOf says pos row by row as the viewer must (its own reading of the
// board, not the page's code): "Row 4: a4 to c4 empty, d4 white, ...".
func rowsOf(pos othello.Position) []string {
	name := func(sq othello.Square) string {
		switch pos.At(sq) {
		case othello.Black:
			return "black"
		case othello.White:
			return "white"
		}
		return "empty"
	}
	var rows []string
	for r := range 8 {
		var parts []string
		for c := 0; c < 8; {
			first := othello.Square(r*8 + c)
			end := c
			for end+1 < 8 && name(othello.Square(r*8+end+1)) == name(first) {
				end++
			}
			run := first.String()
			if end > c {
				run += " to " + othello.Square(r*8+end).String()
			}
			parts = append(parts, run+" "+name(first))
			c = end + 1
		}
		if len(parts) == 1 && name(othello.Square(r*8)) == "empty" {
			parts = []string{"empty"}
		}
		rows = append(rows, fmt.Sprintf("Row %d: %s", r+1, strings.Join(parts, ", ")))
	}
	return rows
}

// viewerHeard is what a screen reader gets of the viewer: the focused
// element, the live region, the position in words, the step links.
type viewerHeard struct {
	Focused, News, Search string
	Rows                  []string
	NextHref              string
	NextDisabled          string
	NextRole              string
	Outline               [3]string // the focused element's outline: style, width, colour
}

const readHeard = `(function () {
	var next = document.getElementById("step-next"), s = getComputedStyle(document.activeElement);
	return {
		focused: document.activeElement.id,
		news: document.getElementById("viewer-news").textContent,
		search: location.search,
		rows: Array.from(document.querySelectorAll("#position li"), function (li) { return li.textContent; }),
		nextHref: next.getAttribute("href") || "",
		nextDisabled: next.getAttribute("aria-disabled") || "",
		nextRole: next.getAttribute("role") || "",
		outline: [s.outlineStyle, s.outlineWidth, s.outlineColor]
	};
})()`

// TestBrowserViewerKeyboard (issue 25, points 9, 11, 12 and 15): the
// viewer at the keyboard alone. Tab to Next and press Enter again and
// again: the focus stays on Next, with a ring of at least 3:1, the live
// region says each new position (move, side, square, discs), and the
// position in words matches othello's replay; at the end Next is no
// longer a link (no href, aria-disabled), keeps the focus, and Enter does
// nothing; Shift+Tab goes to Previous, which steps back.
func TestBrowserViewerKeyboard(t *testing.T) {
	browser := newBrowser(t)
	d := newDemo(t)
	dir := screenshots(t)
	game := d.closeGame(t)
	last := len(game.Moves)
	start := last - 4
	tab := newTab(t, browser)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 800), chromedp.Navigate(fmt.Sprintf("%s/t/demo/games/%d/%d?ply=%d", d.url, d.close[0], d.close[1], start)),
		chromedp.WaitVisible(chromedp.CSS("#board"))); err != nil {
		t.Fatal(err)
	}
	if rows := run(t, tab, chromedp.Evaluate[viewerHeard](readHeard)).Rows; fmt.Sprint(rows) != fmt.Sprint(rowsOf(game.Positions[start])) {
		t.Fatalf("loaded at ply %d, the position in words is\n%s\nwant\n%s", start, strings.Join(rows, "\n"), strings.Join(rowsOf(game.Positions[start]), "\n"))
	}
	for range 40 {
		if run(t, tab, chromedp.Evaluate[string](focused)) == "step-next" {
			break
		}
		typeKeys(t, tab, kb.Tab)
	}
	white := luminance(t, "rgb(255, 255, 255)")
	check := func(ply int, how string) viewerHeard {
		t.Helper()
		h := run(t, tab, chromedp.Evaluate[viewerHeard](readHeard))
		if h.Search != fmt.Sprintf("?ply=%d", ply) {
			t.Fatalf("%s: the viewer is at %s, want ply %d", how, h.Search, ply)
		}
		if fmt.Sprint(h.Rows) != fmt.Sprint(rowsOf(game.Positions[ply])) {
			t.Errorf("%s: the position in words is\n%s\nwant\n%s", how, strings.Join(h.Rows, "\n"), strings.Join(rowsOf(game.Positions[ply]), "\n"))
		}
		width, _ := strconv.ParseFloat(strings.TrimSuffix(h.Outline[1], "px"), 64)
		if h.Outline[0] == "none" || width < 2 || contrast(luminance(t, h.Outline[2]), white) < 3 {
			t.Errorf("%s: the focus ring on %q is %v: want at least 2 px at 3:1 on white", how, h.Focused, h.Outline)
		}
		return h
	}
	heard := check(start, "loaded")
	if heard.Focused != "step-next" {
		t.Fatalf("Tab never reached Next: the focus is on %q", heard.Focused)
	}
	for ply := start + 1; ply <= last; ply++ {
		typeKeys(t, tab, kb.Enter)
		h := check(ply, fmt.Sprintf("Enter on Next to ply %d", ply))
		if h.Focused != "step-next" {
			t.Fatalf("Enter on Next to ply %d: the focus went to %q", ply, h.Focused)
		}
		pos := game.Positions[ply]
		b, w, e := pos.Discs()
		side := game.Positions[ply-1].Turn
		for _, want := range []string{fmt.Sprintf("Move %d of %d: %s %s.", ply, last, side, game.Moves[ply-1]), fmt.Sprintf("Black %d, white %d, empty %d.", b, w, e)} {
			if !strings.Contains(h.News, want) {
				t.Errorf("Enter on Next to ply %d: the live region says %q, without %q", ply, h.News, want)
			}
		}
		if h.News == heard.News {
			t.Errorf("Enter on Next to ply %d: the live region still says %q", ply, h.News)
		}
		heard = h
	}
	if heard.NextHref != "" || heard.NextDisabled != "true" || heard.NextRole != "link" {
		t.Errorf("at the end, Next is href=%q aria-disabled=%q role=%q: want no link, disabled", heard.NextHref, heard.NextDisabled, heard.NextRole)
	}
	if !strings.Contains(heard.News, "Game over.") {
		t.Errorf("the end says %q", heard.News)
	}
	photograph(t, tab, dir, "viewer-keyboard-end-375")
	typeKeys(t, tab, kb.Enter) // on a Next that leads nowhere: nothing
	if h := check(last, "Enter on Next at the end"); h.Focused != "step-next" || h.News != heard.News {
		t.Errorf("Enter on the disabled Next: focus %q, live region %q", h.Focused, h.News)
	}
	typeKeys(t, tab, kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift))
	if f := run(t, tab, chromedp.Evaluate[string](focused)); f != "step-prev" {
		t.Fatalf("Shift+Tab from Next went to %q, want Previous", f)
	}
	typeKeys(t, tab, kb.Enter)
	h := check(last-1, "Enter on Previous")
	if h.Focused != "step-prev" || h.NextHref != fmt.Sprintf("?ply=%d", last) || h.NextDisabled != "" || h.NextRole != "" {
		t.Errorf("Enter on Previous: focus %q, Next href=%q aria-disabled=%q role=%q", h.Focused, h.NextHref, h.NextDisabled, h.NextRole)
	}
	if !strings.Contains(h.News, fmt.Sprintf("Move %d of %d", last-1, last)) {
		t.Errorf("Enter on Previous: the live region says %q", h.News)
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	photograph(t, tab, dir, "viewer-keyboard-1280")
}
