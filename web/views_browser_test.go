package web_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
	"outflank/sqlite"
	"outflank/web"
)

// oadby is the 2010 Oadby Regional (../shared/data/elo/
// 20100313_Oadby_Regional.ELO) as it was played: 8 players in a round
// robin, ARNOLD's bye and BUTLER's absence in round 1 (a late arrival).
func oadby(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("oadby", "Oadby Regional", "2010-03-13", rules.BOFRegional, 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"BARRASS, Iain", "PRIDMORE, Ben", "ARNOLD, Roy", "BURGESS, Andrew", "ROWE, Stephen", "STARKEY, Helen", "BUTLER, Robert", "CALLADINE, Robert"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: name, Country: "GBR"}); err != nil {
			t.Fatal(err)
		}
	}
	type game struct{ black, white, bd, wd int }
	rounds := [][]game{
		{{1, 2, 32, 32}, {4, 5, 44, 20}, {6, 8, 48, 16}},
		{{7, 5, 21, 43}, {1, 8, 62, 2}, {2, 3, 41, 23}, {4, 6, 58, 6}},
		{{1, 4, 47, 17}, {7, 2, 4, 60}, {3, 8, 64, 0}, {5, 6, 46, 18}},
		{{5, 1, 26, 38}, {8, 2, 3, 61}, {4, 7, 58, 6}, {3, 6, 56, 8}},
		{{1, 6, 56, 8}, {2, 5, 42, 22}, {3, 4, 36, 28}, {7, 8, 34, 30}},
		{{4, 2, 43, 21}, {8, 5, 7, 57}, {6, 7, 63, 1}, {3, 1, 26, 38}},
		{{7, 1, 12, 52}, {2, 6, 51, 13}, {8, 4, 17, 47}, {5, 3, 11, 53}},
	}
	for i, games := range rounds {
		var pairs []outflank.Pair
		for _, g := range games {
			pairs = append(pairs, outflank.Pair{Black: g.black, White: g.white})
		}
		var byes []int
		if i == 0 {
			byes = []int{3}
		}
		if _, err := tour.AddRound(outflank.StageRoundRobin, pairs, byes); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if err := tour.MarkAbsent(7, []int{1}); err != nil {
				t.Fatal(err)
			}
		}
		for table, g := range games {
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: g.bd, White: g.wd}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tour.SetResult(i+1, table+1, res, outflank.ResultOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tour
}

