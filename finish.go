package outflank

import (
	"fmt"
	"slices"
	"strings"

	"outflank/rules"
	"outflank/standing"
	"outflank/words"
)

// Place is a player's place in an order of finish.
type Place struct {
	Place  int  `json:"place"`
	Equal  bool `json:"equal"` // shares the place (declared equal by the list)
	Player int  `json:"player"`
	// By is what decided the place: the knockout stage of the match that
	// placed the player ("final", "third-place", "women-final", ...),
	// "playoff" for a playoff's loser ranked fifth (WOC II.3.3 b),
	// "placement" (EGP II.2's placement rounds) or "list".
	By string `json:"by"`
	// Result names the knockout result that placed the player, in words
	// ("won the final 2-1 (40-24, 29-35, 36-28)"), or the placement
	// rounds' total; "" for a place of the list.
	Result string `json:"result,omitempty"`
	// ListRank, Points, BQ and Discs are the player's line in the list of
	// the main stage.
	ListRank int     `json:"list_rank"`
	Points   float64 `json:"points"`
	BQ       float64 `json:"bq"`
	Discs    int     `json:"discs"`
}

// Finish is the order of finish of one title: the prize-giving order.
type Finish struct {
	Title rules.Title `json:"title"`
	// Complete is true once every match that places players is decided;
	// until then the places still open follow the list.
	Complete bool    `json:"complete"`
	Places   []Place `json:"places"`
}

// OrderOfFinish is the order of finish of a title: the individual one
// (rules.TitleIndividual), the women's or the young players'.
//
// Individual: the final's winner and loser, the third place's (BOF
// National 5: when it is played, else the list's 3rd and 4th), then at an
// EGP of 9-10 players the placement rounds' players (EGP II.2), then the
// final list: the playoffs' losers equal fifth at a WOC (II.3.3 b), players
// declared equal where the ruleset declares them (WOC II.3.3 c, EGP II.3).
// Side titles (WOC III.3-4): those of their players in the WOC
// semi-finals in their order of finish there, or their own final's and
// third place's winners and losers; then their final list.
func (t *Tournament) OrderOfFinish(title rules.Title) Finish {
	return t.orderOfFinish(t.knockout(), title)
}

func (t *Tournament) orderOfFinish(k knockoutState, title rules.Title) Finish {
	f := Finish{Title: title, Complete: k.ifrl.Final != nil && len(k.open()) == 0 && k.placement == nil}
	// rest is the title's list: the individual one, or the women's or
	// young players' (WOC II.5-6); line gives each player's line in it.
	rest, inSemis := k.ifrl.Current(), false
	switch title {
	case rules.TitleWomen:
		rest, inSemis = k.women, k.womenInSemis
	case rules.TitleYoung:
		rest, inSemis = k.young, k.youngInSemis
	}
	if rest == nil {
		rest = t.sideProvisional(title)
	}
	line := map[int]standing.Row{}
	for _, r := range rest {
		line[r.Player] = r
	}
	add := func(id int, by, result string, equal bool) {
		p := Place{Place: len(f.Places) + 1, Player: id, By: by, Result: result}
		if n := len(f.Places); equal && n > 0 {
			p.Place, p.Equal, f.Places[n-1].Equal = f.Places[n-1].Place, true, true
		}
		r := line[id]
		p.ListRank, p.Points, p.BQ, p.Discs = r.Rank, r.Points, r.BQ, r.Discs
		f.Places = append(f.Places, p)
	}
	placed := func(id int) bool {
		return slices.ContainsFunc(f.Places, func(p Place) bool { return p.Player == id })
	}
	switch {
	case title == rules.TitleIndividual:
		t.addDecided(k, title, add)
		if k.plan.RestSwiss > 0 && len(f.Places) == 4 {
			var prev float64
			for i, r := range t.placementRows() {
				how := fmt.Sprintf("%s with the placement rounds, %s", words.Points(r.Points), words.Count(r.Discs, "disc"))
				add(r.Player, "placement", how, i > 0 && r.Points == prev) // EGP II.3: equal points, declared equal
				prev = r.Points
			}
		}
	case inSemis:
		members := map[int]bool{}
		for _, r := range rest {
			members[r.Player] = true
		}
		for _, p := range t.orderOfFinish(k, rules.TitleIndividual).Places[:4] {
			if members[p.Player] {
				add(p.Player, p.By, p.Result, false)
			}
		}
	default:
		t.addDecided(k, title, add)
	}
	prevRank := 0
	for _, r := range rest {
		if placed(r.Player) {
			continue
		}
		by, result := "list", ""
		if m, ok := t.lostPlayoff(k, r.Player); ok {
			by, result = "playoff", t.matchResult(m, r.Player)
		}
		add(r.Player, by, result, r.Equal && r.Rank == prevRank)
		prevRank = r.Rank
	}
	return f
}

