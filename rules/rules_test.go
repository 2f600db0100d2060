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

func TestTimeControls(t *testing.T) {
	for _, tc := range []struct {
		id    ID
		least int
		kinds [5]int // main, playoff, semi-final, third place, final
	}{
		{WOC, 25, [5]int{30, 30, 35, 35, 40}},
		{EGP, 25, [5]int{25, 25, 25, 30, 30}},
		{AOF, 20, [5]int{0, 0, 0, 0, 25}},
		{BOFRegional, 20, [5]int{25, 25, 25, 25, 25}},
		{BOFNational, 25, [5]int{}},
		{Custom, 10, [5]int{}},
	} {
		if got := MinMinutes(tc.id); got != tc.least {
			t.Errorf("%s: minimum %d minutes, want %d", tc.id, got, tc.least)
		}
		if MinMinutesRule(tc.id) == "" {
			t.Errorf("%s: no rule cited for the minimum", tc.id)
		}
		for k, want := range tc.kinds {
			if got := StageMinutes(tc.id, Kind(k)); got != want {
				t.Errorf("%s kind %d: %d minutes, want %d", tc.id, k, got, want)
			}
			if want != 0 && want < tc.least {
				t.Errorf("%s kind %d: the rulebook's %d minutes are below its own minimum", tc.id, k, want)
			}
		}
	}
}

// TestThirdDay: every game of the WOC third day has one slot, a match's
// games come in order, and a match starts after the matches it depends on
// have ended (the final after the semi-finals, each title's third place
// and final after its semi-finals).
func TestThirdDay(t *testing.T) {
	games := map[Title]map[Kind]int{
		TitleIndividual: {KindSemiFinal: 3, KindThirdPlace: 1, KindFinal: 3},
		TitleWomen:      {KindSemiFinal: 1, KindThirdPlace: 1, KindFinal: 1},
		TitleYoung:      {KindSemiFinal: 1, KindThirdPlace: 1, KindFinal: 1},
	}
	seen := 0
	for _, s := range ThirdDay {
		seen += len(s.Games)
	}
	want := 0
	for title, kinds := range games {
		lastSemi := -1
		for n := 1; n <= kinds[KindSemiFinal]; n++ {
			slot, ok := ThirdDaySlot(title, KindSemiFinal, n)
			if !ok || slot <= lastSemi {
				t.Fatalf("%q semi-final game %d: slot %d (%v) after %d", title, n, slot, ok, lastSemi)
			}
			lastSemi = slot
		}
		for _, kind := range []Kind{KindThirdPlace, KindFinal} {
			prev := lastSemi
			for n := 1; n <= kinds[kind]; n++ {
				slot, ok := ThirdDaySlot(title, kind, n)
				if !ok || slot <= prev {
					t.Errorf("%q kind %d game %d: slot %d (%v), must follow slot %d", title, kind, n, slot, ok, prev)
				}
				prev = slot
			}
		}
		for _, n := range kinds {
			want += n
		}
	}
	if seen != want {
		t.Errorf("the schedule holds %d games, want %d", seen, want)
	}
	if _, ok := ThirdDaySlot(TitleWomen, KindFinal, 2); ok {
		t.Error("a one-game final has no second game")
	}
	// Appendix B's fixed points.
	for _, tc := range []struct {
		title Title
		kind  Kind
		game  int
		time  string
	}{
		{TitleIndividual, KindSemiFinal, 1, "9:30-10:40"},
		{TitleWomen, KindSemiFinal, 1, "10:50-12:00"},
		{TitleYoung, KindFinal, 1, "12:10-13:20"},
		{TitleIndividual, KindThirdPlace, 1, "14:10-15:30"},
		{TitleWomen, KindFinal, 1, "15:40-17:00"},
		{TitleIndividual, KindFinal, 3, "17:10-18:30"},
	} {
		if slot, _ := ThirdDaySlot(tc.title, tc.kind, tc.game); ThirdDay[slot].Time != tc.time {
			t.Errorf("%q kind %d game %d at %s, want %s", tc.title, tc.kind, tc.game, ThirdDay[slot].Time, tc.time)
		}
	}
}

// TestListsByRuleset: WOC II.3.2's playoffs are a WOC's alone; players are
// declared equal after the top four at a WOC (II.3.3 c) and an EGP (II.3),
// never where the ruleset breaks every tie (AOF Appendix B §4; BOF
// Regionals 5, National 10); every plan cites its list's rule.
func TestListsByRuleset(t *testing.T) {
	for _, id := range IDs() {
		for _, n := range []int{4, 8, 10, 13, 30} {
			p := PlanFor(id, n)
			if p.Playoffs != (id == WOC) {
				t.Errorf("%s, %d players: playoffs %v", id, n, p.Playoffs)
			}
			if p.DeclareEqual != (id == WOC || id == EGP) {
				t.Errorf("%s, %d players: declared ties %v", id, n, p.DeclareEqual)
			}
			if p.ListRule == "" {
				t.Errorf("%s, %d players: no rule cited for the list", id, n)
			}
		}
	}
}