// wocFinalOn is a simulated WOC of 24 players (13 Swiss rounds) played to
// its third day's 14:10 slot: the semi-finals and third places over, the
// final's first game in play.
func wocFinalOn(t *testing.T) *outflank.Tournament {
	t.Helper()
	rng := rand.New(rand.NewPCG(24, 14))
	tour, err := outflank.NewTournament("woc", "World Othello Championship", "2026-11-01", rules.WOC, 0)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.DrawSeed = rng.Uint64()
	field, err := simulate.Field(rng, 24)
	if err != nil {
		t.Fatal(err)
	}
	for i := range field {
		field[i].Team = field[i].Country
	}
	if err := tour.AddPlayers(field); err != nil {
		t.Fatal(err)
	}
	for guard := 0; guard < 200; guard++ {
		if _, err := tour.PairNext(outflank.PairOptions{Seed: rng.Uint64()}); err != nil {
			t.Fatal(err)
		}
		final := false
		for _, r := range tour.Rounds {
			for _, g := range r.Games {
				if r.Stage == outflank.StageFinal {
					final = true
					continue
				}
				if g.Result != nil {
					continue
				}
				res, err := simulate.PlayResult(tour, rng, r.Number, g.Table)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := tour.SetResult(r.Number, g.Table, res, outflank.ResultOptions{}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if final {
			return tour
		}
	}
	t.Fatalf("the final is never paired: %s", tour.Status().Text)
	return nil
}

// wocTeams is a WOC of six players in three teams, a double round robin
// (WOC II.2 a) won by the lower id: the teams AAA (1, 6), BBB (2, 5) and
// CCC (3, 4) end on 10 points each, separated by their best players.
func wocTeams(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("teams", "WOC teams", "2026-11-01", rules.WOC, 0)
	if err != nil {
		t.Fatal(err)
	}
	team := map[int]string{1: "AAA", 6: "AAA", 2: "BBB", 5: "BBB", 3: "CCC", 4: "CCC"}
	for id := 1; id <= 6; id++ {
		if _, err := tour.AddPlayer(outflank.Player{ID: id, Name: fmt.Sprintf("Player %02d", id), Country: team[id], Team: team[id], Gender: "m", Born: "1990-01-01"}); err != nil {
			t.Fatal(err)
		}
	}
	for len(tour.Rounds) < 10 {
		if _, err := tour.PairNext(outflank.PairOptions{Seed: uint64(len(tour.Rounds))}); err != nil {
			t.Fatal(err)
		}
		r := tour.Rounds[len(tour.Rounds)-1]
		for _, g := range r.Games {
			score := outflank.Discs{Black: 40, White: 24}
			if g.White < g.Black {
				score = outflank.Discs{Black: 24, White: 40}
			}
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tour.SetResult(r.Number, g.Table, res, outflank.ResultOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tour
}

// TestBrowserViewsOfIssue24: the pages issue 24 changed, at 375 px and
// 1280 px wide: none scrolls sideways; on a phone the crosstable says that
// more rounds follow and keeps the player column in view when its table
// is scrolled, an absence shows as an unplayed 20-44; the order of finish
// shows the open places of a final in play. Each is photographed into
// $OUTFLANK_SCREENSHOTS.
func TestBrowserViewsOfIssue24(t *testing.T) {
	chromium(t)
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "views.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for _, tour := range []*outflank.Tournament{oadby(t), wocFinalOn(t), ratedEvent(t), wocTeams(t)} {
		if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
			t.Fatal(err)
		}
	}
	url := serveSite(t, db, web.Config{})
	dir := screenshots(t)
	tab := newTab(t, newBrowserFor(t, 2*time.Minute)) // 20 pages photographed

	pages := []struct{ name, path string }{
		{"crosstable-absent", "/t/oadby/crosstable"},
		{"crosstable-13-rounds", "/t/woc/crosstable"},
		{"player-absent", "/t/oadby/players/7"},
		{"finish-final-on", "/t/woc/standings?list=finish"},
		{"finish-regional", "/t/oadby/standings?list=finish"},
		{"knockout-final-on", "/t/woc/knockout"},
		{"team-list", "/t/woc/standings?list=tfrl"},
		{"team-list-tie-breaks", "/t/teams/standings?list=tfrl"},
		{"pairings-legend", "/t/rated/pairings"},
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800)); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			if err := chromedp.Do(tab, chromedp.Navigate(url+p.path), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
				t.Fatalf("%s: %v", p.path, err)
			}
			widths := run(t, tab, chromedp.Evaluate[[2]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
			if widths[0] > widths[1] {
				t.Errorf("%s at %d px scrolls sideways: %d px wide in %d", p.path, width, widths[0], widths[1])
			}
			shoot(t, tab, dir, fmt.Sprintf("%s-%d", p.name, width))
		}
	}
	// On a phone, the 13 rounds' crosstable: the hint is shown and named
	// by the region; scrolled to its end, the players are still in view.
	if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 800), chromedp.Navigate(url+"/t/woc/crosstable"), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
		t.Fatal(err)
	}
	hint := run(t, tab, chromedp.Evaluate[[]any](`(function () {
		var h = document.getElementById("cross-hint"), r = document.querySelector(".scroll[role=region]");
		return [h.offsetHeight > 0, r.getAttribute("aria-describedby"), r.scrollWidth > r.clientWidth, h.textContent];
	})()`))
	if hint[0] != true || hint[1] != "cross-hint" || hint[2] != true {
		t.Errorf("the crosstable on a phone: hint shown %v, region described by %v, table wider than its box %v (%v)", hint[0], hint[1], hint[2], hint[3])
	}
	stays := run(t, tab, chromedp.Evaluate[[]float64](`(function () {
		var r = document.querySelector(".scroll[role=region]");
		r.scrollLeft = r.scrollWidth;
		var box = r.getBoundingClientRect(), name = document.querySelector("table.cross tbody tr td.name").getBoundingClientRect();
		return [box.left, name.left, name.right, r.scrollLeft];
	})()`))
	if stays[3] == 0 || stays[1] < stays[0] || stays[2] <= stays[0] {
		t.Errorf("scrolled %v px to the right, the player column is at %v-%v, the table's box begins at %v: it left the view", stays[3], stays[1], stays[2], stays[0])
	}
	shoot(t, tab, dir, "crosstable-13-rounds-scrolled-375")
	// At 1280 px the hint shows where the table does not fit (13 rounds),
	// not where it does (7 rounds).
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	for slug, want := range map[string]bool{"oadby": false, "woc": true} {
		if err := chromedp.Do(tab, chromedp.Navigate(url+"/t/"+slug+"/crosstable"), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
			t.Fatal(err)
		}
		waitPage(t, tab, "the hint set", `document.readyState === "complete"`)
		if shown := run(t, tab, chromedp.Evaluate[bool](`document.getElementById("cross-hint").offsetHeight > 0`)); shown != want {
			t.Errorf("%s's crosstable at 1280 px: hint shown %v, want %v", slug, shown, want)
		}
	}
	t.Logf("screenshots in %s", dir)
}
