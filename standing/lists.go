package standing

import (
	"fmt"
	"sort"
	"strconv"
)

// Playoff is a playoff game the provisional list calls for (WOC II.3.2):
// the better-ranked player has the choice of colour or draw-win.
type Playoff struct {
	Better, Worse         int // player IDs
	BetterRank, WorseRank int
}

// Playoffs returns the playoffs of a provisional list: 4th v 5th, 3rd v
// 6th, 2nd v 7th and 1st v 8th, each when the two have the same points
// (WOC II.3.2), in that order.
func Playoffs(prov []Row) []Playoff {
	var out []Playoff
	for _, pair := range [][2]int{{4, 5}, {3, 6}, {2, 7}, {1, 8}} {
		if pair[1] > len(prov) {
			continue
		}
		a, b := prov[pair[0]-1], prov[pair[1]-1]
		if a.Points == b.Points && !a.Unqualified && !b.Unqualified {
			out = append(out, Playoff{Better: a.Player, Worse: b.Player, BetterRank: pair[0], WorseRank: pair[1]})
		}
	}
	return out
}

// FinalList turns the provisional list into the final IFRL once the
// playoffs are played (WOC II.3.3): won maps each playoff's better-ranked
// player to whether they won it. The semi-finalists (the top four who had
// no playoff, and the playoff winners) are ranked 1 to 4 in provisional
// order (a); the playoff losers are equal fifth (b), and so is every other
// player below the top four with the same points as they (c: "any players
// not ranked among the top four and having the same number of points are
// declared equal"), the order among them the provisional one (its
// Brightwell order, "for prize money purpose"); everyone else keeps the
// provisional order, players on the same points declared equal (sharing
// the rank of the first of them).
func FinalList(prov []Row, won map[int]bool) ([]Row, error) {
	playoffs := Playoffs(prov)
	losers := map[int]bool{}
	inPlayoff := map[int]bool{}
	for _, p := range playoffs {
		w, ok := won[p.Better]
		if !ok {
			return nil, fmt.Errorf("standing: the playoff between ranks %d and %d has no result yet", p.BetterRank, p.WorseRank)
		}
		inPlayoff[p.Better], inPlayoff[p.Worse] = true, true
		if w {
			losers[p.Worse] = true
		} else {
			losers[p.Better] = true
		}
	}
	var semis, lost, rest []Row
	lostPoints := map[float64]bool{}
	for i, r := range prov {
		switch {
		case losers[r.Player]:
			lost = append(lost, r)
			lostPoints[r.Points] = true
		case i < 4 && !r.Unqualified || inPlayoff[r.Player]:
			semis = append(semis, r)
		default:
			rest = append(rest, r)
		}
	}
	var out []Row
	for i, r := range semis {
		r.Rank, r.Equal = i+1, false
		out = append(out, r)
	}
	// The losers, and the players below the top four on their points,
	// equal fifth (II.3.3 b and c).
	fifth, others := lost, []Row(nil)
	for _, r := range rest {
		if lostPoints[r.Points] {
			fifth = append(fifth, r)
		} else {
			others = append(others, r)
		}
	}
	for _, r := range fifth {
		r.Rank, r.Equal = len(semis)+1, len(fifth) > 1
		out = append(out, r)
	}
	return append(out, declareEqual(others, len(out)+1)...), nil
}

// Qualifying is the provisional list as the knockout stages read it when
// some players may not qualify for them (out: players who withdrew, who
// "may not qualify for any semi-finals or finals", WOC II.8; EGP
// Withdrawals): the first places rows are the first players who may, in
// the provisional order, and those who may not follow them, each keeping
// his order among the rest; everyone is ranked 1, 2, 3... by the new
// order, and marked Unqualified. places is the number of places the knockout draws from (8 for
// WOC II.3.2's playoffs, 4 for semi-finals or a third place, 2 for a final
// alone); with 0, or nobody out, prov is returned as it is.
func Qualifying(prov []Row, places int, out map[int]bool) []Row {
	if places == 0 || len(out) == 0 {
		return prov
	}
	res := make([]Row, 0, len(prov))
	var held []Row
	taken := 0
	for _, r := range prov {
		if out[r.Player] && taken < places {
			held = append(held, r)
			continue
		}
		res = append(res, r)
		if !out[r.Player] {
			taken++
		}
		if taken == places && held != nil {
			res, held = append(res, held...), nil
		}
	}
	res = append(res, held...)
	for i := range res {
		res[i].Rank, res[i].Equal, res[i].Unqualified = i+1, false, out[res[i].Player]
	}
	return res
}