// addDecided adds the winners and losers of title's decided final and
// third place, in that order.
func (t *Tournament) addDecided(k knockoutState, title rules.Title, add func(id int, by, result string, equal bool)) {
	for _, kind := range []rules.Kind{rules.KindFinal, rules.KindThirdPlace} {
		for _, m := range k.matches {
			if m.Title == title && m.Kind == kind && m.State.Done {
				w, l := outcome(m)
				add(w, string(m.Stage), t.matchResult(m, w), false)
				add(l, string(m.Stage), t.matchResult(m, l), false)
			}
		}
	}
}

// sideProvisional is a side title's provisional list, while the main
// stage is on (or the event has no date for the young players).
func (t *Tournament) sideProvisional(title rules.Title) []standing.Row {
	ifrl := t.IFRL(0)
	if title == rules.TitleWomen {
		prov, _, _ := t.Women(ifrl)
		return prov
	}
	prov, _, _, _ := t.Young(ifrl)
	return prov
}

// lostPlayoff finds the playoff id lost (WOC II.3.3 b: ranked fifth).
func (t *Tournament) lostPlayoff(k knockoutState, id int) (Match, bool) {
	for _, m := range k.playoffs {
		if w, l := outcome(m); m.State.Done && l == id && w != id {
			return m, true
		}
	}
	return Match{}, false
}

// matchResult says how the match went for player id: "won the final 2-1
// (40-24, 29-35, 36-28)", "lost the third place 31-33", with the reason
// when points did not decide it.
func (t *Tournament) matchResult(m Match, id int) string {
	var scores []string
	var own, other float64
	for _, mg := range m.Games {
		g := mg.Game
		if g.Result == nil {
			continue
		}
		bp, wp := g.Result.Points()
		mine, theirs := g.Result.BlackDiscs, g.Result.WhiteDiscs
		if g.White == id {
			bp, wp, mine, theirs = wp, bp, theirs, mine
		}
		own, other = own+bp, other+wp
		score := fmt.Sprintf("%d-%d", mine, theirs)
		if g.Result.Outcome == OutcomeDrawWin {
			score += " draw-win"
		}
		scores = append(scores, score)
	}
	verb := "lost"
	if w, _ := outcome(m); w == id {
		verb = "won"
	}
	text := fmt.Sprintf("%s the %s %s", verb, m.Label, strings.Join(scores, ", "))
	if len(scores) > 1 {
		text = fmt.Sprintf("%s the %s %s-%s (%s)", verb, m.Label, formatPoints(own), formatPoints(other), strings.Join(scores, ", "))
	}
	if r := m.State.Reason; strings.Contains(r, "discs") || strings.Contains(r, "higher-ranked") || strings.Contains(r, "BOF") {
		text += "; " + r
	}
	return text
}

// FinalOrder is the individual order of finish, as player ids.
func (t *Tournament) FinalOrder() []int { return placeIDs(t.OrderOfFinish(rules.TitleIndividual)) }

// TitleOrder is a title's order of finish, as player ids.
func (t *Tournament) TitleOrder(title rules.Title) []int { return placeIDs(t.OrderOfFinish(title)) }

func placeIDs(f Finish) []int {
	ids := make([]int, len(f.Places))
	for i, p := range f.Places {
		ids[i] = p.Player
	}
	return ids
}
