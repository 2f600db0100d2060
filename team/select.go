package team

import (
	"fmt"
	"strings"

	"outflank/words"
)

// The rules cited.
const (
	RuleResidency = "World championship 1"
	RuleNational  = "World championship 2"
	RuleGPOrder   = "World championship 3"
	RuleChairman  = "World championship 4"
	RuleCategory  = "World championship 5"
	RuleFallback  = "World championship 6"
	RuleGPTie     = "Grand Prix 6"
)

// source is one candidate in the order of the regular team's rules.
type source struct {
	c            Candidate
	rule, reason string
}

// The limits of WOC I.2.2 on a federation's team: "one to four players
// (of which no more than three of them may be of the same gender) and an
// additional young player".
const (
	RuleWOC       = "WOC I.2.2"
	MaxPlayers    = 4
	MaxSameGender = 3
)

// Select works out the order in which places are offered, each offer
// checked against WOC I.2.2 before it is made.
func Select(in Input) Selection {
	s := &selector{in: in, offered: map[string]bool{}, skipped: map[string]bool{}}
	sel := Selection{Size: in.Size, Offers: []Offer{}, Categories: []CategoryOffer{}, Skipped: []Skip{}, Playoffs: []Playoff{}}
	s.sel = &sel
	regular := s.regular()
	for len(sel.Offers) < in.Size && len(regular) > 0 {
		next := regular[0]
		regular = regular[1:]
		if !s.take(next.c) {
			continue
		}
		if why, _ := s.fits(next.c); why != "" {
			s.pass(next.c, why)
			continue
		}
		sel.Offers = append(sel.Offers, Offer{Order: len(sel.Offers) + 1, Candidate: next.c, Rule: next.rule, Reason: next.reason})
		s.offered[next.c.Key] = true
		s.team = append(s.team, next.c)
	}
	sel.ChairmanPlaces = in.Size - len(sel.Offers)
	// World championship 5 for every category first, then 6 for those
	// left without a representative (and no play-off to wait for, and
	// nothing left unchecked).
	for _, cat := range in.Categories {
		sel.Categories = append(sel.Categories, s.category(cat))
	}
	for i := range sel.Categories {
		if c := &sel.Categories[i]; c.Player == nil && c.Reason == "" {
			s.fallback(c, &regular)
		}
	}
	sel.WOC = Check(sel)
	return sel
}

// fallback offers category c's place by World championship 6: "that space
// ... will be offered following the rules for selection of the regular
// team", to the next player of the regular order WOC I.2.2 lets take it
// (choice: the young place is WOC I.2.2's additional young player, so only
// a player aged 14 or less may take it).
func (s *selector) fallback(c *CategoryOffer, regular *[]source) {
	for len(*regular) > 0 {
		r := (*regular)[0]
		*regular = (*regular)[1:]
		if s.offered[r.c.Key] || (c.Category == Young && r.c.Young == No) || !s.take(r.c) {
			continue
		}
		if c.Category == Young && r.c.Young == Unknown {
			c.Reason = unchecked(c.Category, []string{fmt.Sprintf("%s (%s: %s)", r.c.Name, r.rule, r.reason)})
			return
		}
		if c.Category == Women {
			why, unknown := s.fits(r.c)
			if unknown {
				c.Reason = fmt.Sprintf("cannot be checked: %s (%s: %s) would be the team's fourth player, and the team's genders are not all recorded (%s: no more than three of the same gender)", r.c.Name, r.rule, r.reason, RuleWOC)
				return
			}
			if why != "" {
				s.pass(r.c, why)
				continue
			}
			s.team = append(s.team, r.c)
		}
		c.Player = &Offer{Order: 1, Candidate: r.c, Rule: RuleFallback,
			Reason: fmt.Sprintf("no %s representative: offered as the regular team's next place (%s: %s)", c.Category, r.rule, r.reason)}
		s.offered[r.c.Key] = true
		return
	}
	c.Reason = fmt.Sprintf("no one left in the regular order (World championship 6): the chairman's choice (%s)", RuleChairman)
}

// fits tells whether c may join the regular team (the offers and the
// women's place) under WOC I.2.2: why not, or unknown when a gender not
// recorded leaves it open.
func (s *selector) fits(c Candidate) (why string, unknown bool) {
	if len(s.team) >= MaxPlayers {
		return fmt.Sprintf("%s: the team has %d players already", RuleWOC, MaxPlayers), false
	}
	if len(s.team) < MaxSameGender {
		return "", false
	}
	women, men, open := genders(append(s.team[:len(s.team):len(s.team)], c))
	switch {
	case women > MaxSameGender:
		return fmt.Sprintf("%s: would be the team's fourth woman (no more than three of the same gender)", RuleWOC), false
	case men > MaxSameGender:
		return fmt.Sprintf("%s: would be the team's fourth man (no more than three of the same gender)", RuleWOC), false
	}
	return "", len(open) > 0 && (women+len(open) > MaxSameGender || men+len(open) > MaxSameGender)
}