// Settled is the final list of a ruleset without WOC II.3.2's playoffs:
// the provisional order. With declare, players ranked after the top ones
// with the same points are declared equal (EGP II.3: "Any players not
// qualified for the final or the playoff and having the same number of
// points are declared equal"); without, every rank stands, the ties broken
// by the quotient, discs and the draw (AOF Appendix B §4; BOF Regionals 5,
// National 10).
func Settled(prov []Row, top int, declare bool) []Row {
	out := make([]Row, 0, len(prov))
	for i, r := range prov {
		r.Rank, r.Equal = i+1, false
		out = append(out, r)
	}
	if declare && len(out) > top {
		copy(out[top:], declareEqual(out[top:], top+1))
	}
	return out
}

// declareEqual ranks rows from first on, players with the same points
// sharing the rank of the first of them (WOC II.3.3 c, II.5.2 b).
func declareEqual(rows []Row, first int) []Row {
	out := make([]Row, len(rows))
	for i, r := range rows {
		r.Rank, r.Equal = first+i, false
		if i > 0 && r.Points == rows[i-1].Points {
			r.Rank = out[i-1].Rank
			r.Equal, out[i-1].Equal = true, true
		}
		out[i] = r
	}
	return out
}

// Subset returns the provisional list of some players (the women, the
// young players): the same order, ranked 1, 2, 3... (WOC II.5.1, II.6.1).
func Subset(prov []Row, member func(id int) bool) []Row {
	var out []Row
	for _, r := range prov {
		if member(r.Player) {
			r.Rank = len(out) + 1
			out = append(out, r)
		}
	}
	return out
}

// FinalSubList is the final women's or young players' list (WOC II.5.2,
// II.6.2). If some of them are in the WOC semi-finals, there are no
// separate semi-finals: those are ranked first, in their order in the IFRL
// (ifrlOrder, the final order of finish once the WOC final is played), and
// noSemis is true. Otherwise the top four of sub are the semi-finalists,
// ranked 1 to 4. Everyone else with the same points is declared equal.
func FinalSubList(sub []Row, wocSemifinalists []int, ifrlOrder map[int]int) (rows []Row, noSemis bool) {
	inSemis := map[int]bool{}
	for _, id := range wocSemifinalists {
		inSemis[id] = true
	}
	var top, rest []Row
	for _, r := range sub {
		if inSemis[r.Player] {
			top = append(top, r)
		} else {
			rest = append(rest, r)
		}
	}
	if len(top) > 0 {
		sort.SliceStable(top, func(i, j int) bool { return ifrlOrder[top[i].Player] < ifrlOrder[top[j].Player] })
	} else {
		var others []Row
		for _, r := range rest {
			if len(top) < 4 && !r.Unqualified {
				top = append(top, r)
			} else {
				others = append(others, r)
			}
		}
		rest = others
	}
	for i := range top {
		top[i].Rank, top[i].Equal = i+1, false
	}
	return append(top, declareEqual(rest, len(top)+1)...), len(inSemis) > 0 && len(top) > 0
}

// Member is a player's place in the team championship.
type Member struct {
	Team string
	// Additional players never count for their team (WOC II.2).
	Additional bool
}

// TeamRow is a team's line in the team list.
type TeamRow struct {
	Rank    int
	Equal   bool
	Team    string
	Points  float64
	Counted []int // the players whose points count: the best three
	// GamesBetween counts the games between members of the team (the
	// first tie-break).
	GamesBetween int
	// TieBreak says which of WOC II.4's tie-breaks put the team below the
	// team above it on the same points ("below JPN on 19 points: fewer
	// games between its members (1 v 2)"); "" when the points did, or the
	// two are equal.
	TieBreak string
	top      []int // members' places in the IFRL, best first
}

