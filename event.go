package outflank

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"outflank/knockout"
	"outflank/rules"
	"outflank/standing"
)

// Plan is the shape of the event by its ruleset and field (rules.PlanFor).
func (t *Tournament) Plan() rules.Plan { return rules.PlanFor(t.Rules, t.fieldSize()) }

// fieldSize is the number of players the format is chosen for: those of
// round 1 once it is paired (a later withdrawal does not change the
// format), else the players registered and active.
func (t *Tournament) fieldSize() int {
	if len(t.Rounds) > 0 {
		// Nobody plays twice in a round (AddRound).
		return 2*len(t.Rounds[0].Games) + len(t.Rounds[0].Byes)
	}
	n := 0
	for i := range t.Players {
		if t.Players[i].Active(1) {
			n++
		}
	}
	return n
}

// fixPlan settles the number of rounds by the ruleset's format for the
// field when the first round is entered, if the director left it to the
// plan (Settings.RoundsByPlan), and the Brightwell constant with it when
// it is the ruleset's (AOF Appendix B §2 and BOF 15 divide 64 by the
// rounds).
func (t *Tournament) fixPlan() {
	if !t.Settings.RoundsByPlan {
		return
	}
	t.Settings.Rounds, t.Settings.RoundsByPlan = t.Plan().MainRounds(), false
	if rs, ok := rules.Get(t.Rules); ok && t.Settings.BrightwellCByRules {
		t.Settings.BrightwellC = rs.BrightwellC(t.Settings.Rounds)
	}
}

// PlannedRounds is the number of rounds of the main stage: the settings',
// or the plan's for the field while the plan may still change it.
func (t *Tournament) PlannedRounds() int {
	if t.Settings.RoundsByPlan && len(t.Rounds) == 0 {
		return t.Plan().MainRounds()
	}
	return t.Settings.Rounds
}

// Match is a knockout match in progress or decided.
type Match struct {
	Stage         Stage
	Title         rules.Title
	Kind          rules.Kind
	Higher, Lower int // player IDs; Higher is the better-ranked
	State         knockout.State
	Format        knockout.Format
	Label         string
	// Slot is the third-day time slot of the match's next game (an index
	// in rules.ThirdDay: WOC Appendix B), -1 when the event has no
	// schedule or the match is decided.
	Slot int
}

// Step is what the event needs next, in plain words.
type Step struct {
	// Done is true once every stage is played.
	Done bool
	// Text says what comes next ("round 9 of 13 to pair", "playoff needed:
	// ...", "enter the results of round 9").
	Text string
	// Matches are the knockout matches still to play.
	Matches []Match
}

// Status says what the event needs next (outflank status).
func (t *Tournament) Status() Step {
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				return Step{Text: fmt.Sprintf("enter the results of round %d (table %d: %s v %s first)", r.Number, g.Table, t.Describe(g.Black), t.Describe(g.White))}
			}
		}
	}
	main := 0
	for _, r := range t.Rounds {
		if r.counts() {
			main++
		}
	}
	if planned := t.PlannedRounds(); main < planned {
		return Step{Text: fmt.Sprintf("round %d of %d to pair ('outflank pair %s')", main+1, planned, t.Slug)}
	}
	k := t.knockout()
	if k.waiting != "" {
		return Step{Text: k.waiting}
	}
	open := k.open()
	var parts []string
	if len(open) > 0 {
		parts = append(parts, describeMatches(t, open))
	}
	if k.placement != nil {
		parts = append(parts, fmt.Sprintf("placement round %d of %d between places %d-%d (EGP II.2): %d players",
			k.placement.next, k.placement.rounds, k.placement.first, k.placement.first+len(k.placement.players)-1, len(k.placement.players)))
	}
	if len(parts) == 0 {
		return Step{Done: true, Text: t.championText(k)}
	}
	return Step{Text: strings.Join(parts, "; ") + fmt.Sprintf(" ('outflank pair %s')", t.Slug), Matches: open}
}

