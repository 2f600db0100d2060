package outflank

import (
	"fmt"
	"slices"
	"strconv"

	"outflank/knockout"
	"outflank/rules"
	"outflank/words"
)

// Step is what the event needs next, in plain words.
type Step struct {
	// Done is true once every stage is played.
	Done bool
	// Headline says what comes next ("round 9 of 13 to pair", "enter the
	// results of round 9 (4 of 6 in)", "the event is complete; ..."), and
	// Lines the games or matches it concerns, one each.
	Headline string
	Lines    []string
	// Text is the headline with the lines below it, indented.
	Text string
	// Matches are the knockout matches still to play.
	Matches []Match
}

// maxLines bounds the games a status lists (an online Swiss may have
// hundreds in play).
const maxLines = 20

// Status says what the event needs next (outflank status). The standings
// follow the same steps (Progress, IFRL, OrderOfFinish), so the two always
// agree.
func (t *Tournament) Status() Step {
	s := t.status()
	s.Text = s.Headline
	for _, l := range s.Lines {
		s.Text += "\n  " + l
	}
	if ex := t.TitleExclusions(); len(ex) > 0 {
		s.Text += "\nnot in the play-off for the British title, which goes to the best two eligible players (BOF National 4, 13):"
		for _, l := range ex {
			s.Text += "\n  " + l
		}
	}
	return s
}

func (t *Tournament) status() Step {
	if len(t.Players) == 0 {
		return Step{Headline: fmt.Sprintf("no players yet: add them with 'outflank player add %s --name NAME' or 'outflank player import %s FILE.csv'", t.Slug, t.Slug)}
	}
	if p := t.Progress(); len(p.InPlay) > 0 {
		s := Step{Headline: fmt.Sprintf("enter the results of %s (%d of %d in)", roundsWord(p.InPlay), p.Results, p.Games)}
		// Only the games listed are described (capLines): a 5,000-player
		// round has 2,500 games in play, and every page asks.
		missing := 0
		for _, r := range t.Rounds {
			for _, g := range r.Games {
				if g.Result == nil && r.counts() {
					if missing < maxLines {
						s.Lines = append(s.Lines, fmt.Sprintf("round %d table %d: %s v %s", r.Number, g.Table, t.Describe(g.Black), t.Describe(g.White)))
					}
					missing++
				}
			}
		}
		if missing > maxLines {
			s.Lines = append(s.Lines, fmt.Sprintf("... and %d more", missing-maxLines))
		}
		return s
	}
	main := 0
	for _, r := range t.Rounds {
		if r.counts() {
			main++
		}
	}
	if planned := t.PlannedRounds(); main < planned {
		return Step{Headline: fmt.Sprintf("round %d of %d to pair ('outflank pair %s')", main+1, planned, t.Slug)}
	}
	k := t.knockout()
	if s, over := t.recordOver(k); over {
		return s
	}
	open := k.open()
	for _, m := range open {
		if m.Blocked != "" {
			return Step{Headline: fmt.Sprintf("the %s cannot go on", m.Label), Lines: []string{blockedHelp(t, m)}, Matches: open}
		}
	}
	if needless := t.needless(k); len(needless) > 0 {
		// A result corrected after the next game was paired: the game
		// not needed comes first, then what is in play.
		s := Step{Headline: needlessHeadline(needless), Matches: open}
		for _, ng := range needless {
			s.Lines = append(s.Lines, ng.Words(t))
		}
		s.Lines = capLines(append(s.Lines, t.playing(k)...))
		return s
	}
	if k.pending {
		s := Step{Headline: fmt.Sprintf("playoffs needed (WOC II.3.2; 'outflank pair %s')", t.Slug), Matches: open}
		for _, m := range open {
			if !m.InPlay() {
				s.Lines = append(s.Lines, t.describePlayoff(m))
			}
		}
		if playing := t.playing(k); len(playing) > 0 {
			s.Headline = "enter the results of the playoffs (WOC II.3.2)"
			s.Lines = append(playing, s.Lines...)
		}
		return s
	}
	playing := t.playing(k)
	toPair, slot := t.nextToPair(k)
	switch {
	case len(playing) == 0 && len(toPair) == 0:
		return Step{Done: true, Headline: t.championText(k)}
	case len(playing) > 0:
		s := Step{Headline: fmt.Sprintf("enter the results of the %sgames in play:", slotNote(k, slot)), Lines: playing, Matches: open}
		if len(toPair) > 0 {
			s.Lines = append(s.Lines, fmt.Sprintf("still to pair at the same time ('outflank pair %s'):", t.Slug))
			s.Lines = append(s.Lines, toPair...)
		}
		return s
	}
	return Step{Headline: fmt.Sprintf("to pair next, the %sgames ('outflank pair %s'):", slotNote(k, slot), t.Slug), Lines: toPair, Matches: open}
}

