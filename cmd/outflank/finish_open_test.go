package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/viewcheck"
	"outflank/sqlite"
)

// wocFinalOn is wocTwelve played on to its third day's 14:10 slot (WOC
// Appendix B): the semi-finals won by #1 and #2, the third place won by #4
// over #3, the women's semi-finals by #5 and #6 and their third place by
// #8 over #7, the young players' title over; the final's first game, #1 v
// #2, is in play and the women's final not yet paired.
func wocFinalOn(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour := wocTwelve(t)
	score := func(r *outflank.Round, g *outflank.Game) outflank.Discs {
		if r.Stage == outflank.StageThirdPlace || r.Stage == outflank.StageWomenThirdPlace {
			if g.Black > g.White { // the higher id wins the third places
				return outflank.Discs{Black: 40, White: 24}
			}
			return outflank.Discs{Black: 24, White: 40}
		}
		return lowerIDWins(r, g)
	}
	for guard := 0; ; guard++ {
		if guard > 100 {
			t.Fatalf("the final is never paired: %s", tour.Status().Text)
		}
		if _, err := tour.PairNext(outflank.PairOptions{Seed: uint64(guard)}); err != nil {
			t.Fatal(err)
		}
		final := false
		for i := range tour.Rounds {
			r := &tour.Rounds[i]
			for j := range r.Games {
				g := &r.Games[j]
				if r.Stage == outflank.StageFinal {
					final = true
					continue
				}
				if g.Result != nil {
					continue
				}
				discs := score(r, g)
				res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &discs})
				if err != nil {
					t.Fatal(err)
				}
				g.Result = res
			}
		}
		if final {
			return tour
		}
	}
}

// TestOrderOfFinishWhileTheFinalIsOn (issue 24, point 14): while the final
// is in play and the third places are over, the finalists can only be 1st
// and 2nd (WOC III.2.2-2.3, III.3.2-3.3), so both show "1–2", and the
// third places' winners and losers 3 and 4; never the third place's winner
// 1st. The same for the women's title, whose final is not even paired.
// The command line, the API, the standings page and the knockout page say
// so, and nobody is declared champion yet.
func TestOrderOfFinishWhileTheFinalIsOn(t *testing.T) {
	tour := wocFinalOn(t)
	d := newTDB(t)
	d.importTournament(tour)

	text := d.ok("standings", "woc", "--list", "finish")
	want := []string{
		"1–2   #1 Player 01", "won the semi-final 1 2-0", "the final in play",
		"1–2   #2 Player 02", "the final in play",
		"3     #4 Player 04", "won the third place",
		"4     #3 Player 03", "lost the third place",
		"5     #5 Player 05",
		"women's order of finish",
		"1–2   #5 Player 05", "the women's final to come",
		"1–2   #6 Player 06",
		"3     #8 Player 08", "won the women's third place",
		"4     #7 Player 07",
		"young players' order of finish", "1     #9 Player 09", "won the young final",
		"not over yet",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(text[at:], w)
		if i < 0 {
			t.Fatalf("the order of finish lacks %q (in this order):\n%s", w, text)
		}
		at += i
	}
	var doc struct {
		Finish []struct {
			Place, Last, Player int
			Undecided           bool
		} `json:"finish"`
		Women []struct {
			Place, Last, Player int
			Undecided           bool
		} `json:"women_finish"`
	}
	if err := json.Unmarshal([]byte(d.ok("standings", "woc", "--list", "finish", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	for _, places := range [][]struct {
		Place, Last, Player int
		Undecided           bool
	}{doc.Finish[:4], doc.Women[:4]} {
		for i, p := range places {
			open := i < 2
			if p.Undecided != open || (open && (p.Place != 1 || p.Last != 2)) || (!open && p.Place != i+1) {
				t.Errorf("place %d of the JSON: %+v; want the finalists 1 to 2 undecided, then 3 and 4", i+1, p)
			}
		}
	}
	if status := d.ok("status", "woc", "--json"); strings.Contains(status, `"champions": [`) && strings.Contains(status, `"title": "World`) {
		t.Errorf("status names a champion while the final is in play: %s", status)
	}

	// The standings page and the knockout page.
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	db, err := openStoreWith(ctx, d.path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	site, err := viewcheck.Site(ctx, db, db)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/t/woc/standings?list=finish", "/t/woc/knockout"} {
		rec := httptest.NewRecorder()
		site.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		body, _ := io.ReadAll(rec.Body)
		page := string(body)
		for _, w := range []string{`<tr data-player="1" class="undecided"><td class="num"><span title="not decided yet: places 1 to 2 are open">1–2</span>`,
			`<tr data-player="4"><td class="num">3</td>`, `<tr data-player="6" class="undecided"><td class="num"><span title="not decided yet: places 1 to 2 are open">1–2</span>`} {
			if !strings.Contains(page, w) {
				t.Errorf("%s lacks %s", path, w)
			}
		}
	}
}