func describeMatches(t *Tournament, ms []Match) string {
	var parts []string
	for _, m := range ms {
		n := m.State.Next
		text := fmt.Sprintf("%s, game %d: %s v %s", m.Label, n.Number, t.Describe(m.Higher), t.Describe(m.Lower))
		switch {
		case n.Fixed && n.HigherBlack:
			text += fmt.Sprintf(" (%s black: colours reversed)", t.Describe(m.Higher))
		case n.Fixed:
			text += fmt.Sprintf(" (%s black: colours reversed)", t.Describe(m.Lower))
		case n.DrawWin:
			text += fmt.Sprintf(" (%s chooses colour or draw-win)", t.Describe(pick(m, n.Chooser)))
		case n.Number == 3 && m.State.HigherDiscs == m.State.LowerDiscs:
			text += fmt.Sprintf(" (%s chooses colour: equal discs in games 1-2, the higher-ranked)", t.Describe(pick(m, n.Chooser)))
		case n.Number == 3:
			text += fmt.Sprintf(" (%s chooses colour: more discs in games 1-2)", t.Describe(pick(m, n.Chooser)))
		default:
			text += fmt.Sprintf(" (%s chooses colour)", t.Describe(pick(m, n.Chooser)))
		}
		if min := rules.StageMinutes(t.Rules, m.Kind); min > 0 {
			text += fmt.Sprintf(", %d minutes each", min)
		}
		if m.Slot >= 0 {
			text += fmt.Sprintf(", %s", rules.ThirdDay[m.Slot].Time)
		}
		parts = append(parts, text)
	}
	return strings.Join(parts, "; ")
}

func pick(m Match, s knockout.Side) int {
	if s == knockout.Higher {
		return m.Higher
	}
	return m.Lower
}

// knockoutState is the event after its main stage: the matches of every
// title, and the placement rounds still to play.
type knockoutState struct {
	// pending are the playoffs that must be played first (WOC II.3.2), and
	// waiting says so.
	pending []standing.Playoff
	waiting string
	plan    rules.Plan
	// ranked is the individual list as it stands (Lists.Current).
	ranked  []int
	matches []Match
	// placement is the placement Swiss still to play (EGP II.2), or nil.
	placement *placement
	// women and young are the side titles' final lists (WOC II.5-6), and
	// whether their players are ranked by the WOC semi-finals instead.
	women, young               []int
	womenInSemis, youngInSemis bool
}

func (k knockoutState) open() []Match {
	var open []Match
	for _, m := range k.matches {
		if !m.State.Done {
			open = append(open, m)
		}
	}
	return open
}

