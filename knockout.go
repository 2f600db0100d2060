package outflank

import (
	"fmt"
	"slices"
	"strings"

	"outflank/knockout"
	"outflank/rules"
	"outflank/standing"
)

// Match is a knockout match in progress or decided: a playoff of the
// provisional list (WOC II.3.2), a semi-final, a third place or a final.
type Match struct {
	Stage         Stage
	Title         rules.Title
	Kind          rules.Kind
	Higher, Lower int // player IDs; Higher is the better-ranked
	State         knockout.State
	Format        knockout.Format
	// Label names the match in sentences ("semi-final 1", "women's
	// final", "playoff 4th v 5th"), Name on the command line
	// ("semi-final-1", "women-final", "playoff-4-5").
	Label, Name string
	// Games are the match's games so far, played or in play, in order, up
	// to the one that decided it; Needless are those paired after it,
	// which the rules no longer call for (WOC III.1: no third game once a
	// player has won two), until they are withdrawn (WithdrawGame).
	Games    []MatchGame
	Needless []MatchGame
	// Slot is the third-day time slot of the match's next game (an index
	// in rules.ThirdDay: WOC Appendix B), -1 when the event has no
	// schedule or the match is decided.
	Slot int
	// Blocked says why the match cannot go on: its games break its
	// format's rules (a drawn one-game match entered without its
	// draw-win, a game 2 without reversed colours). "" when it can.
	Blocked string
}

// MatchGame is one game of a match and the round it is in.
type MatchGame struct {
	Round int
	Game  Game
	// Recorded: the game came from a file's added results (MethodAdded),
	// its colours as the file wrote them (knockout.Game.Recorded).
	Recorded bool
}

// InPlay reports whether the match's last game waits for its result.
func (m Match) InPlay() bool {
	return len(m.Games) > 0 && m.Games[len(m.Games)-1].Game.Result == nil
}

// has reports whether a and b are the match's two players.
func (m Match) has(a, b int) bool {
	return (m.Higher == a && m.Lower == b) || (m.Higher == b && m.Lower == a)
}

// knockoutState is the event after its main stage: the matches of every
// title, and the placement rounds still to play.
type knockoutState struct {
	plan rules.Plan
	ifrl Lists
	// ranked is the individual list as it stands (Lists.Current).
	ranked []int
	// playoffs are the provisional list's playoffs (WOC II.3.2), decided
	// or not; pending says some are undecided, so nothing else can be
	// paired yet.
	playoffs []Match
	pending  bool
	// matches are the semi-finals, third places and finals drawn so far.
	matches []Match
	// placement is the placement Swiss still to play (EGP II.2), or nil.
	placement *placement
	// women and young are the side titles' final lists (WOC II.5-6), and
	// whether their players are ranked by the WOC semi-finals instead.
	women, young               []standing.Row
	womenInSemis, youngInSemis bool
}

// all lists every match: the playoffs, then the brackets'.
func (k knockoutState) all() []Match { return append(slices.Clone(k.playoffs), k.matches...) }

// open lists the undecided matches of the stage the event is at: the
// playoffs while one is undecided, else the brackets'.
func (k knockoutState) open() []Match {
	from := k.matches
	if k.pending {
		from = k.playoffs
	}
	var open []Match
	for _, m := range from {
		if !m.State.Done {
			open = append(open, m)
		}
	}
	return open
}

