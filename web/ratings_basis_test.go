package web_test

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"outflank/rating"
	"outflank/web"
)

// TestRatingPageListsTheGamesBehindIt: a player's rating page lists every
// tournament behind his rating, the newest first, with its games (the
// opponent, linked, the result, his rating and the expected score), the
// change it makes to the rating, and a game that does not count said so
// (issue 26.10).
func TestRatingPageListsTheGamesBehindIt(t *testing.T) {
	st := loadedRatings(t)
	s := newSiteWith(t, web.Config{Ratings: st}, "Ann", "Ben", "Cid", "Dee")
	body := s.check("/ratings/101", http.StatusOK, "Tournaments behind the rating", "Every rated tournament to 2026-06-01",
		`<span class="ev">Winter Test Cup</span>`, `<span class="ev">Spring Test Open</span>`,
		"2 points in 3 games", `<a href="/ratings/102">BAKER, Ben</a></td><td>won</td>`, `<a href="/ratings/114">MORI, Taro</a></td><td>lost</td>`,
		`<a href="/ratings/115">NOVAK, Petr</a></td><td>won</td><td colspan="2" class="uncounted">does not count`,
		"Weight 150", "2026/20260110_Winter_Test_Cup.ELO", "rating points</span>",
		"The list calculated on 2026-06-01 over the tournaments to 2026-06-01")
	if strings.Contains(body, "May Test Cup") {
		t.Error("101 did not play the May Test Cup")
	}
	body = s.check("/ratings/114", http.StatusOK)
	winter, may, spring := strings.Index(body, "Winter Test Cup"), strings.Index(body, "May Test Cup"), strings.Index(body, "Spring Test Open")
	if !(0 < winter && winter < may && may < spring) {
		t.Errorf("the tournaments are not newest first: %d %d %d", winter, may, spring)
	}
	// The page's figures are the engine's.
	b, ok := st.Basis(114)
	if !ok || len(b.Events) != 3 {
		t.Fatalf("basis %+v", b)
	}
	for _, e := range b.Events {
		change := strconv.Itoa(int(math.Round(e.Change)))
		if e.Change > 0 {
			change = "&#43;" + change // html/template's +
		}
		change = strings.Replace(change, "-", "−", 1)
		if !e.HasChange || !strings.Contains(body, change+`<span class="visually-hidden"> rating points`) {
			t.Errorf("%s: change %+.1f not on the page", e.Name, e.Change)
		}
	}
	// The markup in 108's name is text.
	if strings.Contains(body, "<script>alert") {
		t.Error("a name's markup is not escaped")
	}
}

// TestRatingsNamedList: the site publishes the list it is given (the
// calculation date, the last tournament date, files left out: serve
// --as-of --until --exclude), and its pages say which (issue 26.10).
func TestRatingsNamedList(t *testing.T) {
	st := web.NewRatingsState()
	files := testRatingsFiles
	files.Until = rating.Date{Year: 2025, Month: 12, Day: 31}
	files.Exclude = []string{"2024/20240316_Spring_Test_Open.ELO"}
	st.Load(files, rating.Date{Year: 2026, Month: 1, Day: 1}, nil)
	if err := st.Status().Err; err != nil {
		t.Fatal(err)
	}
	s := newSiteWith(t, web.Config{Ratings: st}, "Ann", "Ben", "Cid", "Dee")
	name := "he list calculated on 2026-01-01 over the tournaments to 2025-12-31, without 1 file of the archive (2024/20240316_Spring_Test_Open.ELO)"
	s.check("/ratings", http.StatusOK, "T"+name)
	body := s.check("/ratings/114", http.StatusOK, "T"+name, "May Test Cup", "the rating rests on it")
	if strings.Contains(body, "Winter Test Cup") || strings.Contains(body, "Spring Test Open") {
		t.Error("the page lists a tournament the list leaves out")
	}
	l, _, _ := st.List()
	if l.AsOf != (rating.Date{Year: 2026, Month: 1, Day: 1}) || l.Until != files.Until {
		t.Errorf("the list of %v to %v", l.AsOf, l.Until)
	}
	// A last tournament date after the calculation date is refused.
	bad := web.NewRatingsState()
	files.Until = rating.Date{Year: 2026, Month: 2, Day: 1}
	bad.Load(files, rating.Date{Year: 2026, Month: 1, Day: 1}, nil)
	if err := bad.Status().Err; err == nil || !strings.Contains(err.Error(), "after the list's calculation date") {
		t.Errorf("until after as-of: %v", err)
	}
	files.Until, files.Exclude = rating.Date{}, []string{"2024/nothing.ELO"}
	bad = web.NewRatingsState()
	bad.Load(files, rating.Date{Year: 2026, Month: 1, Day: 1}, nil)
	if err := bad.Status().Err; err == nil || !strings.Contains(err.Error(), "is no file of the archive") {
		t.Errorf("an unknown file: %v", err)
	}
}
