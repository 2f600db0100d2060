package exchange

import (
	"math"
	"slices"

	"outflank"
	"outflank/wof"
)

// An .ELO file carries no bye lines: a bye shows only in the player line,
// whose score and disc count are the standings the sender's program
// published, byes included. At Oadby 2010 PAPP wrote ARNOLD 5 points and 302
// discs over games worth 4 and 258: a bye in round 1, scored 44-20 (BOF
// general rule 7). The import compares each player line with the player's
// games, puts back the byes, and the rounds missed that the ruleset scores
// with discs (BOF general rule 11: 20-44), that make the two agree, and
// reports every other difference. docs/formats.md, "What a player line's
// totals mean", says what was decided and why.

// HeaderClass names how a player line's totals compare with the player's
// games.
type HeaderClass string

// The classes: agreement, agreement once the import put back byes or
// absences, and the differences it leaves as the games say.
const (
	// HeaderAgree: the line's points and discs are those of the games.
	HeaderAgree HeaderClass = "agree"
	// HeaderBye: they agree once byes (and perhaps rounds missed) are put
	// back.
	HeaderBye HeaderClass = "bye inferred"
	// HeaderAbsent: they agree once rounds missed are scored as games not
	// played, with the ruleset's discs (BOF general rule 11: 20-44).
	HeaderAbsent HeaderClass = "absence inferred"
	// HeaderAdded: they agree when the games after %%Added results
	// (playoffs, finals) count too, which the standings leave to the final
	// lists.
	HeaderAdded HeaderClass = "added results counted"
	// HeaderOtherBye: the difference is a bye scored otherwise than the
	// event's other byes (64-0 among byes of 40-24), or a game won not in
	// the file.
	HeaderOtherBye HeaderClass = "bye scored otherwise"
	// HeaderDiscsUnknown: the points agree; some games' discs are not in
	// the file (result only, or placeholders such as (32)>(32)).
	HeaderDiscsUnknown HeaderClass = "placeholder discs in the games"
	// HeaderDiscsWritten: the points agree; the line adds up the discs as
	// the games write them, without giving the empty squares to the
	// winner as every rulebook does (WOC IV.5, BOF general rule 9).
	HeaderDiscsWritten HeaderClass = "discs as written"
	// HeaderNotDiscs: the points agree; the disc column holds more than
	// the games, a game more and 64 a round without a game could give, so
	// it is no disc count (a tie-break such as the Brightwell quotient).
	HeaderNotDiscs HeaderClass = "not a disc count"
	// HeaderDiscs: the points agree, the discs differ otherwise.
	HeaderDiscs HeaderClass = "other discs"
	// HeaderScaled: the lines give most players 2 or 3 times their
	// games' points: another scoring.
	HeaderScaled HeaderClass = "another scoring"
	// HeaderPlaceholder: the file's lines all say 0 points and 0 discs,
	// or most give one disc count to every player (224 to each of the 127
	// players of the Meijin 2006): totals left unfilled.
	HeaderPlaceholder HeaderClass = "placeholder totals"
	// HeaderMissing: the line has more than the games give, and the
	// player has rounds without a game: games missing from the file (a
	// forfeit or a game not played, which are not rated, or a game under
	// another id).
	HeaderMissing HeaderClass = "missing games"
	// HeaderMorePoints: the line has more points than the games give,
	// though the player played every round (points added).
	HeaderMorePoints HeaderClass = "more points"
	// HeaderFewerPoints: the line has fewer points than the games give
	// (games of a playoff among the rounds, points taken away).
	HeaderFewerPoints HeaderClass = "fewer points"
	// HeaderNoTotals: the line has no score: nothing to compare.
	HeaderNoTotals HeaderClass = "no totals"
)

// Mended reports whether c is an agreement the import made by putting back
// byes or absences.
func (c HeaderClass) Mended() bool { return c == HeaderBye || c == HeaderAbsent }

// Differs reports whether c is a difference the import leaves as the games
// say.
func (c HeaderClass) Differs() bool {
	return c != HeaderAgree && c != HeaderNoTotals && !c.Mended()
}

// HeaderCheck is what the import found comparing one player line with the
// player's games.
type HeaderCheck struct {
	// WOFID is the line's id, Player the player's id in the tournament.
	WOFID, Player int
	Class         HeaderClass
	// Byes and Absent are the rounds (the tournament's numbers) where the
	// import put back a bye or recorded the player absent.
	Byes, Absent []int
	// Line is the player line's number in the file.
	Line int
}

