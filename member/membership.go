package member

import (
	"fmt"
	"slices"
	"time"
)

// Basis is what makes a person a member.
type Basis string

const (
	// None: not a member.
	None Basis = ""
	// Enrolled: the first BOF-rated tournament enrolled the person
	// (Membership & finance 1).
	Enrolled Basis = "enrolled"
	// Active: a BOF-rated tournament played in the previous two years
	// keeps the rating active, and the membership with it.
	Active Basis = "active"
	// Rejoined: a BOF-rated tournament played after more than two years
	// without one.
	Rejoined Basis = "rejoined"
	// Subscription: a subscription paid, which inactivity does not end.
	Subscription Basis = "subscription"
)

// Status is a person's membership as of a date, with the reason.
type Status struct {
	Member bool
	Basis  Basis
	// Reason says why, in words, citing the rule.
	Reason string
	// Event is the tournament the reason names, if any.
	Event *Event
	// Until is the last day the membership lasts without a new tournament
	// or subscription ("" when not a member).
	Until string
}

// activeYears is how long a tournament keeps a rating active (Membership &
// finance 1: "having played in a tournament in the previous two years").
const activeYears = 2

// Membership returns rec's membership as of date asOf (YYYY-MM-DD), given
// the tournaments the person took part in. Only BOF-rated tournaments on or
// before asOf count. A tournament keeps the membership up to and including
// the same calendar day two years later. When both a tournament and a
// subscription make the person a member, the reason given is the one that
// lasts longer (the tournament when they end the same day).
func Membership(rec Record, played []Event, asOf string) Status {
	var rated []Event
	for _, e := range played {
		if e.Rated && e.Date != "" && e.Date <= asOf {
			rated = append(rated, e)
		}
	}
	slices.SortFunc(rated, func(a, b Event) int {
		if a.before(b) {
			return -1
		}
		if b.before(a) {
			return 1
		}
		return 0
	})
	var byPlay Status
	if n := len(rated); n > 0 {
		last := rated[n-1]
		until := addYears(last.Date, activeYears)
		byPlay = Status{Event: &last, Until: until}
		switch {
		case until < asOf:
			byPlay.Reason = fmt.Sprintf("lapsed: last played %s on %s, more than two years before (BOF Membership & finance 1)", last.Name, last.Date)
		case n == 1:
			byPlay.Member, byPlay.Basis = true, Enrolled
			byPlay.Reason = fmt.Sprintf("enrolled at %s on %s (BOF Membership & finance 1)", last.Name, last.Date)
		case addYears(rated[n-2].Date, activeYears) < last.Date:
			byPlay.Member, byPlay.Basis = true, Rejoined
			byPlay.Reason = fmt.Sprintf("rejoined at %s on %s, after more than two years without a rated tournament (BOF Membership & finance 1)", last.Name, last.Date)
		default:
			byPlay.Member, byPlay.Basis = true, Active
			byPlay.Reason = fmt.Sprintf("active: played %s on %s (BOF Membership & finance 1)", last.Name, last.Date)
		}
	}
	if rec.PaidUntil != "" && rec.PaidUntil >= asOf && (!byPlay.Member || rec.PaidUntil > byPlay.Until) {
		return Status{Member: true, Basis: Subscription, Until: rec.PaidUntil,
			Reason: fmt.Sprintf("subscription paid until %s (BOF Membership & finance 1; Constitution 3)", rec.PaidUntil)}
	}
	if byPlay.Member {
		return byPlay
	}
	if rec.PaidUntil != "" && rec.PaidUntil < asOf && (byPlay.Event == nil || rec.PaidUntil >= byPlay.Until) {
		return Status{Reason: fmt.Sprintf("lapsed: subscription paid until %s (BOF Constitution 3)", rec.PaidUntil)}
	}
	if byPlay.Event != nil {
		byPlay.Until = ""
		return byPlay
	}
	return Status{Reason: "not a member: no BOF-rated tournament played and no subscription (BOF Membership & finance 1)"}
}

// addYears returns date (YYYY-MM-DD) plus n years; 29 February goes to
// 28 February of a year that has none. An unreadable date is returned as
// it is.
func addYears(date string, n int) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	y := t.AddDate(n, 0, 0)
	if y.Day() != t.Day() { // 29 February into a common year
		y = y.AddDate(0, 0, -y.Day())
	}
	return y.Format(time.DateOnly)
}

// ValidDate reports whether s is a date YYYY-MM-DD.
func ValidDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}
