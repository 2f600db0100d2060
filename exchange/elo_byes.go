package exchange

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"outflank"
	"outflank/rules"
	"outflank/wof"
)

// maxDifferenceNames is how many players a warning names when more player
// lines differ from their games the same way: beyond it the lines are
// counted, so that a file whose disc column holds a tie-break gives one
// warning, not one a player.
const maxDifferenceNames = 3

// maxHeaderCells bounds the work of the header check: players times
// rounds of the main stage. The largest real file has 215 players in 8
// rounds; a file of a hundred thousand players in a million rounds, which
// fits in wof.MaxFileSize, would take hours, so beyond the bound the lines are
// not compared, and a warning says so.
const maxHeaderCells = 2_000_000

// checkHeader compares each player line of the file with the player's games
// in the tournament, puts back the byes and absences that make them agree,
// and warns about every other difference. It runs once the rounds are
// entered and the settings set.
func (b *eloBuilder) checkHeader() []HeaderCheck {
	f := b.file
	if len(f.Players) == 0 || len(b.t.Rounds) == 0 {
		return nil
	}
	if cells := len(b.t.Players) * len(b.t.Rounds); cells > maxHeaderCells {
		b.warn("%d players in %d rounds: too many to compare the player lines with the games, so no bye is put back", len(b.t.Players), len(b.t.Rounds))
		return nil
	}
	tallies := b.tallies()
	lineOf := make(map[int]wof.Player, len(f.Players))
	for _, pl := range f.Players {
		if id, ok := b.ids[pl.ID]; ok {
			if _, dup := lineOf[id]; !dup {
				lineOf[id] = pl
			}
		}
	}
	openRounds(tallies, lineOf, b.t.Settings.ByeDiscs[0], b.t.Settings.UnplayedDiscs[0])
	b.chooseByeDiscs(tallies)
	s := b.t.Settings
	var checks []HeaderCheck
	var lines []wof.Player
	var fits []fit
	for _, pl := range f.Players {
		id, ok := b.ids[pl.ID]
		if !ok {
			continue
		}
		fit := classify(pl, tallies[id], s.ByeDiscs[0], s.UnplayedDiscs[0])
		checks = append(checks, HeaderCheck{WOFID: pl.ID, Player: id, Class: fit.class, Line: pl.Line})
		lines, fits = append(lines, pl), append(fits, fit)
	}
	classifyFile(checks, lines, fits, tallies)
	// The players with the fewest rounds to choose from first, so that a
	// bye goes where only it fits before another takes the round.
	slack := func(i int) int { return tallies[checks[i].Player].usable - fits[i].byes - fits[i].absent }
	var mends []int
	for i, fit := range fits {
		if fit.byes+fit.absent > 0 {
			mends = append(mends, i)
		}
	}
	slices.SortStableFunc(mends, func(x, y int) int { return slack(x) - slack(y) })
	taken := map[int]bool{}
	for _, i := range mends {
		c, tally := &checks[i], tallies[checks[i].Player]
		byes := pickRounds(tally.byeOK, fits[i].byes, taken)
		rest := slices.DeleteFunc(slices.Clone(tally.missOK), func(n int) bool { return slices.Contains(byes, n) })
		if len(rest) < fits[i].absent {
			// The rounds a bye fits leave too few to miss: no way to
			// place both.
			c.Class = HeaderMissing
			continue
		}
		c.Byes, c.Absent = byes, rest[:fits[i].absent]
		for _, n := range c.Byes {
			taken[n] = true
		}
		b.putBack(c, lines[i], tally, slack(i) > 0)
	}
	b.warnDifferences(checks, lines, fits, tallies)
	b.noteUnrecorded(checks, lines, tallies)
	return checks
}

