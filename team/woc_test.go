package team

import (
	"strings"
	"testing"
)

// TestSelectWOCFourthManPassedOver: WOC I.2.2 allows no more than three
// players of the same gender, so the fourth place goes past a fourth man
// to the next woman of the order, and the man is listed with the rule.
func TestSelectWOCFourthManPassedOver(t *testing.T) {
	sel := Select(Input{Size: 4, National: women(nat(8, 7, 6, 5, 4), "E"), ChampionDecided: true})
	if got := summary(sel.Offers); got != "A(2) B(2) C(2) E(2)" {
		t.Errorf("offers %s, want A B C E: D would be the fourth man", got)
	}
	if len(sel.Skipped) != 1 || sel.Skipped[0].Name != "D" || !strings.Contains(sel.Skipped[0].Reason, "WOC I.2.2: would be the team's fourth man") {
		t.Errorf("skipped %+v", sel.Skipped)
	}
	if sel.WOC.Verdict != WOCHolds {
		t.Errorf("check %+v", sel.WOC)
	}
}

// TestSelectCategoryUnchecked (issue 26, point 8): with no gender or birth
// date recorded, the women's and young places are not given to a man and
// an adult: each says it cannot be checked and names who lacks the record.
func TestSelectCategoryUnchecked(t *testing.T) {
	var national []Placed
	for i, n := range []string{"A", "B", "C", "D"} {
		national = append(national, Placed{Candidate: cand(n), Place: i + 1, Points: float64(8 - i), ByPlayoff: i < 2})
	}
	sel := Select(Input{Size: 2, National: national, ChampionDecided: true, Categories: []Category{Women, Young}})
	for _, c := range sel.Categories {
		if c.Player != nil {
			t.Errorf("%s place given to %s on a guess", c.Category, c.Player.Name)
		}
		if !strings.HasPrefix(c.Reason, "cannot be checked") || !strings.Contains(c.Reason, "C (National placing 3)") {
			t.Errorf("%s: reason %q", c.Category, c.Reason)
		}
	}
	if !strings.Contains(sel.Categories[0].Reason, "no gender recorded") || !strings.Contains(sel.Categories[1].Reason, "no birth date recorded") {
		t.Errorf("reasons %q, %q", sel.Categories[0].Reason, sel.Categories[1].Reason)
	}
	// A woman recorded below a player of unknown gender is not certainly
	// the highest-placed woman either.
	national[3].Woman = Yes
	if c := Select(Input{Size: 2, National: national, Categories: []Category{Women}}).Categories[0]; c.Player != nil || !strings.Contains(c.Reason, "C (National placing 3)") {
		t.Errorf("women: %+v", c)
	}
	national[2].Woman = No
	if c := Select(Input{Size: 2, National: national, Categories: []Category{Women}}).Categories[0]; c.Player == nil || c.Player.Name != "D" {
		t.Errorf("women with every gender above D recorded: %+v", c)
	}
}

// TestSelectYoungFallbackOnlyYoung: World championship 6 gives the young
// place to the regular order's next player, but WOC I.2.2's additional
// player must be 14 or less: adults are passed, and a player of unknown
// age stops it.
func TestSelectYoungFallbackOnlyYoung(t *testing.T) {
	ps := nat(8, 7, 6, 5)
	sel := Select(Input{Size: 1, National: ps, GP: []Ranked{{Candidate: Candidate{Key: "Y", Name: "Y", Young: Yes, Woman: No}, Rank: 1}, {Candidate: cand("Z"), Rank: 2}}, Categories: []Category{Young}})
	// The one regular place is the champion's; Y, the GP winner, is the
	// next in the order, and young.
	if y := sel.Categories[0].Player; y == nil || y.Name != "Y" || y.Rule != RuleFallback {
		t.Errorf("young: %+v", sel.Categories[0])
	}
	sel = Select(Input{Size: 1, National: ps, GP: ranked("Z"), Categories: []Category{Young}})
	if c := sel.Categories[0]; c.Player != nil || !strings.Contains(c.Reason, "no birth date recorded for Z") {
		t.Errorf("young with an unknown age next: %+v", c)
	}
	sel = Select(Input{Size: 1, National: ps, Categories: []Category{Young}})
	if c := sel.Categories[0]; c.Player != nil || !strings.Contains(c.Reason, "no one left") {
		t.Errorf("young with only adults: %+v", c)
	}
}

// TestSelectWomenPlaceWithFullTeam: with four regular places the team is
// full (WOC I.2.2), so the women's place is not a fifth player.
func TestSelectWomenPlaceWithFullTeam(t *testing.T) {
	sel := Select(Input{Size: 4, National: women(nat(8, 7, 6, 5, 4), "E"), Categories: []Category{Women}})
	if c := sel.Categories[0]; c.Player != nil || !strings.Contains(c.Reason, "no place of its own") {
		t.Errorf("women: %+v", c)
	}
}

func TestCheckWOC(t *testing.T) {
	man := func(n string) Candidate { return Candidate{Key: n, Name: n, Woman: No, Young: No} }
	offers := func(cs ...Candidate) []Offer {
		var os []Offer
		for _, c := range cs {
			os = append(os, Offer{Candidate: c})
		}
		return os
	}
	kid := Candidate{Key: "K", Name: "K", Young: Yes, Woman: No}
	tests := []struct {
		name, verdict, reason string
		sel                   Selection
	}{
		{"four men", WOCBroken, "0 women and 4 men", Selection{Offers: offers(man("A"), man("B"), man("C"), man("D"))}},
		{"five players", WOCBroken, "5 players besides the young player", Selection{Offers: offers(man("A"), man("B"), man("C"), cand("D"), cand("E"))}},
		{"three men and one unknown", WOCUnchecked, "no gender recorded for D", Selection{Offers: offers(man("A"), man("B"), man("C"), cand("D"))}},
		{"three and a young player", WOCHolds, "3 players (0 women, 3 men) and a young player", Selection{Offers: offers(man("A"), man("B"), man("C")),
			Categories: []CategoryOffer{{Category: Young, Player: &Offer{Candidate: kid}}}}},
		{"an adult young player", WOCBroken, "the young player A2 is not aged 14 or less", Selection{Offers: offers(man("A")),
			Categories: []CategoryOffer{{Category: Young, Player: &Offer{Candidate: man("A2")}}}}},
		{"a young player of unknown age", WOCUnchecked, "no birth date recorded for the young player Q", Selection{Offers: offers(man("A")),
			Categories: []CategoryOffer{{Category: Young, Player: &Offer{Candidate: cand("Q")}}}}},
	}
	for _, tc := range tests {
		ch := Check(tc.sel)
		if ch.Verdict != tc.verdict || !strings.Contains(strings.Join(ch.Reasons, "; "), tc.reason) || ch.Rule != RuleWOC {
			t.Errorf("%s: %+v, want %s with %q", tc.name, ch, tc.verdict, tc.reason)
		}
	}
}
