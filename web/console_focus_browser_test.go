package web_test

// The console's focus in a real Chromium (issue 25, points 11 and 13):
// every focus indicator stands out at least 3:1 from what is behind it
// (WCAG 2.2, 1.4.11 Non-text Contrast and 2.4.13 Focus Appearance); what
// Tab reaches is never hidden behind the sticky "Publish round" bar or the
// sticky result form (2.4.11 Focus Not Obscured); the log reflows on a
// phone (1.4.10 Reflow).

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank"
	"outflank/director"
)

// focusRings is the script that focuses each control of the page in turn
// (after a real Tab, so that the browser shows the focus as it does at the
// keyboard) and gives, for each, its name, whether it shows its focus
// (:focus-visible), its outline's style, width and colour, and the colour
// behind the outline: the first background not transparent of its
// ancestors (the outline is drawn outside the control, over its parent).
const focusRings = `(function () {
	var out = [];
	var all = document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])");
	all.forEach(function (el) {
		if (el.disabled || !el.getClientRects().length || getComputedStyle(el).visibility === "hidden") { return; }
		el.focus({ preventScroll: true });
		if (document.activeElement !== el) { return; }
		var s = getComputedStyle(el), bg = "rgb(255, 255, 255)";
		for (var p = el.parentElement; p; p = p.parentElement) {
			var c = getComputedStyle(p).backgroundColor;
			if (c !== "transparent" && !/rgba\(.*, 0\)$/.test(c)) { bg = c; break; }
		}
		var name = el.tagName + " " + (el.id || el.getAttribute("href") || el.name || el.textContent.trim().slice(0, 30));
		out.push([name, String(el.matches(":focus-visible")), s.outlineStyle, s.outlineWidth, s.outlineColor, bg]);
	});
	return out;
})()`

