package outflank

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"outflank/rules"
	"outflank/standing"
	"outflank/words"
)

// Place is a player's place in an order of finish.
type Place struct {
	Place int  `json:"place"`
	Equal bool `json:"equal"` // shares the place (declared equal by the list)
	// Undecided: the player's place is not decided yet. Place to Last are
	// the places still open to him (a finalist while the final is on:
	// 1 to 2); Place 0 (and Last 0) before the final list is drawn up,
	// when nothing is known. Never a guess (WOC III.2-3: the finalists
	// are 1st and 2nd, the third place's players 3rd and 4th).
	Undecided bool `json:"undecided,omitempty"`
	Last      int  `json:"last,omitempty"`
	Player    int  `json:"player"`
	// By is what decided the place, or decides it: the knockout stage of
	// the match that placed the player ("final", "third-place",
	// "women-final", ...) or that he plays, "playoff" for a playoff's
	// loser ranked fifth (WOC II.3.3 b), "placement" (EGP II.2's placement
	// rounds) or "list".
	By string `json:"by"`
	// Result names the knockout result that placed the player, in words
	// ("won the final 2-1 (40-24, 29-35, 36-28)"), or the placement
	// rounds' total; for an undecided place, the match still to finish
	// ("won semi-final 1 2-0 (40-24, 36-28); the final in play"); "" for a
	// place of the list.
	Result string `json:"result,omitempty"`
	// ListRank, Points, BQ and Discs are the player's line in the list of
	// the main stage.
	ListRank int     `json:"list_rank"`
	Points   float64 `json:"points"`
	BQ       float64 `json:"bq"`
	Discs    int     `json:"discs"`
}

// Text words the place: "3", "5=", "1–2" while undecided, "–" before the
// final list.
func (p Place) Text() string {
	switch {
	case p.Undecided && p.Place == 0:
		return "–"
	case p.Undecided:
		return fmt.Sprintf("%d–%d", p.Place, p.Last)
	case p.Equal:
		return fmt.Sprintf("%d=", p.Place)
	}
	return strconv.Itoa(p.Place)
}

