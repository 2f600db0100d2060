package outflank

import (
	"fmt"
	"slices"
	"strings"

	"outflank/knockout"
	"outflank/rules"
)

// pairKnockout creates the next games of the knockout stages: the
// playoffs; or the next game of every undecided match of the next time
// slot, one round per stage, with the placement round if one is due. At a
// WOC the slots are the third-day schedule's (Appendix B); elsewhere the
// games of one phase and game number are played together (EGP III.2: the
// third place "at the same time as the first game of the final"). While
// some games of a slot are in play, the rest of that slot may be paired
// (opts.Match pairs one match alone). The tables of a slot are numbered on
// from one round to the next, so each game has a table of its own.
//
// The player with the choice of colour gets the colours his recorded
// choice gives (opts.Choices), black when it is not given; a game 2 has
// those of game 1 reversed. --fix and --forbid do not apply: the rules
// draw the matches and their colours.
func (t *Tournament) pairKnockout(opts PairOptions) (*Paired, error) {
	if len(opts.Fixed) > 0 {
		return nil, Errorf(EINVALID, "--fix applies to Swiss rounds: a knockout game's colours follow the choice of colour (WOC III.1, IV.9); give it with --choice (e.g. --choice white, or --choice 3=draw-win)")
	}
	if len(opts.Forbidden) > 0 {
		return nil, Errorf(EINVALID, "--forbid applies to Swiss rounds: the knockout matches are drawn from the list (WOC II.3.2, III.2)")
	}
	k := t.knockout()
	if opts.Replace {
		return t.repairMatch(k, opts)
	}
	used := t.tablesUsed(k)
	inPlay, err := t.slotsInPlay(k)
	if err != nil {
		return nil, err
	}
	var candidates []Match
	for _, m := range k.open() {
		if m.Blocked != "" {
			return nil, Errorf(EINVALID, "%s cannot go on: %s", m.Label, blockedHelp(t, m))
		}
		if !m.InPlay() {
			candidates = append(candidates, m)
		}
	}
	target := -1
	switch {
	case len(inPlay) > 1:
		return nil, Errorf(EINVALID, "games of %d time slots are in play: %s", len(inPlay), t.inPlayHelp(k))
	case len(inPlay) == 1:
		for s := range inPlay {
			target = s
		}
	default:
		for _, m := range candidates {
			if s := k.slotOf(m, m.State.Games+1); target < 0 || s < target {
				target = s
			}
		}
		if k.placement != nil && (target < 0 || placementSlot(k.placement.next) < target) {
			target = placementSlot(k.placement.next)
		}
	}
	var todo []Match
	for _, m := range candidates {
		if k.slotOf(m, m.State.Games+1) == target {
			todo = append(todo, m)
		}
	}
	withPlacement := k.placement != nil && placementSlot(k.placement.next) == target && opts.Match == ""
	if opts.Match != "" {
		m, err := t.pairable(k, opts.Match, todo)
		if err != nil {
			return nil, err
		}
		todo = []Match{m}
	}
	if len(todo) == 0 && !withPlacement {
		if len(inPlay) > 0 {
			return nil, Errorf(EINVALID, "nothing more to pair until the games in play have their results: %s", t.inPlayHelp(k))
		}
		return nil, Errorf(EINVALID, "%s is complete: %s", t.Slug, t.championText(k))
	}
	if opts.SeedGiven && !withPlacement {
		return nil, Errorf(EINVALID, "--seed: nothing is drawn at random in this pairing (the rules draw the knockout matches): leave it out")
	}
	assigned, err := t.assignColours(todo, opts)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(assigned, func(a, b assignment) int { return tableOrder(a.m) - tableOrder(b.m) })
	var created []Paired // by value: adding a round may move the earlier ones
	table := used[target] + 1
	for i := 0; i < len(assigned); {
		stage := assigned[i].m.Stage
		var pairs []Pair
		j := i
		for ; j < len(assigned) && assigned[j].m.Stage == stage; j++ {
			pairs = append(pairs, Pair{Black: assigned[j].black, White: assigned[j].white})
		}
		r, err := t.addRound(table, stage, pairs, nil)
		if err != nil {
			return nil, err
		}
		for g := range r.Games {
			r.Games[g].Choice = assigned[i+g].choice
		}
		r.Method = string(stage) + ": next game of each match"
		switch {
		case stage == StagePlayoff:
			r.Method = "playoffs of the provisional list (WOC II.3.2); the better-ranked chooses colour or draw-win"
		case k.plan.SideLists:
			r.Method += fmt.Sprintf(" (WOC Appendix B: %s)", rules.ThirdDay[target].Time)
		}
		table += len(pairs)
		created = append(created, Paired{Round: &Round{Number: r.Number}})
		i = j
	}
	if withPlacement {
		p, err := t.pairPlacement(k.placement, opts) // on the slot's next tables (firstTable)
		if err != nil {
			return nil, err
		}
		created = append(created, Paired{Round: &Round{Number: p.Round.Number}, Swiss: p.Swiss})
	}
	paired := &created[0]
	for _, a := range assigned {
		paired.Notes = append(paired.Notes, a.notes...)
	}
	for i := range created {
		created[i].Round = &t.Rounds[created[i].Round.Number-1]
		if i > 0 {
			paired.Also = append(paired.Also, &created[i])
		}
	}
	return paired, nil
}

