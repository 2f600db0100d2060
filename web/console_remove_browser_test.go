package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank"
	"outflank/circuit"
)

// TestBrowserRemoveRestore (issue 26, point 6): at 375 and 1280 px the
// settings page ends with “Remove this tournament”, whose field is named
// by its label; the director types the address and removes it, the
// console's home lists it under “Removed tournaments”, and “Restore”
// brings it back; a circuit's page ends with “Delete this circuit”. No
// page scrolls sideways.
func TestBrowserRemoveRestore(t *testing.T) {
	browser := newBrowserFor(t, 2*time.Minute)
	site := newConsoleSite(t)
	site.pairedRound(t, 4)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	if err := site.db.CreateCircuit(ctx, &outflank.Circuit{Slug: "egp-2026", Name: "European Grand Prix 2026", Rules: circuit.EGP, Year: 2026}); err != nil {
		t.Fatal(err)
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "chief", "/t/open/admin")
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900), chromedp.Navigate(site.url+"/t/open/admin/settings")); err != nil {
			t.Fatal(err)
		}
		waitPage(t, tab, "the settings page", `!!document.querySelector("input[name=confirm_slug]")`)
		photograph(t, tab, dir, fmt.Sprintf("console-settings-remove-%d", width))
		if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/admin/circuits/egp-2026")); err != nil {
			t.Fatal(err)
		}
		waitPage(t, tab, "the circuit page", `!!document.querySelector("#delete-heading")`)
		photograph(t, tab, dir, fmt.Sprintf("console-circuit-delete-%d", width))
	}
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/open/admin/settings"), chromedp.Click(chromedp.CSS("input[name=confirm_slug]"))); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, tab, "open"+kb.Enter)
	waitPage(t, tab, "the home after the removal", `!!document.querySelector("#removed-heading")`)
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		photograph(t, tab, dir, fmt.Sprintf("console-home-removed-%d", width))
	}
	if got := run(t, tab, textOf(".removed")); !strings.Contains(got, "open") || !strings.Contains(got, "removed") {
		t.Errorf("removed tournaments: %q", got)
	}
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(`.removed button`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the restored tournament's console", `location.pathname === "/t/open/admin" && document.body.innerText.includes("Restored")`)
	if _, err := site.db.Tournament(ctx, "open"); err != nil {
		t.Errorf("after the restore: %v", err)
	}
}
