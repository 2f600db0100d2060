package rules

import "testing"

func TestBrightwellC(t *testing.T) {
	for _, tc := range []struct {
		id     ID
		rounds int
		want   float64
	}{
		{WOC, 13, 6}, {EGP, 11, 6}, // WOC and EGP Appendix A §2
		{AOF, 5, 12}, {AOF, 6, 10}, // AOF Appendix B §2, its own examples
		{AOF, 7, 9},          // Integer(64/7 = 9.14)
		{BOFRegional, 7, 9},  // nearest to 9.14
		{BOFRegional, 5, 13}, // nearest to 12.8: rounding, not truncation
		{BOFNational, 9, 7},  // nearest to 7.11
		{BOFNational, 0, 0},  // no rounds yet
	} {
		rs, ok := Get(tc.id)
		if !ok {
			t.Fatalf("no ruleset %s", tc.id)
		}
		if got := rs.BrightwellC(tc.rounds); got != tc.want {
			t.Errorf("%s, %d rounds: C = %v, want %v", tc.id, tc.rounds, got, tc.want)
		}
	}
}

func TestRulesets(t *testing.T) {
	byes := map[ID][2]int{WOC: {32, 32}, EGP: {32, 32}, AOF: {40, 24}, BOFRegional: {44, 20}, BOFNational: {44, 20}, Custom: {32, 32}}
	for _, id := range IDs() {
		rs, _ := Get(id)
		if rs.ByeDiscs != byes[id] || rs.ByeDiscs[0]+rs.ByeDiscs[1] != 64 || rs.UnplayedDiscs[0]+rs.UnplayedDiscs[1] != 64 {
			t.Errorf("%s: bye %v, unplayed %v", id, rs.ByeDiscs, rs.UnplayedDiscs)
		}
		if (id == BOFRegional || id == BOFNational) != (rs.TimeDefault == TimeDefaultBOF) {
			t.Errorf("%s: time default %s", id, rs.TimeDefault)
		}
	}
	if _, ok := Get("fide"); ok {
		t.Error("unknown ruleset found")
	}
}
