package team

import (
	"fmt"
	"strings"
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

// Select works out the order in which places are offered.
func Select(in Input) Selection {
	s := &selector{in: in, offered: map[string]bool{}, skipped: map[string]bool{}}
	sel := Selection{Size: in.Size, Offers: []Offer{}, Categories: []CategoryOffer{}, Skipped: []Skip{}, Playoffs: []Playoff{}}
	s.sel = &sel
	regular := s.regular()
	for len(sel.Offers) < in.Size && len(regular) > 0 {
		next := regular[0]
		regular = regular[1:]
		if s.take(next.c) {
			sel.Offers = append(sel.Offers, Offer{Order: len(sel.Offers) + 1, Candidate: next.c, Rule: next.rule, Reason: next.reason})
			s.offered[next.c.Key] = true
		}
	}
	sel.ChairmanPlaces = in.Size - len(sel.Offers)
	// World championship 5 for every category first, then 6 for those
	// left without a representative (and no play-off to wait for).
	for _, cat := range in.Categories {
		sel.Categories = append(sel.Categories, s.category(cat))
	}
	for i := range sel.Categories {
		c := &sel.Categories[i]
		if c.Player != nil || s.pending(c.Category) {
			continue
		}
		for len(regular) > 0 {
			r := regular[0]
			regular = regular[1:]
			if s.take(r.c) {
				c.Player = &Offer{Order: 1, Candidate: r.c, Rule: RuleFallback,
					Reason: fmt.Sprintf("no %s representative: offered as the regular team's next place (%s: %s)", c.Category, r.rule, r.reason)}
				s.offered[r.c.Key] = true
				break
			}
		}
	}
	return sel
}

type selector struct {
	in      Input
	sel     *Selection
	offered map[string]bool
	skipped map[string]bool
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
		list = append(list, source{r.Candidate, RuleGPOrder, "active rating list " + rank(r)})
	}
	return list
}

func rank(r Ranked) string {
	if r.Equal {
		return fmt.Sprintf("%d=", r.Rank)
	}
	return fmt.Sprint(r.Rank)
}

// pending tells whether a play-off must decide the category's player.
func (s *selector) pending(cat Category) bool {
	for _, p := range s.sel.Playoffs {
		if p.For == string(cat) {
			return true
		}
	}
	return false
}

// category finds the player of a special category by World championship
// 5: a qualifying event, else the National.
func (s *selector) category(cat Category) CategoryOffer {
	co := CategoryOffer{Category: cat}
	offer := func(c Candidate, rule, reason string) {
		co.Player = &Offer{Order: 1, Candidate: c, Rule: rule, Reason: reason}
		s.offered[c.Key] = true
	}
	if event, held := s.in.Events[cat]; held {
		for _, p := range event {
			if s.take(p.Candidate) {
				offer(p.Candidate, RuleCategory, fmt.Sprintf("placing %d in the %s qualifying event", p.Place, cat))
				return co
			}
		}
	}
	var eligible []Placed
	for _, p := range s.in.National {
		if in(p, cat) && s.take(p.Candidate) {
			eligible = append(eligible, p)
		}
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
			return co
		}
		offer(top.Candidate, RuleCategory, fmt.Sprintf("highest-placed %s in the National (placing %d)", cat.player(), top.Place))
		return co
	}
	return co
}

func in(p Placed, cat Category) bool {
	switch cat {
	case Women:
		return p.Women
	case Young:
		return p.Young
	}
	return false
}

// player names a player of the category.
func (c Category) player() string {
	if c == Women {
		return "woman"
	}
	return string(c) + " player"
}
