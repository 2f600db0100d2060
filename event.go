package outflank

import (
	"fmt"
	"slices"

	"outflank/knockout"
	"outflank/rules"
	"outflank/standing"
)

// Plan is the shape of the event by its ruleset and field (rules.PlanFor).
func (t *Tournament) Plan() rules.Plan {
	active := 0
	for _, p := range t.Players {
		if p.WithdrawnAfterRound == nil || len(t.Rounds) == 0 {
			active++
		}
	}
	return rules.PlanFor(t.Rules, active)
}

// Match is a knockout match in progress or decided.
type Match struct {
	Stage         Stage
	Higher, Lower int // player IDs; Higher is the better-ranked
	State         knockout.State
	Format        knockout.Format
	Label         string
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
	if main < t.Settings.Rounds {
		return Step{Text: fmt.Sprintf("round %d of %d to pair ('outflank pair %s')", main+1, t.Settings.Rounds, t.Slug)}
	}
	matches, text, err := t.knockoutMatches()
	if err != nil {
		return Step{Text: err.Error()}
	}
	var open []Match
	for _, m := range matches {
		if !m.State.Done {
			open = append(open, m)
		}
	}
	if text != "" {
		return Step{Text: text, Matches: open}
	}
	if len(open) == 0 {
		return Step{Done: true, Text: t.championText()}
	}
	return Step{Text: describeMatches(t, open), Matches: open}
}

func describeMatches(t *Tournament, ms []Match) string {
	text := ""
	for i, m := range ms {
		if i > 0 {
			text += "; "
		}
		n := m.State.Next
		text += fmt.Sprintf("%s, game %d: %s v %s", m.Label, n.Number, t.Describe(m.Higher), t.Describe(m.Lower))
		switch {
		case n.Fixed && n.HigherBlack:
			text += fmt.Sprintf(" (%s black: colours reversed)", t.Describe(m.Higher))
		case n.Fixed:
			text += fmt.Sprintf(" (%s black: colours reversed)", t.Describe(m.Lower))
		case n.DrawWin:
			text += fmt.Sprintf(" (%s chooses colour or draw-win)", t.Describe(pick(m, n.Chooser)))
		default:
			text += fmt.Sprintf(" (%s chooses colour)", t.Describe(pick(m, n.Chooser)))
		}
	}
	return text + fmt.Sprintf(" ('outflank pair %s')", t.Slug)
}

func pick(m Match, s knockout.Side) int {
	if s == knockout.Higher {
		return m.Higher
	}
	return m.Lower
}

// knockoutMatches lists the matches of the knockout stages the event has
// reached. text is set when something else must come first (the playoffs).
func (t *Tournament) knockoutMatches() ([]Match, string, error) {
	plan := t.Plan()
	ifrl := t.IFRL(0)
	if plan.Playoffs && len(ifrl.Pending) > 0 {
		return nil, fmt.Sprintf("%d playoffs needed (WOC II.3.2): %s ('outflank pair %s')", len(ifrl.Pending), describePlayoffs(t, ifrl.Pending), t.Slug), nil
	}
	list := ifrl.Final
	if list == nil || !plan.Playoffs {
		list = ifrl.Provisional
	}
	ids := make([]int, len(list))
	for i, r := range list {
		ids[i] = r.Player
	}
	var matches []Match
	add := func(stage Stage, f knockout.Format, label string, a, b int) Match {
		m := Match{Stage: stage, Higher: a, Lower: b, Format: f, Label: label}
		m.State, _ = knockout.Play(f, t.matchGames(stage, a, b))
		matches = append(matches, m)
		return m
	}
	if plan.SemiFinals.Played && len(ids) >= 4 {
		s1 := add(StageSemiFinal, plan.SemiFinals.Format, "semi-final 1", ids[0], ids[3])
		s2 := add(StageSemiFinal, plan.SemiFinals.Format, "semi-final 2", ids[1], ids[2])
		if !s1.State.Done || !s2.State.Done {
			return matches, "", nil
		}
		w1, l1 := outcome(s1)
		w2, l2 := outcome(s2)
		// The higher-ranked in the list is the higher-ranked of each match.
		if plan.ThirdPlace.Played {
			a, b := order(ids, l1, l2)
			add(StageThirdPlace, plan.ThirdPlace.Format, "third place", a, b)
		}
		if plan.Final.Played {
			a, b := order(ids, w1, w2)
			add(StageFinal, plan.Final.Format, "final", a, b)
		}
		return matches, "", nil
	}
	if plan.Final.Played && len(ids) >= 2 {
		add(StageFinal, plan.Final.Format, "final", ids[0], ids[1])
	}
	if plan.ThirdPlace.Played && len(ids) >= 4 && (!plan.ThirdPlaceWhenTied || list[2].Points == list[3].Points) {
		add(StageThirdPlace, plan.ThirdPlace.Format, "third place", ids[2], ids[3])
	}
	return matches, "", nil
}

func describePlayoffs(t *Tournament, ps []standing.Playoff) string {
	text := ""
	for i, p := range ps {
		if i > 0 {
			text += "; "
		}
		text += fmt.Sprintf("%s v %s (ranks %d and %d); %s chooses colour or draw-win", t.Describe(p.Better), t.Describe(p.Worse), p.BetterRank, p.WorseRank, t.Describe(p.Better))
	}
	return text
}

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
// playoffs, or the next game of every undecided match (one round per
// stage). The chooser of colour is black until the director changes it
// (undo, then round add); game 2 of a match has the colours reversed.
func (t *Tournament) pairKnockout() (*Paired, error) {
	plan := t.Plan()
	ifrl := t.IFRL(0)
	if plan.Playoffs && len(ifrl.Pending) > 0 {
		var pairs []Pair
		for _, p := range ifrl.Pending {
			pairs = append(pairs, Pair{Black: p.Better, White: p.Worse})
		}
		r, err := t.AddRound(StagePlayoff, pairs, nil)
		if err != nil {
			return nil, err
		}
		r.Method = "playoffs of the provisional list (WOC II.3.2); the better-ranked chooses colour or draw-win"
		return &Paired{Round: r}, nil
	}
	matches, _, err := t.knockoutMatches()
	if err != nil {
		return nil, err
	}
	byStage := map[Stage][]Pair{}
	var stages []Stage
	for _, m := range matches {
		if m.State.Done {
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
	if len(stages) == 0 {
		return nil, Errorf(EINVALID, "%s is complete: %s", t.Slug, t.championText())
	}
	var first *Paired
	for _, st := range stages {
		r, err := t.AddRound(st, byStage[st], nil)
		if err != nil {
			return nil, err
		}
		r.Method = string(st) + ": next game of each match"
		if first == nil {
			first = &Paired{Round: r}
		}
	}
	return first, nil
}

// FinalOrder is the order of finish after the knockout stages: the final's
// winner and loser, then the third place's, then the individual list.
func (t *Tournament) FinalOrder() []int {
	matches, _, _ := t.knockoutMatches()
	var top []int
	for _, stage := range []Stage{StageFinal, StageThirdPlace} {
		for _, m := range matches {
			if m.Stage == stage && m.State.Done {
				w, l := outcome(m)
				top = append(top, w, l)
			}
		}
	}
	rest := t.RankOrder()
	for _, id := range rest {
		if !slices.Contains(top, id) {
			top = append(top, id)
		}
	}
	return top
}

func (t *Tournament) championText() string {
	order := t.FinalOrder()
	if len(order) == 0 {
		return "no players"
	}
	return fmt.Sprintf("the event is complete; the winner is %s", t.Describe(order[0]))
}