// tableOrder puts the games of a time slot on the tables in this order:
// the individual title's final, semi-finals, third place, then the
// women's, then the young players', then the playoffs.
func tableOrder(m Match) int {
	title := map[rules.Title]int{rules.TitleIndividual: 0, rules.TitleWomen: 1, rules.TitleYoung: 2}[m.Title]
	kind := map[rules.Kind]int{rules.KindFinal: 0, rules.KindSemiFinal: 1, rules.KindThirdPlace: 2, rules.KindPlayoff: 3}[m.Kind]
	return 10*title + kind
}

// slotPlayoffs is the time slot of the playoffs (WOC II.3.2): all are
// played at once, after the main stage.
const slotPlayoffs = 1000

// slotOf is the time slot of game number of m: at a WOC, its slot of the
// third-day schedule (Appendix B, III.3-4); elsewhere, the semi-finals'
// game N, or the finals' and third places' game N (EGP III.2).
func (k knockoutState) slotOf(m Match, number int) int {
	if m.Stage == StagePlayoff {
		return slotPlayoffs
	}
	if k.plan.SideLists {
		if s, ok := rules.ThirdDaySlot(m.Title, m.Kind, number); ok {
			return s
		}
	}
	if m.Kind == rules.KindSemiFinal {
		return 100 + number
	}
	return 200 + number
}

// placementSlot is the time slot of placement round n: with game n of the
// semi-finals (EGP II.2).
func placementSlot(n int) int { return 100 + n }

// tablesUsed returns, for each time slot, the highest table its games
// have so far.
func (t *Tournament) tablesUsed(k knockoutState) map[int]int {
	used := map[int]int{}
	for _, m := range k.all() {
		for i, mg := range slices.Concat(m.Games, m.Needless) {
			s := k.slotOf(m, i+1)
			used[s] = max(used[s], mg.Game.Table)
		}
	}
	n := 0
	for _, r := range t.Rounds {
		if r.Stage != StagePlacement {
			continue
		}
		n++
		for _, g := range r.Games {
			used[placementSlot(n)] = max(used[placementSlot(n)], g.Table)
		}
	}
	return used
}

// firstTable is the first table of a round of stage entered with pairs:
// for a knockout game, the next free table of its time slot; else 1.
func (t *Tournament) firstTable(stage Stage, pairs []Pair) int {
	if _, _, ok := stage.Knockout(); len(pairs) == 0 || (!ok && stage != StagePlayoff && stage != StagePlacement) {
		return 1
	}
	k := t.knockout()
	used := t.tablesUsed(k)
	if stage == StagePlacement {
		n := 1
		for _, r := range t.Rounds {
			if r.Stage == StagePlacement {
				n++
			}
		}
		return used[placementSlot(n)] + 1
	}
	for _, m := range k.all() {
		if m.Stage == stage && m.has(pairs[0].Black, pairs[0].White) {
			return used[k.slotOf(m, len(m.Games)+1)] + 1
		}
	}
	return 1
}