// needlessHeadline says how many knockout games are not needed.
func needlessHeadline(ns []NeedlessGame) string {
	if len(ns) == 1 {
		return "a knockout game is not needed: withdraw it"
	}
	return fmt.Sprintf("%d knockout games are not needed: withdraw them", len(ns))
}

// lastTable is the table of a match's last game, 0 without one.
func lastTable(m Match) int {
	if len(m.Games) == 0 {
		return 0
	}
	return m.Games[len(m.Games)-1].Game.Table
}

func capLines(lines []string) []string {
	if len(lines) > maxLines {
		return append(lines[:maxLines], fmt.Sprintf("... and %d more", len(lines)-maxLines))
	}
	return lines
}

func roundsWord(rounds []int) string {
	if len(rounds) == 1 {
		return fmt.Sprintf("round %d", rounds[0])
	}
	return fmt.Sprintf("rounds %d-%d", rounds[0], rounds[len(rounds)-1])
}

// slotNote names the WOC time slot (Appendix B) of the games concerned:
// "9:30-10:40 (WOC Appendix B) ".
func slotNote(k knockoutState, slot int) string {
	if slot >= 0 && slot < len(rules.ThirdDay) && k.plan.SideLists {
		return fmt.Sprintf("%s (WOC Appendix B) ", rules.ThirdDay[slot].Time)
	}
	return ""
}

// playing describes the knockout games and placement games in play, one
// line each.
func (t *Tournament) playing(k knockoutState) []string {
	var lines []string
	known := map[[2]int]bool{}
	for _, ng := range t.needless(k) {
		known[[2]int{ng.Round, ng.Game.Table}] = true
	}
	all := k.all()
	slices.SortStableFunc(all, func(a, b Match) int { return lastTable(a) - lastTable(b) })
	for _, m := range all {
		for _, mg := range m.Games {
			known[[2]int{mg.Round, mg.Game.Table}] = true
		}
		if !m.InPlay() {
			continue
		}
		mg := m.Games[len(m.Games)-1]
		line := fmt.Sprintf("%s, game %d (round %d table %d): %s v %s", m.Label, len(m.Games), mg.Round, mg.Game.Table, t.Describe(mg.Game.Black), t.Describe(mg.Game.White))
		if c := t.describeChoice(mg.Game); c != "" {
			line += " (" + c + ")"
		}
		lines = append(lines, line)
	}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Result == nil && !r.counts() && !known[[2]int{r.Number, g.Table}] {
				lines = append(lines, fmt.Sprintf("%s (round %d table %d): %s v %s", r.Stage, r.Number, g.Table, t.Describe(g.Black), t.Describe(g.White)))
			}
		}
	}
	return capLines(lines)
}

