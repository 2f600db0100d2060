package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"outflank"
)

// resultsTables reads the tables console.js knows of from a results page
// (or its part): every table of the round, whatever page the list shows.
func resultsTables(t *testing.T, page string) []struct {
	T int    `json:"t"`
	S string `json:"s"`
	N string `json:"n"`
	M bool   `json:"m"`
} {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="results-tables">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no #results-tables in %.300s", page)
	}
	var tables []struct {
		T int    `json:"t"`
		S string `json:"s"`
		N string `json:"n"`
		M bool   `json:"m"`
	}
	if err := json.Unmarshal([]byte(m[1]), &tables); err != nil {
		t.Fatalf("#results-tables: %v: %.300s", err, m[1])
	}
	return tables
}

// rowsShown are the tables of the list's rows, in order.
func rowsShown(page string) []string {
	var tables []string
	for _, m := range regexp.MustCompile(`<tr data-table="(\d+)"`).FindAllStringSubmatch(page, -1) {
		tables = append(tables, m[1])
	}
	return tables
}

// TestConsoleResultsPaging: the results page of a 1,000-player event's
// round (500 tables) lists a hundred tables a page, opening on the page
// of the next table without a result, with the lists' navigation and the
// whole round on request; console.js gets every table of the round
// (result, names, missing) whatever the page; a result entered for a
// table of another page is saved, and the parts answered are those of the
// page shown (issue 25's Lighthouse figure: 2,836 elements, mobile
// performance 87).
func TestConsoleResultsPaging(t *testing.T) {
	s, admin := bigConsole(t)
	// Tables 1 to 250 of the last round have their results.
	if _, err := s.db.Update(context.Background(), "big", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		for table := 1; table <= 250; table++ {
			if _, err := tour.SetResult(13, table, &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: 40, WhiteDiscs: 24}, outflank.ResultOptions{}); err != nil {
				return "", err
			}
		}
		return "results", nil
	}); err != nil {
		t.Fatal(err)
	}
	page := admin.get("/t/big/admin/results")
	if page.status != http.StatusOK {
		t.Fatalf("the results page: %d", page.status)
	}
	rows := rowsShown(page.body)
	if len(rows) != 100 || rows[0] != "201" || rows[99] != "300" {
		t.Errorf("the page opens on %d rows, %v ... : want tables 201 to 300, the page of table 251", len(rows), rows[:min(3, len(rows))])
	}
	if n := elementsOf(page.body); n > 1000 {
		t.Errorf("the results page has %d elements: want under 1,000 (a hundred rows)", n)
	}
	mustContain(t, "the results page", page, `id="entry-table" name="table" value="251"`, `<tr data-table="251" data-score="" data-names="`, `class="missing next"`,
		`<nav class="pages list" aria-label="Pages of the round&#39;s tables">`, "Tables 201–300 of 500",
		`<a href="/t/big/admin/results?round=13&amp;page=1"><span class="visually-hidden">Page </span>1</a>`,
		`<a href="/t/big/admin/results?round=13&amp;page=3" aria-current="page">`, `<a class="all" href="/t/big/admin/results?round=13&amp;page=all">All 500</a>`,
		`<input type="hidden" name="page" value="3">`, `data-refresh="/t/big/admin/results?round=13&page=3"`, "250 of 500 results to enter")
	tables := resultsTables(t, page.body)
	if len(tables) != 500 || tables[0].T != 1 || tables[0].S != "40-24" || tables[0].M || tables[499].T != 500 || tables[499].S != "" || !tables[499].M ||
		!strings.Contains(tables[499].N, " v ") {
		t.Fatalf("console.js knows of %d tables: %+v ... %+v", len(tables), tables[0], tables[len(tables)-1])
	}

	// Page 1 (named, since the address alone opens on the next table's),
	// the whole round, and a page past the last (the last).
	for _, c := range []struct {
		query       string
		first, last string
		n           int
	}{{"&page=1", "1", "100", 100}, {"&page=all", "1", "500", 500}, {"&page=9", "401", "500", 100}} {
		got := admin.get("/t/big/admin/results?round=13" + c.query)
		rows := rowsShown(got.body)
		if got.status != http.StatusOK || len(rows) != c.n || rows[0] != c.first || rows[len(rows)-1] != c.last {
			t.Errorf("%s: %d, %d rows", c.query, got.status, len(rows))
		}
	}
	if got := admin.get("/t/big/admin/results?round=13&page=two"); got.status != http.StatusBadRequest || !strings.Contains(got.body, "give a page number (1, 2, ...) or all") {
		t.Errorf("?page=two: %d", got.status)
	}

	// A result for table 480, typed on page 3: saved; the rows answered are
	// page 3's, the tables every table's, with 480's result.
	var a resultsAnswer
	res := admin.postJSON("/t/big/admin/results", url.Values{"round": {"13"}, "table": {"480"}, "score": {"33-31"}, "expect": {"none"}, "page": {"3"}}, &a)
	if res.status != http.StatusCreated || !a.OK || a.Next != 481 {
		t.Fatalf("a result for table 480 from page 3: %d %+v", res.status, a)
	}
	if rows := rowsShown(a.Parts["results-rows"]); len(rows) != 100 || rows[0] != "201" {
		t.Errorf("the rows answered are %d from %v, want page 3's", len(rows), rows[:min(1, len(rows))])
	}
	tables = resultsTables(t, a.Parts["results-tables"])
	if d := tables[479]; d.T != 480 || d.S != "33-31" || d.M {
		t.Errorf("table 480 after its result: %+v", d)
	}
	// Its correction from page 1, expecting the score the tables gave.
	res = admin.postJSON("/t/big/admin/results", url.Values{"round": {"13"}, "table": {"480"}, "score": {"31-33"}, "expect": {tables[479].S}, "page": {"1"}}, &a)
	if res.status != http.StatusCreated || !strings.Contains(a.Message, fmt.Sprintf("round 13 table %d", 480)) {
		t.Fatalf("the correction of table 480 from page 1: %d %+v", res.status, a)
	}
	if rows := rowsShown(a.Parts["results-rows"]); len(rows) != 100 || rows[0] != "1" {
		t.Errorf("the rows answered to page 1 are %d from %v", len(rows), rows[:min(1, len(rows))])
	}
}