// knockout works out the matches of the knockout stages the event has
// reached, and what must come first.
func (t *Tournament) knockout() knockoutState {
	plan := t.Plan()
	ifrl := t.IFRL(0)
	k := knockoutState{plan: plan, ranked: idsOf(ifrl.Current())}
	if plan.Playoffs && len(ifrl.Pending) > 0 {
		k.pending = ifrl.Pending
		k.waiting = fmt.Sprintf("%s (WOC II.3.2; 'outflank pair %s')", describePlayoffs(t, ifrl.Pending, ifrl.Provisional), t.Slug)
		return k
	}
	list := ifrl.Current()
	if !plan.Playoffs {
		list = ifrl.Provisional
	}
	main := bracket{title: rules.TitleIndividual, label: "", semi: StageSemiFinal, third: StageThirdPlace, final: StageFinal,
		semis: plan.SemiFinals, thirdPlace: plan.ThirdPlace, finals: plan.Final, thirdWhenTied: plan.ThirdPlaceWhenTied, scheduled: plan.SideLists}
	k.matches = t.bracketMatches(main, list)
	if plan.RestSwiss > 0 {
		k.placement = t.placementDue(list, plan.RestSwiss)
	}
	if !plan.SideLists {
		return k
	}
	oneGame := rules.Match{Played: true, Format: knockout.OneGame}
	side := func(title rules.Title, label string, stages [3]Stage, rows []standing.Row, inSemis bool) []int {
		ids := idsOf(rows)
		// With fewer than four, the rules' semi-finals cannot be drawn:
		// the final list decides the title (a choice where WOC III.3-4
		// are silent).
		if inSemis || len(rows) < 4 {
			return ids
		}
		b := bracket{title: title, label: label, semi: stages[0], third: stages[1], final: stages[2], semis: oneGame, thirdPlace: oneGame, finals: oneGame, scheduled: true}
		k.matches = append(k.matches, t.bracketMatches(b, rows)...)
		return ids
	}
	_, women, womenInSemis := t.Women(ifrl)
	k.women, k.womenInSemis = side(rules.TitleWomen, "women's ", [3]Stage{StageWomenSemiFinal, StageWomenThirdPlace, StageWomenFinal}, women, womenInSemis), womenInSemis
	if _, young, youngInSemis, err := t.Young(ifrl); err == nil {
		k.young, k.youngInSemis = side(rules.TitleYoung, "young ", [3]Stage{StageYoungSemiFinal, StageYoungThirdPlace, StageYoungFinal}, young, youngInSemis), youngInSemis
	}
	return k
}

func idsOf(rows []standing.Row) []int {
	ids := make([]int, len(rows))
	for i, r := range rows {
		ids[i] = r.Player
	}
	return ids
}

// bracket is one title's knockout stages.
type bracket struct {
	title                     rules.Title
	label                     string
	semi, third, final        Stage
	semis, thirdPlace, finals rules.Match
	thirdWhenTied             bool
	// scheduled: the games follow the WOC third-day schedule.
	scheduled bool
}

// bracketMatches lists the matches of b drawn from list and decided so
// far: semi-finals 1st v 4th and 2nd v 3rd, then the final between their
// winners and the third place between their losers; without semi-finals,
// 1st v 2nd and 3rd v 4th. The better-ranked in list is the higher-ranked
// of each match.
func (t *Tournament) bracketMatches(b bracket, list []standing.Row) []Match {
	ids := idsOf(list)
	var matches []Match
	add := func(stage Stage, kind rules.Kind, m rules.Match, label string, x, y int) Match {
		a, c := order(ids, x, y)
		match := Match{Stage: stage, Title: b.title, Kind: kind, Higher: a, Lower: c, Format: m.Format, Label: b.label + label}
		match.State, _ = knockout.Play(m.Format, t.matchGames(stage, a, c))
		match.Slot = -1
		if next := match.State.Next; b.scheduled && next != nil {
			if slot, ok := rules.ThirdDaySlot(b.title, kind, next.Number); ok {
				match.Slot = slot
			}
		}
		matches = append(matches, match)
		return match
	}
	if b.semis.Played && len(ids) >= 4 {
		s1 := add(b.semi, rules.KindSemiFinal, b.semis, "semi-final 1", ids[0], ids[3])
		s2 := add(b.semi, rules.KindSemiFinal, b.semis, "semi-final 2", ids[1], ids[2])
		if !s1.State.Done || !s2.State.Done {
			return matches
		}
		w1, l1 := outcome(s1)
		w2, l2 := outcome(s2)
		if b.thirdPlace.Played {
			add(b.third, rules.KindThirdPlace, b.thirdPlace, "third place", l1, l2)
		}
		if b.finals.Played {
			add(b.final, rules.KindFinal, b.finals, "final", w1, w2)
		}
		return matches
	}
	if b.finals.Played && len(ids) >= 2 {
		add(b.final, rules.KindFinal, b.finals, "final", ids[0], ids[1])
	}
	if b.thirdPlace.Played && len(ids) >= 4 && (!b.thirdWhenTied || list[2].Points == list[3].Points) {
		add(b.third, rules.KindThirdPlace, b.thirdPlace, "third place", ids[2], ids[3])
	}
	return matches
}