// nextToPair describes what 'outflank pair' would pair now, one line per
// match (and the placement round), with the time slot.
func (t *Tournament) nextToPair(k knockoutState) ([]string, int) {
	inPlay, err := t.slotsInPlay(k)
	if err != nil || len(inPlay) > 1 {
		return nil, -1
	}
	target := -1
	for s := range inPlay {
		target = s
	}
	var candidates []Match
	for _, m := range k.open() {
		if m.InPlay() {
			continue
		}
		candidates = append(candidates, m)
		if s := k.slotOf(m, m.State.Games+1); len(inPlay) == 0 && (target < 0 || s < target) {
			target = s
		}
	}
	if k.placement != nil && len(inPlay) == 0 && (target < 0 || placementSlot(k.placement.next) < target) {
		target = placementSlot(k.placement.next)
	}
	var lines []string
	slices.SortStableFunc(candidates, func(a, b Match) int { return tableOrder(a) - tableOrder(b) })
	for _, m := range candidates {
		if k.slotOf(m, m.State.Games+1) == target {
			lines = append(lines, t.describeMatch(m))
		}
	}
	if p := k.placement; p != nil && placementSlot(p.next) == target {
		lines = append(lines, fmt.Sprintf("placement round %d of %d between places %d-%d (EGP II.2): %s",
			p.next, p.rounds, p.first, p.first+len(p.players)-1, words.Count(len(t.placementActive(p)), "player")))
	}
	return lines, target
}

// describeMatch says who plays the next game of m, who chooses colours and
// how long the game is.
func (t *Tournament) describeMatch(m Match) string {
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
		text += ", " + words.Count(min, "minute") + " each"
	}
	if m.Slot >= 0 {
		text += fmt.Sprintf(", %s", rules.ThirdDay[m.Slot].Time)
	}
	return text
}

// describePlayoff announces a playoff of the provisional list (WOC II.3.2).
func (t *Tournament) describePlayoff(m Match) string {
	var better, worse int
	var points float64
	for _, p := range t.IFRL(0).Playoffs {
		if p.Better == m.Higher && p.Worse == m.Lower {
			better, worse = p.BetterRank, p.WorseRank
		}
	}
	for _, r := range t.IFRL(0).Provisional {
		if r.Player == m.Higher {
			points = r.Points
		}
	}
	return fmt.Sprintf("playoff needed: %s v %s (%s and %s on %s); %s chooses colour or draw-win",
		t.Describe(m.Higher), t.Describe(m.Lower), ordinal(better), ordinal(worse), words.Points(points), t.Describe(m.Higher))
}

// blockedHelp says what stops a match and how to put it right.
func blockedHelp(t *Tournament, m Match) string {
	var last *MatchGame
	for i := range m.Games {
		if m.Games[i].Game.Result != nil {
			last = &m.Games[i]
		}
	}
	if last != nil && (m.Format == knockout.OneGame) && last.Game.Result.BlackDiscs == 32 && last.Game.Result.Outcome != OutcomeDrawWin {
		return fmt.Sprintf("round %d table %d is drawn 32-32 and a draw goes by %s's choice of colour or draw-win (%s): record it with 'outflank result %s %d %d 32-32 --replace --choice black|white|draw-win'",
			last.Round, last.Game.Table, t.Describe(m.Higher), drawWinRule(t.Rules), t.Slug, last.Round, last.Game.Table)
	}
	return m.Blocked + "; correct the games with 'outflank result ... --replace', or undo them"
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

func (t *Tournament) championText(k knockoutState) string {
	order := t.orderOfFinish(k, rules.TitleIndividual)
	if len(order.Places) == 0 {
		return "no players"
	}
	text := fmt.Sprintf("the event is complete; the winner is %s", t.Describe(order.Places[0].Player))
	if k.plan.SideLists {
		for _, side := range []struct {
			title rules.Title
			name  string
		}{{rules.TitleWomen, "women's"}, {rules.TitleYoung, "young players'"}} {
			if o := t.orderOfFinish(k, side.title); len(o.Places) > 0 {
				text += fmt.Sprintf("; %s champion %s", side.name, t.Describe(o.Places[0].Player))
			}
		}
	}
	return text
}

// Matches lists every knockout match drawn so far, decided or not: the
// playoffs of the provisional list, then the semi-finals, third places
// and finals of each title.
func (t *Tournament) Matches() []Match { return t.knockout().all() }