// Teams draws up the team list (WOC II.4): the sum of each team's three
// best members' points, the additional player never counting. Ties: the
// team with more games between its own members; then the team whose best
// player ranks higher in the final IFRL; then its second; else equal.
func Teams(final []Row, members map[int]Member, games []Game) []TeamRow {
	byTeam := map[string]*TeamRow{}
	var order []string
	for i, r := range final {
		m, ok := members[r.Player]
		if !ok || m.Team == "" || m.Additional {
			continue
		}
		t := byTeam[m.Team]
		if t == nil {
			t = &TeamRow{Team: m.Team}
			byTeam[m.Team] = t
			order = append(order, m.Team)
		}
		t.top = append(t.top, i) // final is in IFRL order
	}
	// The three best results, by points (the IFRL order is not quite the
	// points order once the semi-finalists are ranked 1 to 4).
	points := map[int]float64{}
	for _, r := range final {
		points[r.Player] = r.Points
	}
	for _, name := range order {
		t := byTeam[name]
		var all []int
		for _, i := range t.top {
			all = append(all, final[i].Player)
		}
		sort.SliceStable(all, func(a, b int) bool { return points[all[a]] > points[all[b]] })
		t.Counted = all[:min(3, len(all))]
		for _, id := range t.Counted {
			t.Points += points[id]
		}
	}
	for _, g := range games {
		a, b := members[g.Black], members[g.White]
		if a.Team != "" && a.Team == b.Team && !a.Additional && !b.Additional {
			byTeam[a.Team].GamesBetween++
		}
	}
	rows := make([]TeamRow, 0, len(order))
	for _, name := range order {
		rows = append(rows, *byTeam[name])
	}
	sort.SliceStable(rows, func(i, j int) bool { return teamCompare(rows[i], rows[j]) < 0 })
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && teamCompare(rows[i-1], rows[i]) == 0 {
			rows[i].Rank = rows[i-1].Rank
			rows[i].Equal, rows[i-1].Equal = true, true
		}
		if i > 0 && !rows[i].Equal && rows[i].Points == rows[i-1].Points {
			rows[i].TieBreak = tieBreakOf(rows[i-1], rows[i])
		}
	}
	return rows
}

// tieBreakOf says which of WOC II.4's tie-breaks put b below a, on the
// same points: the games between members, then the best player's place
// in the final IFRL, then the second's.
func tieBreakOf(a, b TeamRow) string {
	head := fmt.Sprintf("below %s on %s points", a.Team, strconv.FormatFloat(b.Points, 'f', -1, 64))
	if a.GamesBetween != b.GamesBetween {
		return fmt.Sprintf("%s: fewer games between its members (%d v %d)", head, b.GamesBetween, a.GamesBetween)
	}
	head += fmt.Sprintf(" and %s between members", plural(b.GamesBetween, "game"))
	for k, which := range []string{"best", "second"} {
		switch {
		case k >= len(b.top):
			return fmt.Sprintf("%s: it has no %s player in the IFRL", head, which)
		case k < len(a.top) && a.top[k] != b.top[k]:
			return fmt.Sprintf("%s: its %s player is lower in the final IFRL (%s v %s)", head, which, ordinal(b.top[k]+1), ordinal(a.top[k]+1))
		}
	}
	return head
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// ordinal writes 1st, 2nd, 3rd, 4th, 11th, 21st.
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// teamCompare orders two teams by WOC II.4: negative if a ranks higher.
func teamCompare(a, b TeamRow) int {
	switch {
	case a.Points != b.Points:
		return sign(b.Points - a.Points)
	case a.GamesBetween != b.GamesBetween:
		return b.GamesBetween - a.GamesBetween
	}
	for k := 0; k < 2; k++ {
		switch {
		case k >= len(a.top) && k >= len(b.top):
			return 0
		case k >= len(a.top):
			return 1
		case k >= len(b.top):
			return -1
		case a.top[k] != b.top[k]:
			return a.top[k] - b.top[k]
		}
	}
	return 0
}

func sign(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
