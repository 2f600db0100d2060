package exchange

import (
	"fmt"
	"slices"
	"strings"

	"outflank"
	"outflank/knockout"
	"outflank/rules"
	"outflank/wof"
)

// addedGame is a game after %%Added results as first entered (a playoff
// round of the file's order), with its line in the file when known.
type addedGame struct {
	black, white int
	result       *outflank.Result
	line         int
	stage        outflank.Stage
	// matched: the rules call for the game (a match's); else it is kept
	// as a playoff game. doubted: the rules have a match between its
	// players, which the file plays otherwise (placeAdded).
	matched, doubted bool
}

// finalsInLastRound takes the games entered under the last numbered round
// marker after a player's second game in it as added results, when the
// ruleset has knockout stages: a file that puts its finals and playoffs at
// the end of the last round instead of after %%Added results (the EGP
// Prague 2019's "% Finals" under "%Round 11"). The games before the repeat
// are the round's, when as many as the round before has (a whole round:
// else the repeat is some other mistake, and the round is split as any
// other); the reader has warned about each repeat already.
func (b *eloBuilder) finalsInLastRound() {
	f := b.file
	last := len(f.Rounds) - 1
	if last < 0 || f.Rounds[last].Number == 0 || rules.PlanFor(b.t.Rules, len(f.Players)).QualifyingPlaces() == 0 {
		return
	}
	games := f.Rounds[last].Games
	busy := map[int]bool{}
	for i, g := range games {
		if busy[g.First] || busy[g.Second] {
			if last > 0 && i < len(f.Rounds[last-1].Games) {
				return
			}
			twice := g.Second
			if busy[g.First] {
				twice = g.First
			}
			b.warn("line %d: player %d plays twice in %s: the games from this line on are taken as the added results (finals, playoffs) that %%%%Added results would mark",
				g.Line, twice, roundName(f.Rounds[last]))
			f.Added = append(slices.Clone(games[i:]), f.Added...)
			f.Rounds[last].Games = games[:i]
			return
		}
		busy[g.First], busy[g.Second] = true, true
	}
}

// stageAdded puts the games after %%Added results in the knockout stages
// of the ruleset (docs/formats.md): the playoffs of the provisional list,
// the semi-finals, third places and finals of each title, the placement
// rounds, or the BOF National's play-offs, as the live knockout draws them
// from the final list. It runs once the header check has put back the
// byes, since the list decides who meets whom. Each game, in file order,
// goes to the match the rules call for between its two players at that
// point (Tournament.KnockoutStageOf): the live knockout's data, one round
// per stage and run of games in which nobody plays twice. A game no match
// calls for is kept as it was (a playoff game, outside the standings and
// the order of finish), and a warning names it. A drawn one-game match
// (EGP III.2, WOC III.2.2, AOF 4.3: the choice of colour or draw-win) is
// kept drawn: the file does not say who held the draw-win, so its places
// stay undecided until the director records the choice.
func (b *eloBuilder) stageAdded() {
	t := b.t
	main := 0
	for main < len(t.Rounds) && (t.Rounds[main].Stage == outflank.StageSwiss || t.Rounds[main].Stage == outflank.StageRoundRobin) {
		main++
	}
	if main == len(t.Rounds) || len(b.file.Added) == 0 {
		return
	}
	var games []addedGame
	for _, r := range t.Rounds[main:] {
		for _, g := range r.Games {
			games = append(games, addedGame{black: g.Black, white: g.White, result: g.Result})
		}
	}
	var lines []wof.Game
	for _, g := range b.file.Added {
		if g.First != g.Second {
			lines = append(lines, g)
		}
	}
	if len(lines) == len(games) {
		for i := range games {
			games[i].line = lines[i].Line
		}
	}
	rs := mustRuleset(t.Rules)
	if t.Plan().QualifyingPlaces() == 0 {
		what := "they are"
		if len(games) == 1 {
			what = "it is"
		}
		b.warn("%s after %%%%Added results: the %s rules have no knockout stage, so %s kept as added games, outside the standings and the order of finish",
			plural(len(games), "game"), rs.Name, what)
		return
	}
	t.Rounds = t.Rounds[:main]
	b.placeAdded(games)
	b.warnings = dropWarnings(b.warnings, "a player plays twice in added results: a new round starts here")
	for i := 0; i < len(games); {
		stage, matched := games[i].stage, games[i].matched
		busy := map[int]bool{}
		var pairs []outflank.Pair
		j := i
		for ; j < len(games) && games[j].stage == stage && games[j].matched == matched && !busy[games[j].black] && !busy[games[j].white]; j++ {
			busy[games[j].black], busy[games[j].white] = true, true
			pairs = append(pairs, outflank.Pair{Black: games[j].black, White: games[j].white})
		}
		r, err := t.AddRound(stage, pairs, nil)
		if err != nil {
			b.warn("added results: %s: games left out", outflank.ErrorMessage(err))
			i = j
			continue
		}
		n, first := r.Number, r.Games[0].Table
		r.Method = outflank.MethodAdded + string(stage)
		if !matched {
			r.Method = outflank.MethodAddedUnmatched
		}
		for k, g := range games[i:j] {
			if g.result == nil {
				continue
			}
			if _, err := t.SetResult(n, first+k, g.result, outflank.ResultOptions{AsRecorded: true}); err != nil {
				b.warn("%s: %s", b.addedName(g), outflank.ErrorMessage(err))
			}
		}
		i = j
	}
	why := ""
	if t.Plan().SideLists {
		// The women's and young players' lists need what an .ELO file
		// does not hold (WOC II.5-6).
		why = " (the women's and young players' matches are drawn from the players' gender and birth dates, which an .ELO file does not record)"
	}
	for _, g := range games {
		if g.doubted {
			b.warn("%s: the file's games between these players do not make the match the %s rules have between them (more games than the match has, or too few to decide it), so it is kept as an added game, outside the standings and the order of finish, and the match is still to play",
				b.addedName(g), rs.Name)
			continue
		}
		if !g.matched {
			b.warn("%s: the %s rules call for no knockout game between these players at this point of the added results%s, so it is kept as an added game, outside the standings and the order of finish",
				b.addedName(g), rs.Name, why)
		}
	}
	b.warnDrawnMatches()
}