// Finish is the order of finish of one title: the prize-giving order.
type Finish struct {
	Title rules.Title `json:"title"`
	// Complete is true once every match that places players is decided;
	// until then the places still open are shown undecided.
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
//
// A place is never guessed: while a match is on, its players' places are
// undecided (Place.Undecided) between the places it can give them (WOC
// III.2: the semi-finals' winners play the final for 1st and 2nd, their
// losers the third place for 3rd and 4th), whatever the matches after it
// say; before the final list is drawn up, no place is decided.
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
	place := func(p Place) {
		r := line[p.Player]
		p.ListRank, p.Points, p.BQ, p.Discs = r.Rank, r.Points, r.BQ, r.Discs
		f.Places = append(f.Places, p)
	}
	add := func(id int, by, result string, equal bool) {
		p := Place{Place: len(f.Places) + 1, Player: id, By: by, Result: result}
		if n := len(f.Places); equal && n > 0 {
			p.Place, p.Equal, f.Places[n-1].Equal = f.Places[n-1].Place, true, true
		}
		place(p)
	}
	if k.ifrl.Final == nil {
		// The main stage or its playoffs are on: no place is decided.
		for _, r := range rest {
			place(Place{Undecided: true, Player: r.Player, By: "list"})
		}
		return f
	}
	placed := func(id int) bool {
		return slices.ContainsFunc(f.Places, func(p Place) bool { return p.Player == id })
	}
	switch {
	case title == rules.TitleIndividual:
		for _, p := range t.bracketPlaces(k, title, line) {
			place(p)
		}
		t.addPlacement(k, place, add)
	case inSemis:
		members := map[int]bool{}
		for _, r := range rest {
			members[r.Player] = true
		}
		var ours []Place
		for _, p := range t.bracketPlaces(k, rules.TitleIndividual, line) {
			if members[p.Player] {
				ours = append(ours, p)
			}
		}
		ours = relativePlaces(ours)
		slices.SortStableFunc(ours, func(a, b Place) int { return a.Place*100 + a.Last - b.Place*100 - b.Last })
		for _, p := range ours {
			place(p)
		}
	default:
		for _, p := range t.bracketPlaces(k, title, line) {
			place(p)
		}
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

// span is the places still open to a player of a knockout bracket.
type span struct{ first, last int }

// bracketPlaces places the players of title's semi-finals, final and
// third place: a decided final gives 1st and 2nd, a decided third place
// 3rd and 4th (WOC III.2, III.3.2-3; EGP III; BOF National 5; AOF 4.2);
// while the final is on its players are 1st-2nd, while the third place is
// on its players 3rd-4th, whichever ends first; a semi-final's winner is
// 1st-2nd and its loser 3rd-4th, and before it ends its players 1st-4th.
// Undecided places come first by the places open, then in list order.
func (t *Tournament) bracketPlaces(k knockoutState, title rules.Title, line map[int]standing.Row) []Place {
	spans := map[int]span{}
	by := map[int]Match{}
	set := func(m Match, id, first, last int) { spans[id], by[id] = span{first, last}, m }
	for _, kind := range []rules.Kind{rules.KindSemiFinal, rules.KindFinal, rules.KindThirdPlace} {
		for _, m := range k.matches {
			if m.Title != title || m.Kind != kind {
				continue
			}
			first := 1
			if kind == rules.KindThirdPlace {
				first = 3
			}
			w, l := outcome(m)
			switch {
			case kind == rules.KindSemiFinal && m.State.Done:
				set(m, w, 1, 2)
				set(m, l, 3, 4)
			case kind == rules.KindSemiFinal:
				set(m, m.Higher, 1, 4)
				set(m, m.Lower, 1, 4)
			case m.State.Done:
				set(m, w, first, first)
				set(m, l, first+1, first+1)
			default:
				set(m, m.Higher, first, first+1)
				set(m, m.Lower, first, first+1)
			}
		}
	}
	ids := make([]int, 0, len(spans))
	for id := range spans {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b int) int {
		sa, sb := spans[a], spans[b]
		if sa.first != sb.first {
			return sa.first - sb.first
		}
		if sa.last != sb.last {
			return sa.last - sb.last
		}
		return line[a].Rank - line[b].Rank
	})
	places := make([]Place, 0, len(ids))
	for _, id := range ids {
		sp, m := spans[id], by[id]
		p := Place{Place: sp.first, Player: id, By: string(m.Stage)}
		if sp.last > sp.first {
			p.Undecided, p.Last, p.Result = true, sp.last, t.matchesSoFar(k, title, id)
		} else {
			p.Result = t.matchResult(m, id)
		}
		places = append(places, p)
	}
	return places
}

// relativePlaces places the side title's players who are in the WOC
// semi-finals among themselves, by the places open to each there (WOC
// III.3.1, III.4.1: "ranked according to their final order of finish
// after the WOC final and third place playoff"): a player is surely
// behind those whose last place is before his first.
func relativePlaces(ours []Place) []Place {
	last := func(p Place) int {
		if p.Undecided {
			return p.Last
		}
		return p.Place
	}
	out := make([]Place, len(ours))
	for i, p := range ours {
		first, final := 1, len(ours)
		for j, q := range ours {
			switch {
			case i == j:
			case last(q) < p.Place:
				first++
			case q.Place > last(p):
				final--
			}
		}
		p.Place, p.Last, p.Undecided, p.Equal = first, 0, final > first, false
		if p.Undecided {
			p.Last = final
		}
		out[i] = p
	}
	return out
}

// addPlacement places EGP II.2's placement players (the six after the
// semi-finalists): by their placement rounds once played, until then
// 5th to 10th.
func (t *Tournament) addPlacement(k knockoutState, place func(Place), add func(id int, by, result string, equal bool)) {
	list := k.ifrl.Final
	if k.plan.RestSwiss == 0 || len(list) <= 4 {
		return
	}
	played, pending := false, k.placement != nil
	for _, r := range t.Rounds {
		if r.Stage != StagePlacement {
			continue
		}
		played = true
		pending = pending || slices.ContainsFunc(r.Games, func(g Game) bool { return g.Result == nil })
	}
	if pending {
		players := list[4:min(4+placementPlayers, len(list))]
		for _, r := range players {
			place(Place{Place: 5, Last: 4 + len(players), Undecided: true, Player: r.Player, By: "placement", Result: "the placement rounds (EGP II.2) are not over"})
		}
		return
	}
	if !played {
		return
	}
	var prev float64
	for i, r := range t.placementRows() {
		how := fmt.Sprintf("%s with the placement rounds, %s", words.Points(r.Points), words.Count(r.Discs, "disc"))
		add(r.Player, "placement", how, i > 0 && r.Points == prev) // EGP II.3: equal points, declared equal
		prev = r.Points
	}
}

// matchesSoFar says how far player id has gone in title's knockout: the
// matches he has won, and the one he plays ("won semi-final 1 2-0
// (40-24, 36-28); the final in play").
func (t *Tournament) matchesSoFar(k knockoutState, title rules.Title, id int) string {
	var parts []string
	for _, m := range k.matches {
		if m.Title != title || (m.Higher != id && m.Lower != id) {
			continue
		}
		switch {
		case m.State.Done:
			parts = append(parts, t.matchResult(m, id))
		case m.InPlay():
			parts = append(parts, "the "+m.Label+" in play")
		default:
			parts = append(parts, "the "+m.Label+" to come")
		}
	}
	return strings.Join(parts, "; ")
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