// knockout works out the matches of the knockout stages the event has
// reached.
func (t *Tournament) knockout() knockoutState {
	plan := t.Plan()
	ifrl := t.IFRL(0)
	k := knockoutState{plan: plan, ifrl: ifrl, ranked: idsOf(ifrl.Current())}
	if plan.Playoffs {
		k.playoffs = t.playoffMatches(ifrl)
	}
	if ifrl.Final == nil {
		k.pending = len(ifrl.Pending) > 0
		return k
	}
	list := ifrl.Final
	main := bracket{title: rules.TitleIndividual, semi: StageSemiFinal, third: StageThirdPlace, final: StageFinal,
		semis: plan.SemiFinals, thirdPlace: plan.ThirdPlace, finals: plan.Final, thirdWhenTied: plan.ThirdPlaceWhenTied, scheduled: plan.SideLists}
	k.matches = t.bracketMatches(main, t.titleList(list))
	if plan.RestSwiss > 0 {
		k.placement = t.placementDue(list, plan.RestSwiss)
	}
	if !plan.SideLists {
		return k
	}
	oneGame := rules.Match{Played: true, Format: knockout.OneGame}
	side := func(title rules.Title, label string, stages [3]Stage, rows []standing.Row, inSemis bool) {
		// With fewer than four, the rules' semi-finals cannot be drawn:
		// the final list decides the title (a choice where WOC III.3-4
		// are silent).
		if inSemis || len(rows) < 4 {
			return
		}
		b := bracket{title: title, label: label, semi: stages[0], third: stages[1], final: stages[2], semis: oneGame, thirdPlace: oneGame, finals: oneGame, scheduled: true}
		k.matches = append(k.matches, t.bracketMatches(b, rows)...)
	}
	_, k.women, k.womenInSemis = t.Women(ifrl)
	side(rules.TitleWomen, "women's ", [3]Stage{StageWomenSemiFinal, StageWomenThirdPlace, StageWomenFinal}, k.women, k.womenInSemis)
	if _, young, youngInSemis, err := t.Young(ifrl); err == nil {
		k.young, k.youngInSemis = young, youngInSemis
		side(rules.TitleYoung, "young ", [3]Stage{StageYoungSemiFinal, StageYoungThirdPlace, StageYoungFinal}, young, youngInSemis)
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
	add := func(stage Stage, kind rules.Kind, m rules.Match, label, suffix string, x, y int) Match {
		a, c := order(ids, x, y)
		match := Match{Stage: stage, Title: b.title, Kind: kind, Higher: a, Lower: c, Format: m.Format, Label: b.label + label, Name: string(stage) + suffix}
		t.playMatch(&match)
		if next := match.State.Next; b.scheduled && next != nil {
			if slot, ok := rules.ThirdDaySlot(b.title, kind, next.Number); ok {
				match.Slot = slot
			}
		}
		matches = append(matches, match)
		return match
	}
	if b.semis.Played && len(ids) >= 4 {
		s1 := add(b.semi, rules.KindSemiFinal, b.semis, "semi-final 1", "-1", ids[0], ids[3])
		s2 := add(b.semi, rules.KindSemiFinal, b.semis, "semi-final 2", "-2", ids[1], ids[2])
		if !s1.State.Done || !s2.State.Done {
			return matches
		}
		w1, l1 := outcome(s1)
		w2, l2 := outcome(s2)
		if b.thirdPlace.Played {
			add(b.third, rules.KindThirdPlace, b.thirdPlace, "third place", "", l1, l2)
		}
		if b.finals.Played {
			add(b.final, rules.KindFinal, b.finals, "final", "", w1, w2)
		}
		return matches
	}
	if b.finals.Played && len(ids) >= 2 {
		add(b.final, rules.KindFinal, b.finals, "final", "", ids[0], ids[1])
	}
	if b.thirdPlace.Played && len(ids) >= 4 && (!b.thirdWhenTied || list[2].Points == list[3].Points) {
		add(b.third, rules.KindThirdPlace, b.thirdPlace, "third place", "", ids[2], ids[3])
	}
	return matches
}

// playoffMatches are the provisional list's playoffs (WOC II.3.2) as
// one-game matches, the better-ranked the higher.
func (t *Tournament) playoffMatches(ifrl Lists) []Match {
	var ms []Match
	for _, p := range ifrl.Playoffs {
		m := Match{Stage: StagePlayoff, Kind: rules.KindPlayoff, Higher: p.Better, Lower: p.Worse, Format: knockout.OneGame,
			Label: fmt.Sprintf("playoff %s v %s", ordinal(p.BetterRank), ordinal(p.WorseRank)), Name: fmt.Sprintf("playoff-%d-%d", p.BetterRank, p.WorseRank)}
		t.playMatch(&m)
		ms = append(ms, m)
	}
	return ms
}

// playMatch finds m's games and works out its state. A match whose games
// break its format's rules is blocked, with the reason, until they are
// corrected.
func (t *Tournament) playMatch(m *Match) {
	m.Slot = -1
	m.Games = t.matchGames(m.Stage, m.Higher, m.Lower)
	// A result corrected after the next game was paired may decide the
	// match before it: that game, and any after it, are set apart.
	for n := 1; n < len(m.Games) && m.Games[n-1].Game.Result != nil; n++ {
		if st, err := knockout.Play(m.Format, m.results(n)); err == nil && st.Done {
			m.Games, m.Needless = m.Games[:n], m.Games[n:]
			break
		}
	}
	var err error
	m.State, err = knockout.Play(m.Format, m.results(len(m.Games)))
	if err != nil {
		m.Blocked = strings.TrimPrefix(err.Error(), "knockout: ")
		m.State = knockout.State{}
		return
	}
	if !m.State.Done && !m.InPlay() {
		t.walkover(m)
	}
}

// walkover decides m, undecided and with no game in play, when a player
// has withdrawn: he is not paired again (WOC II.8, EGP Withdrawals: a BYE
// takes his place, and a BYE loses every game), so his opponent wins the
// match without playing the games left. A semi-finalist who withdraws
// after game 1 loses his semi-final, and then his third-place match. When
// both have withdrawn, the rules are silent: the better-ranked goes
// through, as a match tied on points and discs does (WOC III.1).
func (t *Tournament) walkover(m *Match) {
	gone := func(id int) bool {
		p, ok := t.Player(id)
		return ok && p.WithdrawnAfterRound != nil
	}
	higher, lower := gone(m.Higher), gone(m.Lower)
	if !higher && !lower {
		return
	}
	m.State.Done, m.State.Next = true, nil
	switch {
	case higher && lower:
		m.State.Winner, m.State.Reason = knockout.Higher, "both withdrew: the higher-ranked"
	case higher:
		m.State.Winner, m.State.Reason = knockout.Lower, "the opponent withdrew (WOC II.8)"
	default:
		m.State.Winner, m.State.Reason = knockout.Higher, "the opponent withdrew (WOC II.8)"
	}
}

// results are the results of the first n games of m, seen from the
// higher-ranked player, up to the first game still in play.
func (m Match) results(n int) []knockout.Game {
	var games []knockout.Game
	for _, mg := range m.Games[:n] {
		g := mg.Game
		if g.Result == nil {
			break
		}
		bp, wp := g.Result.Points()
		kg := knockout.Game{HigherBlack: g.Black == m.Higher, HigherDiscs: g.Result.BlackDiscs, LowerDiscs: g.Result.WhiteDiscs, HigherPoints: bp, Recorded: mg.Recorded}
		if g.White == m.Higher {
			kg.HigherDiscs, kg.LowerDiscs, kg.HigherPoints = g.Result.WhiteDiscs, g.Result.BlackDiscs, wp
		}
		games = append(games, kg)
	}
	return games
}

// matchGames lists the games of stage between a and b, played or not, in
// round order.
func (t *Tournament) matchGames(stage Stage, a, b int) []MatchGame {
	var games []MatchGame
	for _, r := range t.Rounds {
		if r.Stage != stage || r.Method == MethodAddedUnmatched {
			continue
		}
		for _, g := range r.Games {
			if (g.Black == a && g.White == b) || (g.Black == b && g.White == a) {
				games = append(games, MatchGame{Round: r.Number, Game: g, Recorded: strings.HasPrefix(r.Method, MethodAdded)})
			}
		}
	}
	return games
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

func pick(m Match, s knockout.Side) int {
	if s == knockout.Higher {
		return m.Higher
	}
	return m.Lower
}

// knockoutGame is what the rules say of one game of a knockout match.
type knockoutGame struct {
	name, label string
	// number is the game's number in its match.
	number int
	// chooser has the choice of colour for the game, 0 when its colours
	// are fixed (game 2 of a match: WOC III.1).
	chooser int
	// drawWin: the choice is of colour or draw-win, so a draw must go to
	// one player by it (WOC IV.9).
	drawWin bool
}

// knockoutGame finds the match of the game at table in round n and what
// the rules say of that game, given the games before it. It reports false
// for the games of the main stage and the placement rounds. A knockout
// game of no match Outflank drew (one entered by hand) follows its stage's
// format, the better-ranked in the list choosing.
func (t *Tournament) knockoutGame(n, table int) (knockoutGame, bool) {
	r, ok := t.Round(n)
	if !ok || r.counts() || r.Stage == StagePlacement {
		return knockoutGame{}, false
	}
	g, err := t.Game(n, table)
	if err != nil {
		return knockoutGame{}, false
	}
	k := t.knockout()
	for _, m := range k.all() {
		if m.Stage != r.Stage || !m.has(g.Black, g.White) {
			continue
		}
		for i, mg := range m.Games {
			if mg.Round != n || mg.Game.Table != table {
				continue
			}
			kg := knockoutGame{name: m.Name, label: m.Label, number: i + 1}
			if st, err := knockout.Play(m.Format, m.results(i)); err == nil && st.Next != nil && !st.Next.Fixed {
				kg.chooser, kg.drawWin = pick(m, st.Next.Chooser), st.Next.DrawWin
			}
			return kg, true
		}
	}
	kg := knockoutGame{name: string(r.Stage), label: strings.ReplaceAll(string(r.Stage), "-", " "), number: 1}
	if f, ok := k.stageFormat(r.Stage); ok && (f == knockout.OneGame || f == knockout.BOFPlayoff) {
		a, _ := order(k.ranked, g.Black, g.White)
		kg.chooser, kg.drawWin = a, f == knockout.OneGame
	}
	return kg, true
}

// stageFormat is the format of the matches of a knockout stage under the
// plan: one game for the playoffs and the side titles' games.
func (k knockoutState) stageFormat(s Stage) (knockout.Format, bool) {
	if s == StagePlayoff {
		return knockout.OneGame, true
	}
	title, kind, ok := s.Knockout()
	if !ok {
		return 0, false
	}
	if title != rules.TitleIndividual {
		return knockout.OneGame, true
	}
	m := k.plan.Final
	switch kind {
	case rules.KindSemiFinal:
		m = k.plan.SemiFinals
	case rules.KindThirdPlace:
		m = k.plan.ThirdPlace
	}
	return m.Format, m.Played
}