// maxGames is the most games a match of format f has.
func maxGames(f knockout.Format) int {
	switch f {
	case knockout.BestOfThree:
		return 3
	case knockout.TwoGames:
		return 2
	}
	return 1
}

// pairOf is the key of the pair of players a and b.
func pairOf(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }

// placeAdded finds each game's stage on a copy of the tournament, one game
// a round, each with its result before the next is placed. A match the
// file plays otherwise than the rules is not taken for the rules': one
// whose players meet in more games than its format has (EGP Athens 2015
// played semi-finals and a best-of-three final where the 2014 rules have a
// one-game third place between the same two), or one the file leaves
// undecided (a draw waiting for its draw-win apart); its games are kept
// outside the matches, and the placing is done again without them, until
// no match is in doubt. A game played after its match was decided, within
// the format's length (a third game after 2-0), stays the match's, set
// apart as the live knockout sets it apart (Match.Needless).
func (b *eloBuilder) placeAdded(games []addedGame) {
	doubt := map[[2]int]bool{}
	for {
		trial := b.t.Clone()
		for i := range games {
			g := &games[i]
			stage, ok := trial.KnockoutStageOf(g.black, g.white)
			g.doubted = ok && doubt[pairOf(g.black, g.white)]
			if g.doubted {
				ok = false
			}
			if !ok {
				stage = outflank.StagePlayoff
			}
			g.stage, g.matched = stage, ok
			r, err := trial.AddRound(stage, []outflank.Pair{{Black: g.black, White: g.white}}, nil)
			if err != nil {
				continue
			}
			r.Method = outflank.MethodAdded + string(stage)
			if !ok {
				r.Method = outflank.MethodAddedUnmatched
			}
			if g.result != nil {
				_, _ = trial.SetResult(r.Number, r.Games[0].Table, g.result, outflank.ResultOptions{AsRecorded: true})
			}
		}
		more := false
		for _, m := range trial.Matches() {
			p := pairOf(m.Higher, m.Lower)
			played, placed := 0, 0
			for _, g := range games {
				if pairOf(g.black, g.white) == p {
					played++
					if g.matched {
						placed++
					}
				}
			}
			if placed > 0 && !doubt[p] && (played > maxGames(m.Format) || !m.State.Done && m.Blocked == "") {
				doubt[p], more = true, true
			}
		}
		if !more {
			return
		}
	}
}

// addedName names an added game: its line, players and score.
func (b *eloBuilder) addedName(g addedGame) string {
	score := "no result"
	if g.result != nil {
		score = g.result.Summary()
	}
	where := "added game"
	if g.line > 0 {
		where = fmt.Sprintf("line %d", g.line)
	}
	return fmt.Sprintf("%s: %s v %s %s", where, b.t.Describe(g.black), b.t.Describe(g.white), score)
}

// warnDrawnMatches says which one-game matches the file leaves drawn: the
// rules give the draw to whoever held the draw-win (WOC IV.9, EGP IV.9,
// AOF Appendix C), which an .ELO file does not record.
func (b *eloBuilder) warnDrawnMatches() {
	for _, m := range b.t.Matches() {
		if m.Blocked == "" || m.Format != knockout.OneGame || len(m.Games) == 0 {
			continue
		}
		last := m.Games[len(m.Games)-1]
		if res := last.Game.Result; res == nil || res.Outcome != outflank.OutcomeNormal || res.BlackDiscs != res.WhiteDiscs {
			continue
		}
		b.warn("the %s (round %d, table %d: %s v %s) is drawn, and the rules give a draw to whoever held the draw-win, %s's choice (%s), which an .ELO file does not record: "+
			"the places it decides stay undecided until the choice is recorded with the result (32-32 and the choice of colour or draw-win)",
			m.Label, last.Round, last.Game.Table, b.t.Describe(m.Higher), b.t.Describe(m.Lower), b.t.Describe(m.Higher), drawWinCite(b.t))
	}
}

// drawWinCite cites the draw-win rule of t's ruleset.
func drawWinCite(t *outflank.Tournament) string {
	switch t.Rules {
	case rules.EGP:
		return "EGP III.2, IV.9"
	case rules.AOF:
		return "AOF 4.3, Appendix C"
	}
	return "WOC III.2.2, IV.9"
}

// dropWarnings removes the warnings that end with suffix.
func dropWarnings(ws []string, suffix string) []string {
	out := ws[:0]
	for _, w := range ws {
		if !strings.HasSuffix(w, suffix) {
			out = append(out, w)
		}
	}
	return out
}