// eloTally is a player's games in the tournament being imported.
type eloTally struct {
	// points and discs are those of the main stage's games, as the
	// standings count them; addedPoints and addedDiscs those of the games
	// after %%Added results.
	points, addedPoints float64
	discs, addedDiscs   int
	// written adds up the main stage's discs as the file writes them;
	// unknown counts the main-stage games whose discs it does not give.
	written, unknown int
	// games counts the main-stage games, free lists the main-stage rounds
	// in which the player has no game, byeOK and missOK those of them
	// where a bye or an absence may be put back (openRounds), usable how
	// many rounds are in either.
	games               int
	free, byeOK, missOK []int
	usable              int
}

// explain is explain within the rounds where t's player may have had a
// bye or missed the round.
func (t *eloTally) explain(points float64, discs, bye, unplayed int) (byes, absent int, ok bool) {
	byes, absent, ok = explain(points, discs, len(t.free), bye, unplayed)
	if !ok || byes > len(t.byeOK) || absent > len(t.missOK) || byes+absent > t.usable {
		return 0, 0, false
	}
	return byes, absent, true
}

// byeScoring is a way to score a bye: the receiver's discs, and how it is
// known.
type byeScoring struct {
	discs int
	how   string
}

// otherByes are the ways to score a bye that real files show, to
// recognise a bye scored otherwise than the ruleset does: the rulebooks'
// (BOF general rule 7 44-20, AOF 1.4 40-24, and 32-32, Outflank's choice
// for WOC and EGP, rules.Ruleset.ByeRule), the least win 33-31 (Norway's
// and Gent's EGPs, 2009-2011), and 64-0, a game not played (Oslo Open 2009).
var otherByes = []byeScoring{
	{44, "as BOF general rule 7 has it"},
	{40, "as AOF 1.4 has it"},
	{32, "as Outflank scores it under WOC and EGP rules"},
	{33, "as the least win, as some programs score a bye"},
	{64, "as a game won 64-0, as WOC IV.8 scores a game not played"},
}

// fit is how a player line fits the player's games: its class, the byes
// and rounds missed that mend a difference, and for HeaderOtherBye the
// discs of the bye that would.
type fit struct {
	class         HeaderClass
	byes, absent  int
	otherByeDiscs int
}

// classify compares the player line pl with the player's games t. bye and
// unplayed are the discs the event gives a bye's receiver and a player for
// a round missed.
func classify(pl wof.Player, t *eloTally, bye, unplayed int) fit {
	if pl.Score == nil {
		return fit{class: HeaderNoTotals}
	}
	score := *pl.Score
	if pl.Discs == nil {
		// Points alone: no bye is inferred without its discs.
		switch score {
		case t.points:
			return fit{class: HeaderAgree}
		case t.points + t.addedPoints:
			return fit{class: HeaderAdded}
		}
		return fit{class: pointsClass(pl, t)}
	}
	discs := *pl.Discs
	if score == t.points && discs == t.discs {
		return fit{class: HeaderAgree}
	}
	if byes, absent, ok := t.explain(score-t.points, discs-t.discs, bye, unplayed); ok {
		if byes > 0 {
			return fit{HeaderBye, byes, absent, 0}
		}
		return fit{HeaderAbsent, 0, absent, 0}
	}
	if score == t.points+t.addedPoints && discs == t.discs+t.addedDiscs {
		return fit{class: HeaderAdded}
	}
	if byes, absent, ok := t.explain(score-t.points-t.addedPoints, discs-t.discs-t.addedDiscs, bye, unplayed); ok {
		// The byes are the main stage's, whatever else the line counts.
		return fit{HeaderAdded, byes, absent, 0}
	}
	for _, other := range otherByes {
		if other.discs == bye {
			continue
		}
		if _, _, ok := t.explain(score-t.points, discs-t.discs, other.discs, unplayed); ok {
			return fit{class: HeaderOtherBye, otherByeDiscs: other.discs}
		}
	}
	if t.written != t.discs {
		// The byes, with discs as the games write them.
		if byes, absent, ok := t.explain(score-t.points, discs-t.written, bye, unplayed); ok {
			return fit{writtenClass(t), byes, absent, 0}
		}
	}
	if score != t.points {
		return fit{class: pointsClass(pl, t)}
	}
	switch {
	case discs > t.discs+t.addedDiscs+64*(len(t.free)+1):
		return fit{class: HeaderNotDiscs}
	case discs == t.written:
		return fit{class: writtenClass(t)}
	case discs > t.discs && len(t.free) > 0:
		return fit{class: HeaderMissing}
	case t.unknown > 0:
		return fit{class: HeaderDiscsUnknown}
	}
	return fit{class: HeaderDiscs}
}