// classifyFile names the differences that show only over the whole file:
// a file whose lines all say 0, or give most players one disc count, left
// them unfilled; one whose lines give most players 2 or 3 times their
// games' points scores otherwise; a disc column that is no disc count for
// some lines is none for any.
func classifyFile(checks []HeaderCheck, lines []wof.Player, fits []fit, tallies map[int]*eloTally) {
	placeholder := sameDiscs(lines)
	notDiscs, scale, zeros, totals := false, 0, 0, 0
	for i, c := range checks {
		if c.Class == HeaderNoTotals {
			continue
		}
		totals++
		notDiscs = notDiscs || c.Class == HeaderNotDiscs
		if scaled(lines[i], tallies[c.Player]) {
			scale++
		}
		if zero(lines[i]) {
			zeros++
		}
	}
	for i := range checks {
		c := &checks[i]
		if !c.Class.Differs() || fits[i].byes+fits[i].absent > 0 {
			continue
		}
		discsOnly := lines[i].Score != nil && *lines[i].Score == tallies[c.Player].points
		switch {
		case zeros == totals, placeholder && discsOnly:
			c.Class = HeaderPlaceholder
		case 2*scale >= totals && c.Class != HeaderDiscsUnknown && c.Class != HeaderDiscsWritten:
			c.Class = HeaderScaled
		case notDiscs && c.Class == HeaderDiscs:
			c.Class = HeaderNotDiscs
		}
	}
}

// chooseByeDiscs sets the bye discs of the event to the scoring of a bye
// (otherByes) that explains the most player lines, when that is not the
// ruleset's: the file's own totals are the witness of how its event scored
// a bye (BOF regionals of 2009 scored theirs 40-24, not 44-20 as BOF
// general rule 7 has it), and the import rebuilds the event as it was
// played, so that its standings are those it published. The bye discs are
// a setting under every ruleset ('new --bye-discs'), and a warning says
// what was set.
func (b *eloBuilder) chooseByeDiscs(tallies map[int]*eloTally) {
	s := &b.t.Settings
	// Only a line with a point more than the games, and a round without
	// a game, can be a bye's.
	type line struct {
		pl    wof.Player
		tally *eloTally
	}
	var maybe []line
	for _, pl := range b.file.Players {
		if id, ok := b.ids[pl.ID]; ok && pl.Score != nil && pl.Discs != nil && len(tallies[id].byeOK) > 0 && *pl.Score >= tallies[id].points+1 {
			maybe = append(maybe, line{pl, tallies[id]})
		}
	}
	if len(maybe) == 0 {
		return
	}
	explained := func(bye int) int {
		n := 0
		for _, l := range maybe {
			if classify(l.pl, l.tally, bye, s.UnplayedDiscs[0]).byes > 0 {
				n++
			}
		}
		return n
	}
	own := s.ByeDiscs[0]
	best, most := byeScoring{discs: own}, explained(own)
	for _, other := range otherByes {
		if n := explained(other.discs); other.discs != own && n > most {
			best, most = other, n
		}
	}
	if best.discs == own {
		return
	}
	s.ByeDiscs = [2]int{best.discs, 64 - best.discs}
	if b.t.Rules == rules.Custom {
		b.warn("the player lines count a bye %d-%d, %s: this custom event's byes are scored so (its bye discs setting)", best.discs, 64-best.discs, best.how)
		return
	}
	rs, _ := rules.Get(b.t.Rules)
	b.warn("the player lines count a bye %d-%d, %s, not %d-%d as the %s rules do (%s): the event's byes are scored as it scored them (its bye discs setting), so that its standings are those it published",
		best.discs, 64-best.discs, best.how, rs.ByeDiscs[0], rs.ByeDiscs[1], b.t.Rules, ruleCite(rs.ByeRule))
}

