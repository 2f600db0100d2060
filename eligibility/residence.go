package eligibility

import (
	"fmt"
	"time"
)

// WOCMonths is how many of the 12 months before the WOC a player must
// have lived in a nation they are not a citizen of to represent it (WOC
// I.2.3).
const WOCMonths = 6

// NationalDays is how many days before the National a player must have
// lived in the UK (BOF National 12), and before the World final to
// represent the UK there (BOF World championship 1).
const NationalDays = 183

// SixMonthsBefore is the latest date from which a player must have lived
// in a nation to represent it at a WOC starting on date: 6 calendar months
// earlier (2019-11-14 gives 2019-05-14; a month without that day gives the
// next day, as time.AddDate normalises). It is "" when date is not a date.
func SixMonthsBefore(date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return ""
	}
	return d.AddDate(0, -WOCMonths, 0).Format(time.DateOnly)
}

// Represents says whether a player may represent nation at the WOC
// starting on date (WOC I.2.3): a citizen of it, or resident in it since
// residentSince, at least 6 months before date. We read "resident for at
// least 6 of the 12 months prior" as living there without a break since a
// date 6 months or more before the WOC: the only residence Outflank records
// is a start date. The reason says why, citing the rule.
func Represents(nation, citizenship, residentSince, date string) (Verdict, string) {
	switch {
	case nation == "":
		return Unknown, "WOC I.2.3: the player has no country or team to represent"
	case citizenship == nation:
		return Eligible, fmt.Sprintf("WOC I.2.3 a: a citizen of %s", nation)
	}
	limit := SixMonthsBefore(date)
	if residentSince != "" && limit != "" {
		if residentSince <= limit {
			return Eligible, fmt.Sprintf("WOC I.2.3 b: resident in %s since %s, 6 months or more before the WOC (%s)", nation, residentSince, date)
		}
		return Ineligible, fmt.Sprintf("WOC I.2.3: not a citizen of %s%s, and resident there only since %s: representing it needs residence since %s (6 of the 12 months before the WOC, %s)",
			nation, citizenOf(citizenship), residentSince, limit, date)
	}
	if citizenship != "" && residentSince == "" {
		return Ineligible, fmt.Sprintf("WOC I.2.3: a citizen of %s, not of %s, and no residence in %s recorded: representing it needs citizenship or residence for 6 of the 12 months before the WOC", citizenship, nation, nation)
	}
	if limit == "" && residentSince != "" {
		return Unknown, "WOC I.2.3: the tournament has no date, so 6 months of residence cannot be counted"
	}
	return Unknown, fmt.Sprintf("WOC I.2.3: neither citizenship nor residence in %s is recorded", nation)
}

func citizenOf(c string) string {
	if c == "" {
		return ""
	}
	return " (a citizen of " + c + ")"
}

// ResidentDays says whether a player resident in the UK since
// residentSince had lived there for days days before date: residentSince
// plus days is on or before date (BOF National 12: 183 days prior to the
// date of the National).
func ResidentDays(residentSince, date string, days int) Verdict {
	since, err1 := time.Parse(time.DateOnly, residentSince)
	d, err2 := time.Parse(time.DateOnly, date)
	if err1 != nil || err2 != nil {
		return Unknown
	}
	if !since.AddDate(0, 0, days).After(d) {
		return Eligible
	}
	return Ineligible
}

// ResidentFrom is the latest date from which a player must have lived in
// the UK to have done so for days days by date: date minus days.
func ResidentFrom(date string, days int) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return ""
	}
	return d.AddDate(0, 0, -days).Format(time.DateOnly)
}