// writtenClass names a line that adds up the discs as the games write
// them: placeholders, or the discs without the empty squares.
func writtenClass(t *eloTally) HeaderClass {
	if t.unknown > 0 {
		return HeaderDiscsUnknown
	}
	return HeaderDiscsWritten
}

// pointsClass names a difference in points.
func pointsClass(pl wof.Player, t *eloTally) HeaderClass {
	score := *pl.Score
	switch {
	case score > t.points && len(t.free) > 0:
		return HeaderMissing
	case score > t.points:
		return HeaderMorePoints
	}
	return HeaderFewerPoints
}

// scaled reports whether a line's points are k times the games' (k 2 or
// 3): some events score 2 or 3 points a win.
func scaled(pl wof.Player, t *eloTally) bool {
	return pl.Score != nil && t.points > 0 && (*pl.Score == 2*t.points || *pl.Score == 3*t.points)
}

// zero reports whether a line's totals are 0 points and no or 0 discs.
func zero(pl wof.Player) bool {
	return pl.Score != nil && *pl.Score == 0 && (pl.Discs == nil || *pl.Discs == 0)
}

// sameDiscs reports whether at least three quarters of four or more lines
// give one disc count: a placeholder, as real games never make.
func sameDiscs(lines []wof.Player) bool {
	count, most, with := map[int]int{}, 0, 0
	for _, pl := range lines {
		if pl.Discs != nil {
			with++
			count[*pl.Discs]++
			most = max(most, count[*pl.Discs])
		}
	}
	return with >= 4 && 4*most >= 3*with
}

// explain returns the byes and rounds missed that make up the difference
// (points, discs) between a player line and the games, in at most free
// rounds without a game: each bye a point and bye discs, each round missed
// no point and unplayed discs. A ruleset that gives a round missed no discs
// (WOC IV.8 and those that follow it) leaves nothing to tell it from a
// round without a record, so no absence is inferred there.
func explain(points float64, discs, free, bye, unplayed int) (byes, absent int, ok bool) {
	if points < 0 || points != math.Trunc(points) || points > float64(free) {
		return 0, 0, false
	}
	byes = int(points)
	rest := discs - byes*bye
	switch {
	case rest == 0:
		return byes, 0, byes > 0
	case unplayed > 0 && rest > 0 && rest%unplayed == 0 && byes+rest/unplayed <= free:
		return byes, rest / unplayed, true
	}
	return 0, 0, false
}

// pickRounds chooses n of the rounds free for byes: the first in which no
// other bye was put back, then the first.
func pickRounds(free []int, n int, taken map[int]bool) []int {
	var picked []int
	for _, r := range free {
		if len(picked) < n && !taken[r] {
			picked = append(picked, r)
		}
	}
	for _, r := range free {
		if len(picked) < n && !slices.Contains(picked, r) {
			picked = append(picked, r)
		}
	}
	slices.Sort(picked)
	return picked
}

// tallies adds up each player's games as the tournament holds them.
func (b *eloBuilder) tallies() map[int]*eloTally {
	// Players are numbered 1, 2, 3...: slices indexed by id, not maps,
	// keep the walk over every game and round cheap at 100,000 games.
	top := 0
	for _, p := range b.t.Players {
		top = max(top, p.ID)
	}
	byID := make([]*eloTally, top+1)
	tallies := make(map[int]*eloTally, len(b.t.Players))
	for _, p := range b.t.Players {
		byID[p.ID] = &eloTally{written: b.written[p.ID], unknown: b.unknown[p.ID]}
		tallies[p.ID] = byID[p.ID]
	}
	played := make([]int, top+1) // the last round number each id played in
	for _, r := range b.t.Rounds {
		main := r.Stage == outflank.StageSwiss || r.Stage == outflank.StageRoundRobin
		for _, g := range r.Games {
			played[g.Black], played[g.White] = r.Number, r.Number
			if g.Result == nil {
				continue
			}
			bp, wp := g.Result.Points()
			byID[g.Black].count(main, bp, g.Result.BlackDiscs)
			byID[g.White].count(main, wp, g.Result.WhiteDiscs)
		}
		for _, id := range r.Byes {
			played[id] = r.Number
		}
		if main {
			for _, p := range b.t.Players {
				if played[p.ID] != r.Number {
					byID[p.ID].free = append(byID[p.ID].free, r.Number)
				}
			}
		}
	}
	return tallies
}

