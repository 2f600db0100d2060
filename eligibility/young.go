package eligibility

import (
	"strconv"
	"time"
)

// YoungAge is the greatest age a young player may have on 31 December of
// the WOC year (WOC I.2.2).
const YoungAge = 14

// Young reports whether a player born on born (YYYY-MM-DD) is young at the
// WOC of year: aged 14 or less on 31 December of that year, that is born
// in year-14 or later ("born later than the 31st of December 2004 for the
// 2019 WOC", WOC I.2.2). known is false when born is not a date.
func Young(born string, year int) (young, known bool) {
	b, err := time.Parse(time.DateOnly, born)
	if err != nil {
		return false, false
	}
	return b.Year() >= year-YoungAge, true
}

// Year is the year of date (YYYY-MM-DD), 0 when date is not a date.
func Year(date string) int {
	if _, err := time.Parse(time.DateOnly, date); err != nil {
		return 0
	}
	y, _ := strconv.Atoi(date[:4])
	return y
}