// TestBrowserConsoleFocusRing: on each of the console's main pages, at 375
// and 1280 px, every control shows its focus with an outline at least 2 px
// wide whose colour has a contrast of at least 3:1 with the background
// behind it: white, the grey bands of the forms and tables, the yellow of
// the next result and of the warnings, the console's green header. The
// yellow ring it replaced was 1.82:1 on white and 1.66:1 on the form band.
func TestBrowserConsoleFocusRing(t *testing.T) {
	browser := newBrowserFor(t, 150*time.Second)
	site := newConsoleSite(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	site.pairedRound(t, 8)
	dir := screenshots(t)
	for table, score := range []string{"40-24", "29-35", "20-44", "33-31"} {
		req, _ := director.ResultFields{Round: 1, Table: table + 1, Score: score}.Request()
		if _, err := director.EnterResult(ctx, site.db, "open", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "chief", "/t/open/admin")
	checked := 0
	for _, width := range []int64{375, 1280} {
		for _, path := range []string{"/admin", "/admin/users", "/admin/members", "/admin/circuits", "/t/open/admin", "/t/open/admin/players", "/t/open/admin/players/1",
			"/t/open/admin/pair?seed=7", "/t/open/admin/results?round=1", "/t/open/admin/round", "/t/open/admin/log", "/t/open/admin/judges", "/t/open/admin/settings", "/t/open/admin/undo"} {
			if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+path), chromedp.WaitVisible(chromedp.CSS(".console-bar"))); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			typeKeys(t, tab, kb.Tab)
			rings := run(t, tab, chromedp.Evaluate[[][6]string](focusRings))
			if len(rings) < 5 {
				t.Errorf("%s at %d px: %d controls focused", path, width, len(rings))
			}
			for _, r := range rings {
				checked++
				name, visible, style, w, colour, bg := r[0], r[1], r[2], r[3], r[4], r[5]
				px, _ := strconv.ParseFloat(strings.TrimSuffix(w, "px"), 64)
				if visible != "true" || style == "none" || px < 2 {
					t.Errorf("%s at %d px: %s shows its focus %s: outline %s %s", path, width, name, visible, style, w)
					continue
				}
				if c := contrast(luminance(t, colour), luminance(t, bg)); c < 3 {
					t.Errorf("%s at %d px: %s's focus outline %s on %s: contrast %.2f, under 3:1", path, width, name, colour, bg, c)
				}
			}
		}
	}
	// What the director sees: the ring on the result form's band, and on
	// a button of the banner.
	for _, width := range []int64{375, 1280} {
		for _, f := range []struct{ name, path, focus string }{
			{"results", "/t/open/admin/results?round=1", "#entry-table"},
			{"home", "/t/open/admin", "section.banner .actions a"},
		} {
			if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+f.path), chromedp.WaitVisible(chromedp.CSS(f.focus))); err != nil {
				t.Fatal(err)
			}
			typeKeys(t, tab, kb.Tab)
			run(t, tab, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).focus()`, f.focus)))
			png := run(t, tab, chromedp.CaptureScreenshot())
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("console-focus-%s-%d.png", f.name, width)), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 200 {
		t.Errorf("%d focus rings checked", checked)
	}
}

// notObscured walks the page of tab with the keyboard, forward with Tab
// then back with Shift+Tab, and checks that each element given the focus
// is in sight: the element at the centre of its box is itself or inside
// it, not the sticky bar or form in front of it. It returns how many
// elements it saw.
func notObscured(t *testing.T, tab context.Context, page string) int {
	t.Helper()
	const check = `(function () {
		var a = document.activeElement;
		if (!a || a === document.body) { return ["BODY", "true", ""]; }
		// A link broken over two lines is checked on its first.
		var r = a.getClientRects()[0] || a.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
		var hit = document.elementFromPoint(x, y);
		var name = a.tagName + " " + (a.id || a.getAttribute("href") || a.name || a.textContent.trim().slice(0, 30));
		var over = hit ? hit.tagName + "." + hit.className + (hit.closest("form") ? " in form#" + hit.closest("form").id + "." + hit.closest("form").className : "") : "nothing";
		return [name, String(!!hit && (hit === a || a.contains(hit))), over + " at " + Math.round(x) + "," + Math.round(y)];
	})()`
	run(t, tab, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0); document.activeElement && document.activeElement.blur()`))
	seen := map[string]bool{}
	for _, dir := range []struct {
		key  string
		opts []chromedp.KeyOption
	}{{kb.Tab, nil}, {kb.Tab, []chromedp.KeyOption{chromedp.KeyModifiers(chromedp.ModifierShift)}}} {
		first := ""
		for i := range 150 {
			typeKeys(t, tab, dir.key, dir.opts...)
			f := run(t, tab, chromedp.Evaluate[[3]string](check))
			if f[0] == "BODY" {
				if i > 0 {
					break
				}
				continue
			}
			if i > 0 && f[0] == first {
				break // round the page once
			}
			if first == "" {
				first = f[0]
			}
			seen[f[0]] = true
			if f[1] != "true" {
				t.Errorf("%s: %s has the focus but is hidden: at its centre is %s", page, f[0], f[2])
			}
		}
	}
	return len(seen)
}