// putBack enters the byes and absences of c, picked among the rounds in
// which the player has no game, adds them to the player's tally, and says
// so; chosen says that there were more such rounds than needed.
func (b *eloBuilder) putBack(c *HeaderCheck, pl wof.Player, tally *eloTally, chosen bool) {
	t := b.t
	for _, n := range c.Byes {
		r, _ := t.Round(n)
		r.Byes = append(r.Byes, c.Player)
		slices.Sort(r.Byes)
	}
	if len(c.Absent) > 0 {
		if err := t.MarkAbsent(c.Player, c.Absent); err != nil {
			b.warn("%s: the player line counts %s as missed, which cannot be recorded: %s", t.Describe(c.Player), outflank.RoundList(c.Absent), outflank.ErrorMessage(err))
			c.Absent, c.Class = nil, HeaderMissing
			if len(c.Byes) == 0 {
				return
			}
		}
	}
	s := t.Settings
	tally.points += float64(len(c.Byes))
	tally.discs += len(c.Byes)*s.ByeDiscs[0] + len(c.Absent)*s.UnplayedDiscs[0]
	var what []string
	switch len(c.Byes) {
	case 0:
	case 1:
		what = append(what, fmt.Sprintf("a bye inferred in round %d", c.Byes[0]))
	default:
		what = append(what, "byes inferred in "+outflank.RoundList(c.Byes))
	}
	if len(c.Absent) > 0 {
		what = append(what, fmt.Sprintf("absent in %s inferred (a round missed scores %d-%d: %s)",
			outflank.RoundList(c.Absent), s.UnplayedDiscs[0], s.UnplayedDiscs[1], unplayedRule(t.Rules)))
	}
	msg := fmt.Sprintf("%s: %s from the player line's %s", t.Describe(c.Player), strings.Join(what, " and "), totalsWords(pl))
	if chosen {
		msg += fmt.Sprintf("; the player has no game in %s, and the first that fits was taken", roundsWords(tally.free))
	}
	if !b.marked {
		msg += "; the file has no round markers, so the rounds are as the import split the games"
	}
	b.warn("%s", msg)
}

// unplayedRule cites the rule that scores a round missed with discs.
func unplayedRule(id rules.ID) string {
	if rs, ok := rules.Get(id); ok && id != rules.Custom {
		return ruleCite(rs.UnplayedRule)
	}
	return "the event's setting"
}

// ruleCite returns the citation of a ruleset's rule, the text before its
// colon: "BOF general rule 11" of "BOF general rule 11: games not played
// score 20-44".
func ruleCite(rule string) string {
	cite, _, _ := strings.Cut(rule, ":")
	return cite
}

// noteUnrecorded says, where the event scores a round missed with discs
// (BOF general rule 11), which players have rounds without a game that
// their line, agreeing with their games, counts as nothing: PAPP's way
// with a late arrival (BUTLER at Oadby 2010: 78 discs, his games' own).
// The import keeps the line's totals, the standings the event published;
// recording the absence gives the rulebook's.
func (b *eloBuilder) noteUnrecorded(checks []HeaderCheck, lines []wof.Player, tallies map[int]*eloTally) {
	u := b.t.Settings.UnplayedDiscs
	if u[0] == 0 {
		return
	}
	for i, c := range checks {
		tally := tallies[c.Player]
		if len(tally.free) == 0 || c.Class != HeaderAgree {
			continue
		}
		b.warn("%s: no game and no bye in %s, which the player line's %s count as nothing, as PAPP counts a round missed: kept so, not recorded absent (recorded absent, %s would score %s %d-%d: %s)",
			b.t.Describe(c.Player), roundsWords(tally.free), totalsWords(lines[i]), unplayedRule(b.t.Rules), itWords(len(tally.free)),
			u[0], u[1], plural(tally.discs+len(tally.free)*u[0], "disc"))
	}
}

// roundsWords words a list of rounds as outflank.RoundList does, counting
// them past a dozen: a player who left early has no game in many.
func roundsWords(rounds []int) string {
	if len(rounds) > 12 {
		return fmt.Sprintf("%d rounds, %d to %d", len(rounds), rounds[0], rounds[len(rounds)-1])
	}
	return outflank.RoundList(rounds)
}

func itWords(n int) string {
	if n == 1 {
		return "it"
	}
	return "each"
}

