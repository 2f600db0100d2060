package member

import (
	"fmt"
	"strings"
)

// The charges of Membership & finance 3, in pounds: the BOF rules' own,
// which a federation's rates for a year replace (Rates).
const (
	FeeStandard = 10
	FeeUnwaged  = 5
	FeeFamily   = 15
)

// Rates are the charges of a Regional or National, in pounds: the
// standard charge, the unwaged one, and the family rate.
type Rates struct {
	Standard, Unwaged, Family int
	// Set names the rates when a federation set them for the year ("the
	// rates set for 2027"); "" for the BOF rules' own.
	Set string
}

// BOFRates are the charges of Membership & finance 3: 10 pounds, 5
// unwaged, 15 for a family.
var BOFRates = Rates{Standard: FeeStandard, Unwaged: FeeUnwaged, Family: FeeFamily}

// cite is the source of a charge, for its reason.
func (r Rates) cite() string {
	if r.Set == "" {
		return "BOF Membership & finance 3"
	}
	return r.Set + "; BOF Membership & finance 3 sets 10, 5 unwaged, 15 a family"
}

// Rate is why an entrant pays what they pay.
type Rate string

const (
	// RateStandard: 10 pounds at a Regional or National.
	RateStandard Rate = "standard"
	// RateUnwaged: 5 pounds at a Regional or National.
	RateUnwaged Rate = "unwaged"
	// RateFamily: the family rate of 15 pounds, charged on the first of the
	// family's entrants; RateInFamily: covered by it.
	RateFamily   Rate = "family"
	RateInFamily Rate = "in-family"
	// RateFree: a UK citizen's first BOF-organised tournament.
	RateFree Rate = "free"
	// RateNone: the BOF rules set no charge for the tournament.
	RateNone Rate = "none"
)

// Entrant is a player of the tournament being charged.
type Entrant struct {
	ID   int
	Name string
	// Record is the person's federation record, nil when there is none.
	Record *Record
	// Played are the person's tournaments (this one may be among them).
	Played []Event
}

// Line is what one entrant owes, and why.
type Line struct {
	ID     int
	Name   string
	Pounds int
	Rate   Rate
	Reason string
}

// Bill is what a tournament's entrants owe: a line each, in the order
// given, and the totals for the organiser.
type Bill struct {
	Lines  []Line
	Total  int
	ByRate map[Rate]int // how many lines at each rate
}

// Fees returns what each entrant of ev owes by Membership & finance 2-3:
// a UK citizen's first BOF-organised tournament is free; at a Regional or
// National the charge is 10 pounds, 5 unwaged; a family group pays at most
// the family rate of 15 pounds together, charged on its first entrant,
// when its members' charges add up to more (a family entered alone is no
// group: one entrant never pays the family rate). Without a record an
// entrant pays the standard charge (their citizenship and wages unknown).
func Fees(ev Event, entrants []Entrant) Bill { return FeesAt(ev, entrants, BOFRates) }

// FeesAt is Fees with the charges of rates in place of the BOF rules' own.
func FeesAt(ev Event, entrants []Entrant, rates Rates) Bill {
	b := Bill{ByRate: map[Rate]int{}}
	for _, e := range entrants {
		b.Lines = append(b.Lines, single(ev, e, rates))
	}
	family := map[string][]int{} // group -> indexes of charged lines
	var order []string
	for i, e := range entrants {
		if e.Record == nil || e.Record.Family == "" || b.Lines[i].Pounds == 0 {
			continue
		}
		g := e.Record.Family
		if family[g] == nil {
			order = append(order, g)
		}
		family[g] = append(family[g], i)
	}
	for _, g := range order {
		idx := family[g]
		sum := 0
		names := make([]string, len(idx))
		for k, i := range idx {
			sum += b.Lines[i].Pounds
			names[k] = b.Lines[i].Name
		}
		if len(idx) < 2 || sum <= rates.Family {
			continue
		}
		first := b.Lines[idx[0]].Name
		for k, i := range idx {
			if k == 0 {
				b.Lines[i].Pounds, b.Lines[i].Rate = rates.Family, RateFamily
				b.Lines[i].Reason = fmt.Sprintf("family rate for family %s (%s), instead of %d pounds (%s)", g, strings.Join(names, ", "), sum, rates.cite())
				continue
			}
			b.Lines[i].Pounds, b.Lines[i].Rate = 0, RateInFamily
			b.Lines[i].Reason = fmt.Sprintf("covered by the family rate of family %s, charged to %s (%s)", g, first, rates.cite())
		}
	}
	for _, l := range b.Lines {
		b.Total += l.Pounds
		b.ByRate[l.Rate]++
	}
	return b
}

// single is what entrant e owes at ev alone.
func single(ev Event, e Entrant, rates Rates) Line {
	l := Line{ID: e.ID, Name: e.Name}
	if ev.Organised && e.Record != nil && e.Record.Citizenship == UK && firstOrganised(ev, e.Played) {
		l.Rate = RateFree
		l.Reason = "free: a UK citizen's first BOF-organised tournament (BOF Membership & finance 2)"
		return l
	}
	if ev.Kind != Regional && ev.Kind != National {
		l.Rate = RateNone
		l.Reason = "no charge set by the BOF rules: not a Regional or National (the committee sets it, BOF Constitution 9(d))"
		return l
	}
	what := "Regional"
	if ev.Kind == National {
		what = "National"
	}
	if e.Record != nil && e.Record.Unwaged {
		l.Pounds, l.Rate = rates.Unwaged, RateUnwaged
		l.Reason = fmt.Sprintf("unwaged, at a %s (%s)", what, rates.cite())
		return l
	}
	l.Pounds, l.Rate = rates.Standard, RateStandard
	l.Reason = fmt.Sprintf("standard charge at a %s (%s)", what, rates.cite())
	if e.Record == nil {
		l.Reason += "; no member record, so no unwaged, family or first-tournament rate"
	}
	return l
}

// firstOrganised reports whether ev is the first BOF-organised tournament
// among played. A tournament without a date is in no order: it does not
// count.
func firstOrganised(ev Event, played []Event) bool {
	for _, p := range played {
		if p.Organised && p.Date != "" && p.Slug != ev.Slug && p.before(ev) {
			return false
		}
	}
	return true
}
