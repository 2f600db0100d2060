package member

import (
	"strings"
	"testing"
)

func TestFees(t *testing.T) {
	reg := regional("this", "2026-05-01")
	nat := Event{Slug: "nat", Name: "National", Date: "2026-09-01", Rated: true, Organised: true, Kind: National}
	other := Event{Slug: "club", Name: "Club", Date: "2026-05-01", Kind: Other}
	earlier := []Event{regional("before", "2025-05-01")}
	uk := func(name string) *Record { return &Record{Name: name, Citizenship: UK} }
	fam := func(name, group string, unwaged bool) *Record {
		return &Record{Name: name, Family: group, Unwaged: unwaged, Citizenship: "NLD"}
	}
	type want struct {
		pounds int
		rate   Rate
		reason string
	}
	tests := []struct {
		name     string
		ev       Event
		entrants []Entrant
		want     []want
		total    int
	}{
		{"MF3 Regional 10 pounds", reg, []Entrant{{Name: "A", Record: &Record{}}}, []want{{10, RateStandard, "standard charge at a Regional"}}, 10},
		{"MF3 National 10 pounds", nat, []Entrant{{Name: "A", Record: &Record{}}}, []want{{10, RateStandard, "at a National"}}, 10},
		{"MF3 unwaged 5 pounds", reg, []Entrant{{Name: "A", Record: &Record{Unwaged: true}}}, []want{{5, RateUnwaged, "unwaged"}}, 5},
		{"MF3 no record: standard, said why", reg, []Entrant{{Name: "A"}}, []want{{10, RateStandard, "no member record"}}, 10},
		{"MF3 other tournaments: no charge set by the rules", other, []Entrant{{Name: "A", Record: &Record{}}}, []want{{0, RateNone, "Constitution 9(d)"}}, 0},
		{"MF2 a UK citizen's first BOF-organised tournament is free", reg, []Entrant{{Name: "A", Record: uk("A")}}, []want{{0, RateFree, "first BOF-organised"}}, 0},
		{"MF2 the first tournament being this one is still the first", reg, []Entrant{{Name: "A", Record: uk("A"), Played: []Event{reg}}}, []want{{0, RateFree, "free"}}, 0},
		{"MF2 a UK citizen's second tournament is charged", reg, []Entrant{{Name: "A", Record: uk("A"), Played: earlier}}, []want{{10, RateStandard, "standard"}}, 10},
		{"MF2 a later tournament does not make this one the second", reg, []Entrant{{Name: "A", Record: uk("A"), Played: []Event{regional("later", "2026-06-01")}}}, []want{{0, RateFree, "free"}}, 0},
		{"MF2 the same day: ordered by slug", reg, []Entrant{{Name: "A", Record: uk("A"), Played: []Event{regional("another", "2026-05-01")}}}, []want{{10, RateStandard, "standard"}}, 10},
		{"MF2 an unorganised tournament before does not count", reg, []Entrant{{Name: "A", Record: uk("A"), Played: []Event{{Slug: "x", Date: "2025-01-01", Kind: Other}}}}, []want{{0, RateFree, "free"}}, 0},
		{"MF2 an undated tournament does not count as before", reg, []Entrant{{Name: "A", Record: uk("A"), Played: []Event{regional("undated", "")}}}, []want{{0, RateFree, "free"}}, 0},
		{"MF2 a non-UK citizen's first is charged", reg, []Entrant{{Name: "A", Record: &Record{Citizenship: "NLD"}}}, []want{{10, RateStandard, "standard"}}, 10},
		{"MF2 not free at a tournament the BOF does not organise", other, []Entrant{{Name: "A", Record: uk("A")}}, []want{{0, RateNone, "no charge"}}, 0},
		{"MF3 family of 2: 15 instead of 20", reg, []Entrant{{Name: "A", Record: fam("A", "smith", false)}, {Name: "B", Record: fam("B", "smith", false)}},
			[]want{{15, RateFamily, "family rate for family smith (A, B), instead of 20"}, {0, RateInFamily, "charged to A"}}, 15},
		{"MF3 family of 3: 15 instead of 30", reg, []Entrant{{Name: "A", Record: fam("A", "s", false)}, {Name: "B", Record: fam("B", "s", false)}, {Name: "C", Record: fam("C", "s", false)}},
			[]want{{15, RateFamily, "instead of 30"}, {0, RateInFamily, ""}, {0, RateInFamily, ""}}, 15},
		{"MF3 family of 2 with an unwaged member: 10+5 is not more than 15", reg, []Entrant{{Name: "A", Record: fam("A", "s", false)}, {Name: "B", Record: fam("B", "s", true)}},
			[]want{{10, RateStandard, ""}, {5, RateUnwaged, ""}}, 15},
		{"MF3 family of 2 unwaged: 10, less than the family rate", reg, []Entrant{{Name: "A", Record: fam("A", "s", true)}, {Name: "B", Record: fam("B", "s", true)}},
			[]want{{5, RateUnwaged, ""}, {5, RateUnwaged, ""}}, 10},
		{"MF3 family of 3 with an unwaged member: 25, family rate", reg, []Entrant{{Name: "A", Record: fam("A", "s", false)}, {Name: "B", Record: fam("B", "s", true)}, {Name: "C", Record: fam("C", "s", false)}},
			[]want{{15, RateFamily, "instead of 25"}, {0, RateInFamily, ""}, {0, RateInFamily, ""}}, 15},
		{"MF3 a family member alone pays his own rate", reg, []Entrant{{Name: "A", Record: fam("A", "s", false)}, {Name: "X", Record: &Record{}}},
			[]want{{10, RateStandard, ""}, {10, RateStandard, ""}}, 20},
		{"MF2 MF3 a free family member is left out of the family's charges", reg, []Entrant{{Name: "A", Record: &Record{Citizenship: UK, Family: "s"}}, {Name: "B", Record: fam("B", "s", false)}, {Name: "C", Record: fam("C", "s", false)}},
			[]want{{0, RateFree, "free"}, {15, RateFamily, "(B, C), instead of 20"}, {0, RateInFamily, "charged to B"}}, 15},
		{"MF3 two families are charged apart", reg, []Entrant{{Name: "A", Record: fam("A", "s", false)}, {Name: "B", Record: fam("B", "j", false)}, {Name: "C", Record: fam("C", "s", false)}, {Name: "D", Record: fam("D", "j", false)}},
			[]want{{15, RateFamily, "family s"}, {15, RateFamily, "family j"}, {0, RateInFamily, ""}, {0, RateInFamily, ""}}, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := Fees(tt.ev, tt.entrants)
			if len(b.Lines) != len(tt.want) {
				t.Fatalf("%d lines, want %d", len(b.Lines), len(tt.want))
			}
			for i, w := range tt.want {
				l := b.Lines[i]
				if l.Pounds != w.pounds || l.Rate != w.rate || !strings.Contains(l.Reason, w.reason) || !strings.Contains(l.Reason, "BOF ") {
					t.Errorf("line %d: %+v, want %d %s ~%q", i, l, w.pounds, w.rate, w.reason)
				}
			}
			if b.Total != tt.total {
				t.Errorf("total %d, want %d", b.Total, tt.total)
			}
		})
	}
}
