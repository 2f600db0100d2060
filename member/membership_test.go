package member

import (
	"strings"
	"testing"
)

func regional(slug, date string) Event {
	return Event{Slug: slug, Name: slug, Date: date, Rated: true, Organised: true, Kind: Regional}
}

func TestMembership(t *testing.T) {
	unrated := Event{Slug: "online", Name: "online", Date: "2025-06-01", Kind: Other}
	tests := []struct {
		name   string
		rec    Record
		played []Event
		asOf   string
		member bool
		basis  Basis
		reason string
		until  string
	}{
		{"MF1 no tournament, no subscription: not a member", Record{}, nil, "2026-01-01", false, None, "not a member", ""},
		{"MF1 an unrated tournament does not enrol", Record{}, []Event{unrated}, "2026-01-01", false, None, "not a member", ""},
		{"MF1 the first BOF-rated tournament enrols, on its day", Record{}, []Event{regional("a", "2026-01-01")}, "2026-01-01", true, Enrolled, "enrolled at a on 2026-01-01", "2028-01-01"},
		{"MF1 a tournament after the date does not count yet", Record{}, []Event{regional("a", "2026-01-02")}, "2026-01-01", false, None, "not a member", ""},
		{"MF1 active: the second tournament within two years", Record{}, []Event{regional("a", "2024-01-01"), regional("b", "2025-06-01")}, "2026-01-01", true, Active, "active: played b on 2025-06-01", "2027-06-01"},
		{"MF1 exactly two years after the last tournament: still a member", Record{}, []Event{regional("a", "2024-03-01")}, "2026-03-01", true, Enrolled, "enrolled at a", "2026-03-01"},
		{"MF1 two years and a day: lapsed", Record{}, []Event{regional("a", "2024-03-01")}, "2026-03-02", false, None, "lapsed: last played a on 2024-03-01", ""},
		{"MF1 29 February: two years later ends on 28 February", Record{}, []Event{regional("a", "2024-02-29")}, "2026-02-28", true, Enrolled, "enrolled", "2026-02-28"},
		{"MF1 an inactive player rejoins by playing", Record{}, []Event{regional("a", "2020-01-01"), regional("b", "2025-01-01")}, "2025-02-01", true, Rejoined, "rejoined at b on 2025-01-01", "2027-01-01"},
		{"MF1 a gap of exactly two years is no lapse", Record{}, []Event{regional("a", "2023-01-01"), regional("b", "2025-01-01")}, "2025-02-01", true, Active, "active: played b", "2027-01-01"},
		{"MF1 subscription does not lapse with inactivity", Record{PaidUntil: "2026-12-31"}, []Event{regional("a", "2020-01-01")}, "2026-06-01", true, Subscription, "subscription paid until 2026-12-31", "2026-12-31"},
		{"MF1 subscription alone, without a tournament", Record{PaidUntil: "2026-12-31"}, nil, "2026-12-31", true, Subscription, "subscription paid until 2026-12-31", "2026-12-31"},
		{"MF1 subscription ended, no tournament: lapsed", Record{PaidUntil: "2025-12-31"}, nil, "2026-01-01", false, None, "lapsed: subscription paid until 2025-12-31", ""},
		{"MF1 active play lasting longer than the subscription is the reason", Record{PaidUntil: "2026-06-30"}, []Event{regional("a", "2026-01-10")}, "2026-02-01", true, Enrolled, "enrolled at a", "2028-01-10"},
		{"MF1 subscription lasting longer than play is the reason", Record{PaidUntil: "2029-01-01"}, []Event{regional("a", "2026-01-10")}, "2026-02-01", true, Subscription, "subscription paid until 2029-01-01", "2029-01-01"},
		{"MF1 lapsed after both: the later end is told", Record{PaidUntil: "2020-01-01"}, []Event{regional("a", "2022-01-01")}, "2026-01-01", false, None, "lapsed: last played a", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Membership(tt.rec, tt.played, tt.asOf)
			if s.Member != tt.member || s.Basis != tt.basis || !strings.Contains(s.Reason, tt.reason) || s.Until != tt.until {
				t.Errorf("got %+v, want member %v basis %q reason ~%q until %q", s, tt.member, tt.basis, tt.reason, tt.until)
			}
			if !strings.Contains(s.Reason, "BOF ") {
				t.Errorf("reason %q cites no rule", s.Reason)
			}
		})
	}
}