// slotsInPlay returns the time slots with knockout games or a placement
// round still to finish. A game of a later stage with no result outside
// any match (entered by hand) stops the pairing, as in PairNext.
func (t *Tournament) slotsInPlay(k knockoutState) (map[int]bool, error) {
	slots := map[int]bool{}
	known := map[[2]int]bool{}
	// A game the rules no longer call for is withdrawn before anything
	// more is paired; one played all the same is only reported.
	for _, ng := range t.needless(k) {
		if ng.Game.Result == nil {
			return nil, Errorf(EINVALID, "%s, before pairing more", ng.Words(t))
		}
		known[[2]int{ng.Round, ng.Game.Table}] = true
	}
	for _, m := range k.all() {
		for i, mg := range m.Games {
			known[[2]int{mg.Round, mg.Game.Table}] = true
			if mg.Game.Result == nil {
				slots[k.slotOf(m, i+1)] = true
			}
		}
	}
	n := 0
	for _, r := range t.Rounds {
		if r.Stage == StagePlacement {
			n++
		}
		for _, g := range r.Games {
			switch {
			case g.Result != nil || known[[2]int{r.Number, g.Table}]:
			case r.Stage == StagePlacement:
				slots[placementSlot(n)] = true
			default:
				return nil, Errorf(EINVALID, "round %d table %d (%s v %s) has no result yet: enter it before pairing", r.Number, g.Table, t.Describe(g.Black), t.Describe(g.White))
			}
		}
	}
	return slots, nil
}

// inPlayHelp lists the knockout games waiting for their results.
func (t *Tournament) inPlayHelp(k knockoutState) string {
	var parts []string
	for _, m := range k.all() {
		if m.InPlay() {
			mg := m.Games[len(m.Games)-1]
			parts = append(parts, fmt.Sprintf("%s, game %d (round %d table %d)", m.Label, len(m.Games), mg.Round, mg.Game.Table))
		}
	}
	if len(parts) == 0 {
		return "the placement round"
	}
	return strings.Join(parts, "; ")
}

// pairable finds the match name names, and checks that its next game is
// one of todo, those that may be paired now.
func (t *Tournament) pairable(k knockoutState, name string, todo []Match) (Match, error) {
	m, err := t.findMatch(k, name)
	if err != nil {
		return Match{}, err
	}
	switch {
	case m.State.Done:
		return Match{}, Errorf(EINVALID, "%s is decided (%s): there is nothing to pair", m.Name, m.State.Reason)
	case m.InPlay():
		mg := m.Games[len(m.Games)-1]
		return Match{}, Errorf(EINVALID, "%s's game %d is paired (round %d table %d) and waits for its result: --replace re-pairs it ('outflank pair %s --match %s --replace --choice ...')",
			m.Name, len(m.Games), mg.Round, mg.Game.Table, t.Slug, m.Name)
	}
	for _, c := range todo {
		if c.Name == m.Name {
			return c, nil
		}
	}
	if m.Slot >= 0 {
		return Match{}, Errorf(EINVALID, "%s's game %d is at %s (WOC Appendix B): the earlier games come first", m.Name, m.State.Games+1, rules.ThirdDay[m.Slot].Time)
	}
	return Match{}, Errorf(EINVALID, "%s's game %d cannot be paired yet: other games come first ('outflank status %s')", m.Name, m.State.Games+1, t.Slug)
}

