package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"outflank/exchange"
	"outflank/wof"
)

// ratingsPerPage is the players on a page of the rating list.
const ratingsPerPage = 100

// ratingsQuery is what a visitor looks for in the rating list: ?q= (words
// of a name, a country code or a WOF id), ?country= and ?page=.
type ratingsQuery struct {
	text, country string
	words         []string // text folded, by word
	id            int      // text as a WOF id, 0 when it is not one
	page          int
}

// ratingsQueryOf reads the query of r; the error is for a page that is
// not a number.
func ratingsQueryOf(r *http.Request) (ratingsQuery, error) {
	v := r.URL.Query()
	q := ratingsQuery{text: strings.TrimSpace(v.Get("q")), country: strings.ToUpper(strings.TrimSpace(v.Get("country"))), page: 1}
	q.words = wof.FoldWords(q.text)
	if n, err := strconv.Atoi(q.text); err == nil && n > 0 && !strings.ContainsAny(q.text, "+-") {
		q.id = n
	}
	if text := v.Get("page"); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 {
			return q, fmt.Errorf("page %q: give a page number, from 1", text)
		}
		q.page = n
	}
	return q, nil
}

// filter returns the players the query finds, in list order: with
// ?country= only that country's; with ?q= those whose WOF id it is, whose
// country code it is, or whose name has each of its words as the start of
// one of its words, ignoring case and accents ("lea dub" finds "DUBOIS,
// Léa").
func (q ratingsQuery) filter(players []exchange.RatingPlayer) []exchange.RatingPlayer {
	if q.country == "" && len(q.words) == 0 {
		return players
	}
	found := []exchange.RatingPlayer{}
	for _, p := range players {
		if q.country != "" && !strings.EqualFold(p.Country, q.country) {
			continue
		}
		if len(q.words) > 0 && p.WOFID != q.id && !strings.EqualFold(p.Country, q.text) && !wof.StartWords(q.words, wof.FoldWords(p.Name)) {
			continue
		}
		found = append(found, p)
	}
	return found
}

// pageURL is the address of another page of the same search.
func (q ratingsQuery) pageURL(page int) string {
	v := url.Values{}
	if q.text != "" {
		v.Set("q", q.text)
	}
	if q.country != "" {
		v.Set("country", q.country)
	}
	v.Set("page", strconv.Itoa(page))
	return "/ratings?" + v.Encode()
}

// countriesOf returns the countries of the players, sorted, once each.
func countriesOf(players []exchange.RatingPlayer) []string {
	var list []string
	for _, p := range players {
		if p.Country != "" {
			list = append(list, p.Country)
		}
	}
	slices.Sort(list)
	return slices.Compact(list)
}