// warnDifferences warns about the player lines the import leaves as the
// games say: one warning a player, or one a kind of difference when more
// than maxDifferenceNames players share it.
func (b *eloBuilder) warnDifferences(checks []HeaderCheck, lines []wof.Player, fits []fit, tallies map[int]*eloTally) {
	type kind struct {
		class HeaderClass
		bye   int
	}
	groups := map[kind][]int{}
	var order []kind
	for i, c := range checks {
		if !c.Class.Differs() {
			continue
		}
		k := kind{c.Class, fits[i].otherByeDiscs}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range order {
		group := groups[k]
		why := b.differenceWhy(k.class, k.bye)
		if len(group) > maxDifferenceNames {
			names := make([]string, maxDifferenceNames)
			for j, i := range group[:maxDifferenceNames] {
				names[j] = b.t.Describe(checks[i].Player)
			}
			b.warn("the player lines of %d players (%s, ...) give other totals than their games: %s; the standings count the games", len(group), strings.Join(names, ", "), why)
			continue
		}
		for _, i := range group {
			c, pl, tally := checks[i], lines[i], tallies[checks[i].Player]
			games, source := pointsWords(tally.points), "the games"
			if pl.Discs != nil {
				games += " and " + plural(tally.discs, "disc")
			}
			if len(c.Byes)+len(c.Absent) > 0 {
				source = "the games with what was put back"
			}
			b.warn("%s: the player line (line %d) says %s, %s give %s: %s; the standings count the games", b.t.Describe(c.Player), c.Line, totalsWords(pl), source, games, why)
		}
	}
}

// differenceWhy says what a kind of difference most likely is; bye is the
// discs of the bye that would explain a HeaderOtherBye.
func (b *eloBuilder) differenceWhy(class HeaderClass, bye int) string {
	own := b.t.Settings.ByeDiscs
	switch class {
	case HeaderAdded:
		return "the line also counts the games after %%Added results, which the standings leave to the final lists"
	case HeaderOtherBye:
		how := ""
		for _, o := range otherByes {
			if o.discs == bye {
				how = ", " + o.how
			}
		}
		return fmt.Sprintf("the difference is a bye scored %d-%d%s, while this event's byes score %d-%d, or a game won that the file does not have", bye, 64-bye, how, own[0], own[1])
	case HeaderDiscsUnknown:
		return "some of the games give no discs or placeholders (as (32)>(32)), which count 33-31 or 32-32 here"
	case HeaderDiscsWritten:
		return "the line adds up the discs as the games write them, without giving the empty squares to the winner"
	case HeaderNotDiscs:
		return "its disc column holds more than the games, a game more and 64 a round without a game could give: no disc count (a tie-break?)"
	case HeaderScaled:
		return "the line scores the games otherwise (a bonus, or 2 or 3 points a win)"
	case HeaderPlaceholder:
		return "the file's player lines all say 0, or most give one disc count: its totals are placeholders"
	case HeaderMissing:
		return "the player has rounds without a game: games missing from the file (a forfeit or a game not played, which are not rated, or a game written under another id)"
	case HeaderMorePoints:
		return "points were added to the games' (a bonus?)"
	case HeaderFewerPoints:
		return "the games give more points than the line (a game written twice, or among the rounds though not counted?)"
	}
	return "the discs differ"
}

// totalsWords gives a player line's totals: "5 points and 302 discs".
func totalsWords(pl wof.Player) string {
	s := "no score"
	if pl.Score != nil {
		s = pointsWords(*pl.Score)
	}
	if pl.Discs != nil {
		s += " and " + plural(*pl.Discs, "disc")
	}
	return s
}

// pointsWords gives points in words: "1 point", "5.5 points".
func pointsWords(p float64) string {
	s := strconv.FormatFloat(p, 'f', -1, 64)
	if p == 1 {
		return s + " point"
	}
	return s + " points"
}

// plural gives "1 disc" or "n discs".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