// repairMatch pairs again, in place, the game in play of the match
// opts.Match names: the same round and table, the colours of the choice
// given now. Undo takes back that alone.
func (t *Tournament) repairMatch(k knockoutState, opts PairOptions) (*Paired, error) {
	if opts.Match == "" {
		return nil, Errorf(EINVALID, "--replace re-pairs the game in play of one match: name it with --match (e.g. --match final)")
	}
	if opts.SeedGiven {
		return nil, Errorf(EINVALID, "--seed: nothing is drawn at random when a knockout game is re-paired: leave it out")
	}
	m, err := t.findMatch(k, opts.Match)
	if err != nil {
		return nil, err
	}
	if !m.InPlay() {
		return nil, Errorf(EINVALID, "--replace: %s has no game waiting for its result; pair its next game with 'outflank pair %s --match %s'", m.Name, t.Slug, m.Name)
	}
	last := m.Games[len(m.Games)-1]
	st, err := knockout.Play(m.Format, m.results(len(m.Games)-1))
	if err != nil {
		return nil, Errorf(EINVALID, "%s cannot go on: %s", m.Label, strings.TrimPrefix(err.Error(), "knockout: "))
	}
	if st.Next == nil || st.Next.Fixed {
		return nil, Errorf(EINVALID, "--replace: game %d of the %s has the colours of game 1 reversed (WOC III.1): nothing to choose, nothing to re-pair", len(m.Games), m.Label)
	}
	m.State = st
	assigned, err := t.assignColours([]Match{m}, opts)
	if err != nil {
		return nil, err
	}
	g, err := t.Game(last.Round, last.Game.Table)
	if err != nil {
		return nil, err
	}
	a := assigned[0]
	g.Black, g.White, g.Choice = a.black, a.white, a.choice
	r, _ := t.Round(last.Round)
	return &Paired{Round: r, Repaired: g.Table, Notes: a.notes}, nil
}

// assignment is a knockout game's colours and recorded choice, and notes
// on the colours given for want of a choice (Paired.Notes).
type assignment struct {
	m            Match
	black, white int
	choice       *Choice
	notes        []string
}

// assignColours gives each match's next game its colours: fixed for a
// game 2 (WOC III.1); else by the chooser's decision among opts.Choices
// (WOC IV.9: his colour; or draw-win, his opponent then choosing the
// colours). A decision not told yet (not given, or named in opts.Untold)
// gives the chooser UntoldSide for now, and so does an opponent's colour
// not told after a draw-win: each such game gets a
// note saying so, and with opts.AskChoices a decision neither given nor
// said to be untold is refused, so that no colour is chosen for a player
// in silence. A bare decision needs a single chooser; every choice must
// concern a player of these games.
func (t *Tournament) assignColours(ms []Match, opts PairOptions) ([]assignment, error) {
	var choosers []int
	for _, m := range ms {
		if n := m.State.Next; !n.Fixed {
			choosers = append(choosers, pick(m, n.Chooser))
		}
	}
	decided := map[int]Decision{}
	for _, c := range opts.Choices {
		id := c.Player
		if id == 0 {
			if len(choosers) != 1 {
				return nil, t.choosersHelp(choosers, c.Chose)
			}
			id = choosers[0]
		}
		if _, dup := decided[id]; dup {
			return nil, Errorf(EINVALID, "--choice names %s twice", t.Describe(id))
		}
		decided[id] = c.Chose
	}
	untold := map[int]bool{}
	for _, id := range opts.Untold {
		if _, ok := decided[id]; ok {
			return nil, Errorf(EINVALID, "%s's choice is given (%s) and said not to be told yet: give one or the other", t.Describe(id), decided[id])
		}
		untold[id] = true
	}
	var out []assignment
	for _, m := range ms {
		n := m.State.Next
		a := assignment{m: m}
		if n.Fixed {
			a.black, a.white = m.Higher, m.Lower
			if !n.HigherBlack {
				a.black, a.white = m.Lower, m.Higher
			}
			for _, id := range []int{m.Higher, m.Lower} {
				_, ok := decided[id]
				if ok || untold[id] {
					return nil, Errorf(EINVALID, "--choice: game %d of the %s has the colours of game 1 reversed (WOC III.1): nobody chooses", n.Number, m.Label)
				}
			}
			out = append(out, a)
			continue
		}
		chooser, other := pick(m, n.Chooser), pick(m, 1-n.Chooser)
		d, own := decided[chooser]
		od, hasOther := decided[other]
		chooserUntold, otherUntold := untold[chooser], untold[other]
		for _, id := range []int{chooser, other} {
			delete(decided, id)
			delete(untold, id)
		}
		game := fmt.Sprintf("%s, game %d", m.Label, n.Number)
		what := "choice of colour"
		if n.DrawWin {
			what = "choice of colour or draw-win"
		}
		switch {
		case hasOther && d != ChoseDrawWin, otherUntold && own && d != ChoseDrawWin:
			return nil, Errorf(EINVALID, "--choice: %s has the choice of colour in the %s, not %s (who picks the colours only after a draw-win)", t.Describe(chooser), m.Label, t.Describe(other))
		case hasOther && od == ChoseDrawWin:
			return nil, Errorf(EINVALID, "--choice: %s cannot take the draw-win: %s has it", t.Describe(other), t.Describe(chooser))
		case d == ChoseDrawWin && !n.DrawWin:
			return nil, Errorf(EINVALID, "--choice: in the %s %s chooses the colour, without the draw-win (%s): give black or white",
				m.Label, t.Describe(chooser), colourOnlyRule(t.Rules))
		case opts.AskChoices && !own && !chooserUntold:
			return nil, Errorf(EINVALID, "%s: %s's %s is not given (%s): give it, or say that he has not told it yet", game, t.Describe(chooser), what, drawWinRule(t.Rules))
		case opts.AskChoices && d == ChoseDrawWin && !hasOther && !otherUntold:
			return nil, Errorf(EINVALID, "%s: after %s's draw-win %s chooses the colours (%s b): give %s's colour, or say that he has not told it yet",
				game, t.Describe(chooser), t.Describe(other), drawWinRule(t.Rules), t.Describe(other))
		}
		chooserSide := UntoldSide // until told (also after a draw-win, until the opponent tells)
		switch {
		case d == ChoseBlack, d == ChoseWhite:
			chooserSide = Side(d)
		case d == ChoseDrawWin && hasOther:
			chooserSide = Side(od).Other()
		}
		a.black, a.white = chooser, other
		if chooserSide == White {
			a.black, a.white = other, chooser
		}
		again := fmt.Sprintf("re-pair the game with 'outflank pair %s --match %s --replace --choice ...' once told", t.Slug, m.Name)
		switch {
		case !own:
			a.notes = append(a.notes, fmt.Sprintf("%s: %s has not told his %s yet, so he plays %s for now; %s", game, t.Describe(chooser), what, UntoldSide, again))
		case d == ChoseDrawWin && !hasOther:
			a.notes = append(a.notes, fmt.Sprintf("%s: %s took the draw-win, and %s, who chooses the colours (%s b), has not told his colour yet, so he plays %s for now; %s",
				game, t.Describe(chooser), t.Describe(other), drawWinRule(t.Rules), UntoldSide.Other(), again))
		}
		if own {
			a.choice = &Choice{Player: chooser, Chose: d}
		}
		out = append(out, a)
	}
	for id := range decided {
		return nil, Errorf(EINVALID, "--choice: %s has no choice of colour in this pairing; %s", t.Describe(id), t.choosersList(choosers))
	}
	for id := range untold {
		return nil, Errorf(EINVALID, "%s has no choice of colour in this pairing; %s", t.Describe(id), t.choosersList(choosers))
	}
	return out, nil
}

