package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"outflank"
)

// A list that grows with the field (the standings, the crosstable, the
// players, a round's tables) is shown a page at a time, so that every page
// of a 1,000-player event stays under about 3,000 elements (issue 25: the
// crosstable was 59,046 elements and 1.95 MB, ten seconds of a phone's
// main thread). ?page=N shows the Nth page, ?page=all the whole list, on
// explicit request only; an event small enough for one page (a 40-player
// event) has no pages and no navigation.

// listPageSize is the rows of a page of the standings, the players and the
// pairings: about 8 to 18 elements a row, 100 rows well under the budget.
const listPageSize = 100

// elementBudget is what a page's rows may hold, the rest of the page (its
// header, navigation, forms and legend) taking about 200 more.
const elementBudget = 2400

// crossPageSize is the rows of a page of the crosstable with cols columns
// of rounds: a row is about 8 elements and 3 a game (the cell, the
// opponent's link, the colour), so that a page holds elementBudget; a
// multiple of 10, from 20 to 100 (50 for a WOC's 13 rounds).
func crossPageSize(cols int) int {
	n := elementBudget / (8 + 3*cols) / 10 * 10
	return min(max(n, 20), 100)
}

// readPage reads the query parameter "page": the page's number from 1
// (1 when absent), or 0 for "all". A number is written as strconv writes
// it, so that each page has one address (and one entry in the cache).
func readPage(r *http.Request) (int, error) {
	return parsePage(r.URL.Query().Get("page"))
}

// parsePage reads a page as readPage does, from text.
func parsePage(text string) (int, error) {
	switch text {
	case "":
		return 1, nil
	case "all":
		return 0, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || strconv.Itoa(n) != text {
		return 0, outflank.Errorf(outflank.EINVALID, "page %q: give a page number (1, 2, ...) or all", text)
	}
	return n, nil
}

// paging is the page of a list shown, and the links to the others.
type paging struct {
	// Page is the page shown, from 1; 0 when the whole list is shown.
	Page, Pages, Size, Total int
	// Noun is what the list's rows are ("players", "tables"); Label names
	// the navigation ("Pages of the crosstable").
	Noun, Label string
	base        string // the list's address without ?page
	// firstNamed: the first page's address says page=1 (a list whose
	// address alone shows another page: the console's results open on
	// the page of the next table).
	firstNamed bool
}

// newPaging pages a list of total rows, size a page, at base (its address
// with its other parameters). A page beyond the last is a 404 that links
// to the first and the last.
func newPaging(page, total, size int, base, noun, label string) (paging, error) {
	p := paging{Page: page, Size: size, Total: total, Noun: noun, Label: label, base: base}
	p.Pages = max(1, (total+size-1)/size)
	if page > p.Pages {
		return p, &missing{message: fmt.Sprintf("There is no page %d: the %s are on %s.", page, noun, pagesWords(p.Pages)),
			links: []link{{p.URL(1), fmt.Sprintf("The first page of the %s", noun)}, {p.URL(p.Pages), fmt.Sprintf("The last page of the %s", noun)}}}
	}
	return p, nil
}

// pagesWords says a number of pages: "1 page", "10 pages".
func pagesWords(n int) string {
	if n == 1 {
		return "1 page"
	}
	return strconv.Itoa(n) + " pages"
}

// pageOf is the rows of the page p shows.
func pageOf[T any](rows []T, p paging) []T {
	if p.Page == 0 || p.Pages <= 1 {
		return rows
	}
	lo := min((p.Page-1)*p.Size, len(rows))
	return rows[lo:min(lo+p.Size, len(rows))]
}

// Paged: the list has more than one page, and so a navigation.
func (p paging) Paged() bool { return p.Pages > 1 }

// All: the whole list is shown (?page=all).
func (p paging) All() bool { return p.Page == 0 }

// From and To are the rows shown, from 1.
func (p paging) From() int { return min((max(p.Page, 1)-1)*p.Size+1, p.Total) }

func (p paging) To() int {
	if p.Page == 0 {
		return p.Total
	}
	return min(p.Page*p.Size, p.Total)
}

// URL is the address of page n (0: the whole list); the first page is the
// list's own address.
func (p paging) URL(n int) string {
	sep := "?"
	if strings.Contains(p.base, "?") {
		sep = "&"
	}
	switch {
	case n == 1 && !p.firstNamed:
		return p.base
	case n == 0:
		return p.base + sep + "page=all"
	}
	return p.base + sep + "page=" + strconv.Itoa(n)
}

// Prev and Next are the addresses of the pages before and after, "" at
// either end (and when the whole list is shown).
func (p paging) Prev() string {
	if p.Page <= 1 {
		return ""
	}
	return p.URL(p.Page - 1)
}

func (p paging) Next() string {
	if p.Page == 0 || p.Page >= p.Pages {
		return ""
	}
	return p.URL(p.Page + 1)
}

// NextFrom and NextTo are the rows of the next page.
func (p paging) NextFrom() int { return p.Page*p.Size + 1 }

func (p paging) NextTo() int { return min((p.Page+1)*p.Size, p.Total) }

// AllURL is the address of the whole list.
func (p paging) AllURL() string { return p.URL(0) }

// pageLink is a link of the navigation: a page, or a gap (…) between
// pages not linked.
type pageLink struct {
	N       int
	Href    string
	Current bool
	Gap     bool
}

// Links are the pages the navigation links to: the first and the last,
// and the two either side of the page shown, with a gap for the others (a
// 5,000-player event's 50 pages take a dozen links, not 50).
func (p paging) Links() []pageLink {
	var links []pageLink
	for n := 1; n <= p.Pages; n++ {
		near := p.Page > 0 && n >= p.Page-2 && n <= p.Page+2
		if n == 1 || n == p.Pages || near || (p.Page == 0 && n <= 3) {
			links = append(links, pageLink{N: n, Href: p.URL(n), Current: n == p.Page})
			continue
		}
		if len(links) > 0 && !links[len(links)-1].Gap {
			links = append(links, pageLink{Gap: true})
		}
	}
	return links
}