// genders counts the women and men of a team and names those whose gender
// is not recorded.
func genders(team []Candidate) (women, men int, open []string) {
	for _, c := range team {
		switch c.Woman {
		case Yes:
			women++
		case No:
			men++
		default:
			open = append(open, c.Name)
		}
	}
	return women, men, open
}

// unchecked says that a category's place cannot be checked because the
// records of who names lack the gender or birth date.
func unchecked(cat Category, who []string) string {
	what := "gender"
	if cat == Young {
		what = "birth date"
	}
	if len(who) > 5 {
		who = append(who[:5:5], fmt.Sprintf("and %d more", len(who)-5))
	}
	return fmt.Sprintf("cannot be checked: no %s recorded for %s, who may be the %s; record it, rather than give the place to someone else", what, strings.Join(who, ", "), cat.player())
}

// gendered says n women or men, singular or plural.
func gendered(n int, one, many string) string {
	return fmt.Sprintf("%d %s", n, words.Verb(n, one, many))
}

// Check checks a selection against WOC I.2.2: one to four players (the
// offers and the women's place), no more than three of the same gender,
// and an additional young player aged 14 or less. A gender or birth date
// not recorded that could break it makes it "cannot be checked".
func Check(sel Selection) WOCCheck {
	ch := WOCCheck{Rule: RuleWOC, Verdict: WOCHolds, Reasons: []string{}}
	var team []Candidate
	for _, o := range sel.Offers {
		team = append(team, o.Candidate)
	}
	var young *Offer
	for _, c := range sel.Categories {
		switch {
		case c.Player == nil:
		case c.Category == Young:
			young = c.Player
		default:
			team = append(team, c.Player.Candidate)
		}
	}
	var broken, open []string
	if len(team) > MaxPlayers {
		broken = append(broken, fmt.Sprintf("%d players besides the young player: no more than %d", len(team), MaxPlayers))
	}
	women, men, unknown := genders(team)
	if women > MaxSameGender || men > MaxSameGender {
		broken = append(broken, fmt.Sprintf("%s and %s: no more than %d of the same gender", gendered(women, "woman", "women"), gendered(men, "man", "men"), MaxSameGender))
	} else if len(unknown) > 0 && (women+len(unknown) > MaxSameGender || men+len(unknown) > MaxSameGender) {
		open = append(open, fmt.Sprintf("no gender recorded for %s, so no more than %d of the same gender is not known", strings.Join(unknown, ", "), MaxSameGender))
	}
	if young != nil {
		switch young.Young {
		case No:
			broken = append(broken, fmt.Sprintf("the young player %s is not aged 14 or less", young.Name))
		case Unknown:
			open = append(open, fmt.Sprintf("no birth date recorded for the young player %s", young.Name))
		}
	}
	switch {
	case len(broken) > 0:
		ch.Verdict, ch.Reasons = WOCBroken, append(broken, open...)
	case len(open) > 0:
		ch.Verdict, ch.Reasons = WOCUnchecked, open
	default:
		what := fmt.Sprintf("%s (%s, %s)", words.Count(len(team), "player"), gendered(women, "woman", "women"), gendered(men, "man", "men"))
		if young != nil {
			what += " and a young player aged 14 or less"
		}
		ch.Reasons = []string{what + ": within one to four players, no more than three of the same gender"}
	}
	return ch
}

type selector struct {
	in      Input
	sel     *Selection
	offered map[string]bool
	skipped map[string]bool
	// team is the regular team so far: the offers and the women's place.
	team []Candidate
}

// take tells whether c may be offered a place; if not, the first time, it
// records why.
func (s *selector) take(c Candidate) bool {
	if s.offered[c.Key] {
		return false
	}
	ok, why := true, ""
	if s.in.Declined[c.Key] {
		ok, why = false, "declined the place (--declined)"
	} else if s.in.Eligible != nil {
		if ok, why = s.in.Eligible(c); !ok {
			why = RuleResidency + ": " + why
		}
	}
	if !ok && !s.skipped[c.Key] {
		s.skipped[c.Key] = true
		s.sel.Skipped = append(s.sel.Skipped, Skip{Candidate: c, Reason: why})
	}
	return ok
}

// pass records, once, that c is passed over and why, without ruling him
// out of another place.
func (s *selector) pass(c Candidate, why string) {
	if !s.skipped["woc:"+c.Key] {
		s.skipped["woc:"+c.Key] = true
		s.sel.Skipped = append(s.sel.Skipped, Skip{Candidate: c, Reason: why})
	}
}