func (t *Tournament) choosersHelp(choosers []int, d Decision) error {
	if len(choosers) == 0 {
		return Errorf(EINVALID, "--choice: nobody chooses colours in this pairing (the colours of game 1 are reversed: WOC III.1)")
	}
	return Errorf(EINVALID, "--choice %s: %d players choose in this pairing (%s): name the chooser, e.g. --choice %d=%s",
		d, len(choosers), t.describeAll(choosers), choosers[0], d)
}

func (t *Tournament) choosersList(choosers []int) string {
	if len(choosers) == 0 {
		return "nobody chooses"
	}
	return "the choice is " + t.describeAll(choosers) + "'s"
}

func (t *Tournament) describeAll(ids []int) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = t.Describe(id)
	}
	return strings.Join(names, ", ")
}

// mainStage refuses the options of knockout pairings in a round of the
// main stage.
func (o PairOptions) mainStage() error {
	switch {
	case len(o.Choices) > 0:
		return Errorf(EINVALID, "--choice applies to knockout games (WOC IV.9): this round is paired by the Swiss or round-robin rules")
	case o.Match != "":
		return Errorf(EINVALID, "--match applies to knockout matches: the main stage is still on")
	case o.Replace:
		return Errorf(EINVALID, "--replace re-pairs a knockout game: the main stage is still on")
	case len(o.Untold) > 0:
		return Errorf(EINVALID, "a choice of colour not told yet concerns knockout games (WOC IV.9): this round is paired by the Swiss or round-robin rules")
	}
	return nil
}