// TestBrowserConsoleFocusNotObscured: on a phone (375 x 667 px), Tab and
// Shift+Tab through the Pair page of a 20-player event, whose "Publish
// round" bar sticks to the foot of the screen, and through the Results
// page, whose entry form sticks to its top: every element given the focus
// is in sight, not under the bar or the form (WCAG 2.2, 2.4.11). The pages
// are photographed (console-pair-focus-375, console-results-focus-375).
func TestBrowserConsoleFocusNotObscured(t *testing.T) {
	browser := newBrowserFor(t, 150*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	for _, g := range site.pairedRound(t, 20).Rounds[0].Games {
		req, _ := director.ResultFields{Round: 1, Table: g.Table, Score: "40-24"}.Request()
		if _, err := director.EnterResult(ctx, site.db, "open", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "alice", "/t/open/admin")
	if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 667), chromedp.Navigate(site.url+"/t/open/admin/pair?seed=7"), chromedp.WaitVisible(chromedp.CSS("#publish"))); err != nil {
		t.Fatal(err)
	}
	if n := notObscured(t, tab, "the Pair page"); n < 25 {
		t.Errorf("Tab reached %d elements of the Pair page", n)
	}
	photograph(t, tab, dir, "console-pair-focus-375")
	// Round 2 published, its first results in: the Results page.
	if _, err := director.Pair(ctx, site.db, "open", director.PairRequest{Seed: 7, SeedGiven: true}); err != nil {
		t.Fatal(err)
	}
	for table := 1; table <= 4; table++ {
		req, _ := director.ResultFields{Round: 2, Table: table, Score: fmt.Sprintf("%d-%d", 30+table, 34-table)}.Request()
		if _, err := director.EnterResult(ctx, site.db, "open", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/open/admin/results?round=2"), chromedp.WaitVisible(chromedp.CSS("#entry"))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the results form's keys", `document.getElementById("entry").dataset.ready === "1"`)
	if n := notObscured(t, tab, "the Results page"); n < 12 {
		t.Errorf("Tab reached %d elements of the Results page", n)
	}
	photograph(t, tab, dir, "console-results-focus-375")
}

// TestBrowserConsoleLogOnAPhone: the log of an event whose entries are
// long (names without a space to break at, a judge's long label, a
// reason typed at length) fits a 375 px phone: the page does not scroll
// sideways (WCAG 2.2, 1.4.10 Reflow), and each entry's time and summary
// are read whole. Photographed as console-log-long-375 and -1280.
func TestBrowserConsoleLogOnAPhone(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	for _, name := range []string{"Wolfeschlegelsteinhausenbergerdorff, Hubert", "Kittiwattanasakulchai, Pongsakorn", "Ann Lee", "Bo Chen"} {
		if _, err := director.AddPlayer(ctx, site.db, "open", outflank.Player{Name: name, Country: "GBR"}, "", false); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := director.Pair(ctx, site.db, "open", director.PairRequest{Seed: 1, SeedGiven: true}); err != nil {
		t.Fatal(err)
	}
	judge := outflank.WithActor(context.Background(), "judge #1 Wolfeschlegelsteinhausenbergerdorff-Kittiwattanasakulchai (every table)")
	for table, score := range []string{"40-24", "29-35"} {
		req, _ := director.ResultFields{Round: 1, Table: table + 1, Score: score}.Request()
		if _, err := director.EnterResult(judge, site.db, "open", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "chief", "/t/open/admin")
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+"/t/open/admin/log"), chromedp.WaitVisible(chromedp.CSS("table.log"))); err != nil {
			t.Fatal(err)
		}
		photograph(t, tab, dir, fmt.Sprintf("console-log-long-%d", width)) // checks the width
		// Each entry's time is on one line (it is not cut into pieces a
		// character wide), and every cell is inside the screen.
		got := run(t, tab, chromedp.Evaluate[[]string](`(function () {
			var bad = [], w = document.documentElement.clientWidth;
			document.querySelectorAll("table.log td").forEach(function (td) {
				var r = td.getBoundingClientRect();
				if (r.width && (r.right > w + 1 || r.left < -1)) { bad.push("cell " + td.textContent.trim().slice(0, 40) + " at " + Math.round(r.left) + "-" + Math.round(r.right) + " of " + w); }
				if (td.classList.contains("when")) {
					var range = document.createRange(); range.selectNodeContents(td);
					var lines = new Set(Array.from(range.getClientRects()).map(function (q) { return Math.round(q.top); }));
					if (lines.size !== 1) { bad.push("the time " + td.textContent + " on " + lines.size + " lines"); }
				}
			});
			return bad;
		})()`))
		for _, b := range got {
			t.Errorf("the log at %d px: %s", width, b)
		}
	}
}