func describePlayoffs(t *Tournament, ps []standing.Playoff, prov []standing.Row) string {
	var parts []string
	for _, p := range ps {
		points := prov[p.BetterRank-1].Points
		parts = append(parts, fmt.Sprintf("playoff needed: %s v %s (%s and %s on %s points); %s chooses colour or draw-win",
			t.Describe(p.Better), t.Describe(p.Worse), ordinal(p.BetterRank), ordinal(p.WorseRank), formatPoints(points), t.Describe(p.Better)))
	}
	return strings.Join(parts, "; ")
}

// ordinal writes 1st, 2nd, 3rd, 4th... (the playoffs concern ranks 1-8).
func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

// formatPoints writes 9 or 8.5.
func formatPoints(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) }

func outcome(m Match) (winner, loser int) {
	if m.State.Winner == knockout.Higher {
		return m.Higher, m.Lower
	}
	return m.Lower, m.Higher
}

// order returns a and b, the better-ranked in ids first.
func order(ids []int, a, b int) (int, int) {
	if slices.Index(ids, b) < slices.Index(ids, a) {
		return b, a
	}
	return a, b
}

// matchGames lists the games of stage between a and b, in round order,
// seen from a.
func (t *Tournament) matchGames(stage Stage, a, b int) []knockout.Game {
	var games []knockout.Game
	for _, r := range t.Rounds {
		if r.Stage != stage {
			continue
		}
		for _, g := range r.Games {
			if g.Result == nil || !((g.Black == a && g.White == b) || (g.Black == b && g.White == a)) {
				continue
			}
			bp, wp := g.Result.Points()
			kg := knockout.Game{HigherBlack: g.Black == a, HigherDiscs: g.Result.BlackDiscs, LowerDiscs: g.Result.WhiteDiscs, HigherPoints: bp}
			if g.White == a {
				kg.HigherDiscs, kg.LowerDiscs, kg.HigherPoints = g.Result.WhiteDiscs, g.Result.BlackDiscs, wp
			}
			games = append(games, kg)
		}
	}
	return games
}

// pairKnockout creates the next games of the knockout stages: the
// playoffs; or the next game of every undecided match, one round per
// stage, with the placement round if one is due. At a WOC the games follow
// the third-day schedule (Appendix B): only those of the earliest time
// slot still to play. The chooser of colour is black until the director
// changes it (undo, then round add); game 2 of a match has the colours
// reversed.
func (t *Tournament) pairKnockout(opts PairOptions) (*Paired, error) {
	k := t.knockout()
	if len(k.pending) > 0 {
		var pairs []Pair
		for _, p := range k.pending {
			pairs = append(pairs, Pair{Black: p.Better, White: p.Worse})
		}
		r, err := t.AddRound(StagePlayoff, pairs, nil)
		if err != nil {
			return nil, err
		}
		r.Method = "playoffs of the provisional list (WOC II.3.2); the better-ranked chooses colour or draw-win"
		return &Paired{Round: r}, nil
	}
	open := k.open()
	first := -1
	for _, m := range open {
		if m.Slot >= 0 && (first < 0 || m.Slot < first) {
			first = m.Slot
		}
	}
	byStage := map[Stage][]Pair{}
	var stages []Stage
	for _, m := range open {
		if m.Slot != first {
			continue
		}
		n := m.State.Next
		black, white := pick(m, n.Chooser), pick(m, 1-n.Chooser)
		if n.Fixed {
			black, white = m.Higher, m.Lower
			if !n.HigherBlack {
				black, white = m.Lower, m.Higher
			}
		}
		if _, ok := byStage[m.Stage]; !ok {
			stages = append(stages, m.Stage)
		}
		byStage[m.Stage] = append(byStage[m.Stage], Pair{Black: black, White: white})
	}
	if len(stages) == 0 && k.placement == nil {
		return nil, Errorf(EINVALID, "%s is complete: %s", t.Slug, t.championText(k))
	}
	var created []Paired // by value: adding a round may move the earlier ones
	for _, st := range stages {
		r, err := t.AddRound(st, byStage[st], nil)
		if err != nil {
			return nil, err
		}
		r.Method = string(st) + ": next game of each match"
		if first >= 0 {
			r.Method += fmt.Sprintf(" (WOC Appendix B: %s)", rules.ThirdDay[first].Time)
		}
		created = append(created, Paired{Round: &Round{Number: r.Number}})
	}
	if k.placement != nil {
		p, err := t.pairPlacement(k.placement, opts)
		if err != nil {
			return nil, err
		}
		created = append(created, Paired{Round: &Round{Number: p.Round.Number}, Swiss: p.Swiss})
	}
	paired := &created[0]
	for i := range created {
		created[i].Round = &t.Rounds[created[i].Round.Number-1]
		if i > 0 {
			paired.Also = append(paired.Also, &created[i])
		}
	}
	return paired, nil
}