// regular lists the candidates of the regular team in the order of World
// championship 2-3, with repeats: take skips those already offered.
func (s *selector) regular() []source {
	var list []source
	nat := s.in.National
	if len(nat) > 0 {
		why := "National Champion"
		if !s.in.ChampionDecided {
			why = "National Champion: first of the National's list, as its play-off for the title (National 4, 7) is not recorded"
		}
		list = append(list, source{nat[0].Candidate, RuleNational, why})
	}
	switch gp := s.in.GP; {
	case len(gp) == 0:
	case len(gp) > 1 && gp[1].Equal && gp[1].Rank == gp[0].Rank:
		var tied []Candidate
		for _, r := range gp {
			if r.Rank == gp[0].Rank {
				tied = append(tied, r.Candidate)
			}
		}
		s.sel.Playoffs = append(s.sel.Playoffs, Playoff{For: "GP winner", Rule: RuleGPTie, Players: tied,
			Reason: "tied for the GP winner after comparing best results: a play-off game before the National, else the chairman's coin toss ('outflank circuit decide' records it)"})
	default:
		list = append(list, source{gp[0].Candidate, RuleNational, "GP winner (Grand Prix 7)"})
	}
	for _, p := range nat {
		list = append(list, source{p.Candidate, RuleNational, fmt.Sprintf("National placing %d", p.Place)})
	}
	for _, r := range s.in.GP {
		list = append(list, source{r.Candidate, RuleGPOrder, "Grand Prix order " + rank(r)})
	}
	for _, r := range s.in.Ratings {
		why := "active rating list " + rank(r)
		if r.Note != "" {
			why += " (" + r.Note + ")"
		}
		list = append(list, source{r.Candidate, RuleGPOrder, why})
	}
	return list
}

func rank(r Ranked) string {
	if r.Equal {
		return fmt.Sprintf("%d=", r.Rank)
	}
	return fmt.Sprint(r.Rank)
}

// category finds the player of a special category by World championship
// 5: a qualifying event, else the National. A player of the National whose
// gender (or birth date) is not recorded and who could be the category's
// highest-placed player leaves the place unchecked: it is not given to
// anyone else on a guess.
func (s *selector) category(cat Category) CategoryOffer {
	co := CategoryOffer{Category: cat}
	if cat == Women && s.in.Size >= MaxPlayers {
		co.Reason = fmt.Sprintf("no place of its own: the regular team has the %d players %s allows, women among them (no more than %d of the same gender)", MaxPlayers, RuleWOC, MaxSameGender)
		return co
	}
	offer := func(c Candidate, rule, reason string) {
		co.Player = &Offer{Order: 1, Candidate: c, Rule: rule, Reason: reason}
		s.offered[c.Key] = true
		if cat == Women {
			s.team = append(s.team, c)
		}
	}
	// fits tells whether c may take the place: the women's place is one
	// of the team's players (WOC I.2.2).
	fits := func(c Candidate) bool {
		if cat != Women {
			return true
		}
		why, _ := s.fits(c)
		if why != "" {
			s.pass(c, why)
		}
		return why == ""
	}
	if event, held := s.in.Events[cat]; held {
		for _, p := range event {
			if s.take(p.Candidate) && fits(p.Candidate) {
				offer(p.Candidate, RuleCategory, fmt.Sprintf("placing %d in the %s qualifying event", p.Place, cat))
				return co
			}
		}
	}
	var eligible, unknown []Placed
	for _, p := range s.in.National {
		k := p.of(cat)
		if k == No || !s.take(p.Candidate) {
			continue
		}
		if k == Unknown {
			unknown = append(unknown, p)
			continue
		}
		if fits(p.Candidate) {
			eligible = append(eligible, p)
		}
	}
	var open []string
	for _, p := range unknown {
		if len(eligible) == 0 || p.Place < eligible[0].Place || (p.Points == eligible[0].Points && !eligible[0].ByPlayoff) {
			open = append(open, fmt.Sprintf("%s (National placing %d)", p.Name, p.Place))
		}
	}
	if len(open) > 0 {
		co.Reason = unchecked(cat, open)
		return co
	}
	if len(eligible) > 0 {
		top := eligible[0]
		tied := []Candidate{top.Candidate}
		if !top.ByPlayoff {
			for _, p := range eligible[1:] {
				if p.Points == top.Points && !p.ByPlayoff {
					tied = append(tied, p.Candidate)
				}
			}
		}
		if len(tied) > 1 {
			var names []string
			for _, c := range tied {
				names = append(names, c.Name)
			}
			s.sel.Playoffs = append(s.sel.Playoffs, Playoff{For: string(cat), Rule: RuleCategory, Players: tied,
				Reason: fmt.Sprintf("%s are equal on %g points in the National and not otherwise in a play-off: a play-off decides the %s category's first representative", strings.Join(names, " and "), top.Points, cat)})
			co.Reason = "a play-off decides first (World championship 5)"
			return co
		}
		offer(top.Candidate, RuleCategory, fmt.Sprintf("highest-placed %s in the National (placing %d)", cat.player(), top.Place))
		return co
	}
	return co
}

// of says whether the player belongs to the category.
func (c Candidate) of(cat Category) Known {
	if cat == Women {
		return c.Woman
	}
	return c.Young
}

// player names a player of the category.
func (c Category) player() string {
	if c == Women {
		return "woman"
	}
	return string(c) + " player"
}