// openRounds sets the rounds in which each player may have had a bye or
// missed the round: those without a game in which no other player without
// a game has a line that counts more than his games, not as byes or
// rounds missed, in a way a game between the two would explain. A bye is a point: not where another may
// have lost a game there (his line has fewer extra points than rounds
// without a game), as at Grenoble 2009, whose file comments out
// ANDRIANI's games, NICOLET's win over him, 40-24, is no bye though AOF
// scores one so. A round missed is no point: not where another may have
// won a game there. unplayed is the discs of a round missed, which
// explains more discs without a point (BOF general rule 11).
func openRounds(tallies map[int]*eloTally, lines map[int]wof.Player, bye, unplayed int) {
	canLose, canWin := map[int]int{}, map[int]int{}
	loser, winner := map[int]bool{}, map[int]bool{}
	for id, t := range tallies {
		pl, ok := lines[id]
		if !ok || pl.Score == nil || len(t.free) == 0 {
			continue
		}
		extra := *pl.Score - t.points
		more := extra > 0 || pl.Discs != nil && *pl.Discs > t.discs
		if !more || pl.Discs != nil && byesOrMissed(*pl.Score, *pl.Discs, t, bye, unplayed) {
			continue
		}
		loser[id], winner[id] = extra < float64(len(t.free)), extra >= 1
		for _, r := range t.free {
			if loser[id] {
				canLose[r]++
			}
			if winner[id] {
				canWin[r]++
			}
		}
	}
	for id, t := range tallies {
		t.byeOK, t.missOK, t.usable = nil, nil, 0
		for _, r := range t.free {
			lose, win := canLose[r], canWin[r]
			if loser[id] {
				lose--
			}
			if winner[id] {
				win--
			}
			if lose == 0 {
				t.byeOK = append(t.byeOK, r)
			}
			if win == 0 {
				t.missOK = append(t.missOK, r)
			}
			if lose == 0 || win == 0 {
				t.usable++
			}
		}
	}
}

// byesOrMissed reports whether a line's totals, score and discs, are t's
// games (with or without the added results) and byes, scored as the
// event or any of otherByes scores them, and rounds missed, in t's rounds
// without a game.
func byesOrMissed(score float64, discs int, t *eloTally, bye, unplayed int) bool {
	for _, d := range append([]int{bye}, byeDiscsOfOthers()...) {
		if _, _, ok := explain(score-t.points, discs-t.discs, len(t.free), d, unplayed); ok {
			return true
		}
		if _, _, ok := explain(score-t.points-t.addedPoints, discs-t.discs-t.addedDiscs, len(t.free), d, unplayed); ok {
			return true
		}
	}
	return false
}

// byeDiscsOfOthers lists the discs of otherByes.
func byeDiscsOfOthers() []int {
	discs := make([]int, len(otherByes))
	for i, o := range otherByes {
		discs[i] = o.discs
	}
	return discs
}

// count adds a game's points and discs to t.
func (t *eloTally) count(main bool, points float64, discs int) {
	if !main {
		t.addedPoints += points
		t.addedDiscs += discs
		return
	}
	t.points += points
	t.discs += discs
	t.games++
}

// noteWritten records a main-stage game's discs as the file writes them,
// for telling a line that adds them up so (classify).
func (b *eloBuilder) noteWritten(g *wof.Game, black, white int, nominal bool) {
	if nominal {
		b.unknown[black]++
		b.unknown[white]++
	}
	if g.FirstDiscs == nil || g.SecondDiscs == nil {
		return
	}
	first, second := black, white
	if g.FirstColor == wof.White {
		first, second = white, black
	}
	b.written[first] += *g.FirstDiscs
	b.written[second] += *g.SecondDiscs
}