// FinalOrder is the order of finish after the knockout stages: the final's
// winner and loser, then the third place's, then the placement list's
// players (EGP II.2: "the players of the list of 6 will always follow ...
// the first four"), then the individual list.
func (t *Tournament) FinalOrder() []int {
	return t.finalOrder(t.knockout())
}

func (t *Tournament) finalOrder(k knockoutState) []int {
	var top []int
	for _, stage := range []Stage{StageFinal, StageThirdPlace} {
		for _, m := range k.matches {
			if m.Stage == stage && m.State.Done {
				w, l := outcome(m)
				top = append(top, w, l)
			}
		}
	}
	if k.plan.RestSwiss > 0 && len(top) == 4 {
		top = append(top, t.placementOrder()...)
	}
	for _, id := range k.ranked {
		if !slices.Contains(top, id) {
			top = append(top, id)
		}
	}
	return top
}

// TitleOrder is the order of finish of a side title (WOC III.3-4): the
// final's winner and loser and the third place's, then the final list; or,
// when some of its players were in the WOC semi-finals, those in their
// order of finish in the WOC, then the rest of the list.
func (t *Tournament) TitleOrder(title rules.Title) []int {
	k := t.knockout()
	return t.titleOrder(k, title)
}

func (t *Tournament) titleOrder(k knockoutState, title rules.Title) []int {
	list, inSemis := k.women, k.womenInSemis
	if title == rules.TitleYoung {
		list, inSemis = k.young, k.youngInSemis
	}
	if title == rules.TitleIndividual {
		return t.finalOrder(k)
	}
	var top []int
	if inSemis {
		for _, id := range t.finalOrder(k)[:4] {
			if slices.Contains(list, id) {
				top = append(top, id)
			}
		}
	}
	for _, kind := range []rules.Kind{rules.KindFinal, rules.KindThirdPlace} {
		for _, m := range k.matches {
			if m.Title == title && m.Kind == kind && m.State.Done {
				w, l := outcome(m)
				top = append(top, w, l)
			}
		}
	}
	for _, id := range list {
		if !slices.Contains(top, id) {
			top = append(top, id)
		}
	}
	return top
}

func (t *Tournament) championText(k knockoutState) string {
	order := t.finalOrder(k)
	if len(order) == 0 {
		return "no players"
	}
	text := fmt.Sprintf("the event is complete; the winner is %s", t.Describe(order[0]))
	if k.plan.SideLists {
		for _, side := range []struct {
			title rules.Title
			name  string
		}{{rules.TitleWomen, "women's"}, {rules.TitleYoung, "young players'"}} {
			if o := t.titleOrder(k, side.title); len(o) > 0 {
				text += fmt.Sprintf("; %s champion %s", side.name, t.Describe(o[0]))
			}
		}
	}
	return text
}
