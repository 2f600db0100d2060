package outflank

import (
	"fmt"
	"time"

	"outflank/rules"
	"outflank/standing"
	"outflank/words"
)

// counts reports whether a round counts for the standings: the round robin
// and Swiss rounds do; playoffs, semi-finals and finals make the final
// lists instead (WOC II.3.3, III).
func (r *Round) counts() bool { return r.Stage == StageRoundRobin || r.Stage == StageSwiss }

// StandingsInput gathers what the standings after round afterRound depend
// on; 0 stands for the last complete round (Progress), so a list never
// counts a round in play.
func (t *Tournament) StandingsInput(afterRound int) standing.Input {
	if afterRound <= 0 {
		afterRound = t.Progress().Complete
	}
	return t.standingsInput(func(r *Round) bool { return r.counts() && r.Number <= afterRound })
}

// LiveStandings ranks the players on every result entered, the round in
// play included: its finished games and its byes count, its games still on
// count neither as played nor as unplayed (standing.Pending).
func (t *Tournament) LiveStandings() []standing.Row {
	return standing.Compute(t.standingsInput(func(r *Round) bool { return r.counts() }))
}

// Progress is how far the rounds that make the list have got.
type Progress struct {
	// Complete is the last round up to which every round that counts has
	// all its results (0 before that of round 1).
	Complete int
	// InPlay are the rounds that count after Complete (paired, results
	// missing); Results and Games count their results in and their games.
	InPlay         []int
	Results, Games int
}

// Progress says which rounds that count are complete and which in play.
func (t *Tournament) Progress() Progress {
	var p Progress
	for _, r := range t.Rounds {
		if !r.counts() {
			continue
		}
		in := 0
		for _, g := range r.Games {
			if g.Result != nil {
				in++
			}
		}
		if in == len(r.Games) && len(p.InPlay) == 0 {
			p.Complete = r.Number
			continue
		}
		p.InPlay = append(p.InPlay, r.Number)
		p.Results += in
		p.Games += len(r.Games)
	}
	return p
}

// Label says what a list after p.Complete leaves out: "after round 2;
// round 3 in play, 4 of 6 results in"; "" when no round is in play.
func (p Progress) Label() string {
	if len(p.InPlay) == 0 {
		return ""
	}
	rounds := fmt.Sprintf("round %d", p.InPlay[0])
	if n := len(p.InPlay); n > 1 {
		rounds = fmt.Sprintf("rounds %d-%d", p.InPlay[0], p.InPlay[n-1])
	}
	before := "before round 1"
	if p.Complete > 0 {
		before = fmt.Sprintf("after round %d", p.Complete)
	}
	return fmt.Sprintf("%s; %s in play, %d of %s in", before, rounds, p.Results, words.Count(p.Games, "result"))
}

// standingsInput gathers the standings' input from the rounds include
// accepts. It is the one computation every view reads (the lists, the
// crosstable, the player pages, the pairings, the exports): each decides
// only which rounds count.
//
// The rounds accepted are numbered 1, 2, 3... in order for the standings:
// the main stage's rounds come first and keep their numbers, and EGP
// II.2's placement rounds, played between the semi-finals' games, follow
// them without the knockout rounds between them counting as rounds their
// players did not play (WOC Appendix A §3 c).
func (t *Tournament) standingsInput(include func(*Round) bool) standing.Input {
	in := standing.Input{
		C: t.Settings.BrightwellC, HalfSquares: 32, ByeDiscs: t.Settings.ByeDiscs[0], AbsentDiscs: t.Settings.UnplayedDiscs[0],
		Seed: t.Settings.DrawSeed, TieBreak: t.tieBreak(), DrawInOrder: t.Settings.Record,
	}
	if t.Settings.BrightwellVariant == BrightwellFTD {
		in.Variant = standing.FTD
	}
	// upTo[n] is the number of rounds counted up to round n.
	upTo := make([]int, len(t.Rounds)+1)
	for i := range t.Rounds {
		r := &t.Rounds[i]
		upTo[r.Number] = in.Rounds
		if !include(r) {
			continue
		}
		in.Rounds++
		upTo[r.Number] = in.Rounds
		for _, g := range r.Games {
			if g.Result == nil {
				in.Pending = append(in.Pending, standing.Pending{Round: in.Rounds, Player: g.Black}, standing.Pending{Round: in.Rounds, Player: g.White})
				continue
			}
			bp, wp := g.Result.Points()
			in.Games = append(in.Games, standing.Game{Round: in.Rounds, Black: g.Black, White: g.White,
				BlackDiscs: g.Result.BlackDiscs, WhiteDiscs: g.Result.WhiteDiscs, BlackPts: bp, WhitePts: wp})
		}
		for _, id := range r.Byes {
			in.Byes = append(in.Byes, standing.Bye{Round: in.Rounds, Player: id})
		}
		for _, id := range t.Missed(r.Number) {
			in.Absences = append(in.Absences, standing.Absence{Round: in.Rounds, Player: id})
		}
	}
	// A withdrawal once the main stage is over (a semi-finalist leaving
	// during his match) does not reach back into its lists: they were
	// final when the knockout stages were drawn from them, and the
	// games he left unplayed are knockout games (a choice: WOC Appendix A
	// a-c speak of the rounds of the list).
	lastMain, over := 0, t.mainRounds() >= t.PlannedRounds()
	for _, r := range t.Rounds {
		if r.counts() {
			lastMain = r.Number
		}
	}
	for _, p := range t.Players {
		sp := standing.Player{ID: p.ID}
		if w := p.WithdrawnAfterRound; w != nil && !(over && *w >= lastMain) {
			sp.WithdrawnAfter = max(upTo[min(max(*w, 0), len(t.Rounds))], 1)
		}
		in.Players = append(in.Players, sp)
	}
	return in
}

// tieBreak is the settings' tie-break, or the ruleset's: disc count in AOF
// and BOF round robins (AOF 1.3, BOF general rule 12), else the Brightwell
// quotient.
func (t *Tournament) tieBreak() standing.TieBreak {
	switch t.Settings.TieBreak {
	case TieBreakDiscs:
		return standing.ByDiscs
	case TieBreakMBQ:
		return standing.ByBQ
	}
	roundRobin := len(t.Rounds) > 0 && t.Rounds[0].Stage == StageRoundRobin && t.Settings.System != SystemSwiss
	bof := t.Rules == rules.BOFRegional || t.Rules == rules.BOFNational
	if roundRobin && (t.Rules == rules.AOF || bof) {
		return standing.ByDiscs
	}
	return standing.ByBQ
}

// GridStandings ranks the players on every result entered in the rounds
// of the crosstable's grid: the main stage's and EGP II.2's placement
// rounds, whose points and discs are "added to the points of the first
// IFRL" (the order of finish's placement rows read the same lines).
func (t *Tournament) GridStandings() []standing.Row { return t.tally(gridRound) }

// tally ranks the players over the rounds include accepts.
func (t *Tournament) tally(include func(*Round) bool) []standing.Row {
	return standing.Compute(t.standingsInput(include))
}

// gridRound reports whether r is a round of the crosstable's grid.
func gridRound(r *Round) bool { return r.counts() || r.Stage == StagePlacement }

// Standings ranks the players after round afterRound (0: the last
// complete round).
func (t *Tournament) Standings(afterRound int) []standing.Row {
	return standing.Compute(t.StandingsInput(afterRound))
}

// Lists are the individual lists: WOC II.3-6's provisional and final
// lists, or the one list of the other rulesets.
type Lists struct {
	Provisional []standing.Row
	// Playoffs called for by the provisional list, and those still to
	// play (WOC II.3.2: a WOC only).
	Playoffs []standing.Playoff
	Pending  []standing.Playoff
	// Final is the final list once the main stage is over and its
	// playoffs are played; nil before. Without playoffs it is the
	// provisional order, players after the top four on the same points
	// declared equal where the ruleset says so (Plan.DeclareEqual).
	Final []standing.Row
	// Rule cites the rules the final list follows.
	Rule string
}

// IFRL draws up the individual list after round afterRound (0: the last
// complete round): the provisional list; once the planned rounds are
// played, at a WOC its playoffs and the final list once they are played
// (WOC II.3), elsewhere the final list at once (EGP II.3; AOF 4.1; BOF
// Regionals 5, National 10).
//
// A sealed tournament draws up its lists after each round once (Seal).
func (t *Tournament) IFRL(afterRound int) Lists {
	if afterRound <= 0 {
		afterRound = t.Progress().Complete
	}
	if t.derived != nil {
		return t.derived.ifrl(afterRound, func() Lists { return t.ifrl(afterRound) })
	}
	return t.ifrl(afterRound)
}

// ifrl draws up the lists after round afterRound (resolved: Progress).
func (t *Tournament) ifrl(afterRound int) Lists {
	plan := t.Plan()
	l := Lists{Provisional: t.Standings(afterRound), Rule: plan.ListRule}
	played := 0
	for _, r := range t.Rounds {
		if r.counts() && r.Number <= afterRound {
			played++
		}
	}
	if played < t.Settings.Rounds {
		return l
	}
	// Withdrawn players keep their score in the list but may not qualify
	// for the knockout stages (WOC II.8; EGP Withdrawals): the playoffs,
	// semi-finals and finals are drawn from the others.
	qualifying := standing.Qualifying(l.Provisional, plan.QualifyingPlaces(), t.unqualified())
	if !plan.Playoffs {
		l.Final = standing.Settled(qualifying, 4, plan.DeclareEqual)
		return l
	}
	l.Playoffs = standing.Playoffs(qualifying)
	won := map[int]bool{}
	for _, p := range l.Playoffs {
		if w, ok := t.playoffWinner(p.Better, p.Worse); ok {
			won[p.Better] = w == p.Better
		} else {
			l.Pending = append(l.Pending, p)
		}
	}
	if len(l.Pending) == 0 {
		l.Final, _ = standing.FinalList(qualifying, won)
	}
	return l
}

// Current is the individual list as it stands: the final list once the
// playoffs are played, else the provisional list.
func (l Lists) Current() []standing.Row {
	if l.Final != nil {
		return l.Final
	}
	return l.Provisional
}

// playoffWinner finds the decisive playoff game between a and b and its
// winner: a won game, or a drawn one won on the draw-win (WOC IV.9).
func (t *Tournament) playoffWinner(a, b int) (int, bool) {
	for _, mg := range t.matchGames(StagePlayoff, a, b) {
		if mg.Game.Result == nil {
			continue
		}
		bp, _ := mg.Game.Result.Points()
		switch {
		case bp == 0.5:
		case (bp == 1) == (mg.Game.Black == a):
			return a, true
		default:
			return b, true
		}
	}
	return 0, false
}

// Women returns the women's provisional and final lists (WOC II.5).
func (t *Tournament) Women(ifrl Lists) (prov, final []standing.Row, noSemis bool) {
	return t.subLists(ifrl, func(p *Player) bool { return p.Gender == "f" })
}

// Young returns the young players' lists (WOC II.6): players aged 14 or
// less on 31 December of the tournament's year. It needs the date.
func (t *Tournament) Young(ifrl Lists) (prov, final []standing.Row, noSemis bool, err error) {
	year, err := t.year()
	if err != nil {
		return nil, nil, false, err
	}
	prov, final, noSemis = t.subLists(ifrl, func(p *Player) bool { return isYoung(p.Born, year) })
	return prov, final, noSemis, nil
}

// isYoung: born in year-14 or later, so 14 or less on 31 December of year
// (WOC I.2.2: "born later than the 31st of December 2004 for the 2019 WOC").
func isYoung(born string, year int) bool {
	d, err := time.Parse(time.DateOnly, born)
	return err == nil && d.Year() >= year-14
}

func (t *Tournament) year() (int, error) {
	d, err := time.Parse(time.DateOnly, t.Date)
	if err != nil {
		return 0, Errorf(EINVALID, "the young players' list needs the tournament's date (its year decides who is 14 or less): set it in the tournament file")
	}
	return d.Year(), nil
}

func (t *Tournament) subLists(ifrl Lists, member func(*Player) bool) (prov, final []standing.Row, noSemis bool) {
	is := func(id int) bool {
		p, ok := t.Player(id)
		return ok && member(p)
	}
	prov = standing.Subset(ifrl.Provisional, is)
	if ifrl.Final == nil || !t.Plan().SideLists {
		// Only a WOC has side titles' final lists (WOC II.5-6); elsewhere
		// the list of women or young players is the list restricted.
		return prov, nil, false
	}
	order := map[int]int{}
	var semis []int
	for i, r := range ifrl.Final {
		order[r.Player] = i
		if i < 4 { // FinalList ranks the semi-finalists 1 to 4
			semis = append(semis, r.Player)
		}
	}
	var ours []int
	for _, id := range semis {
		if is(id) {
			ours = append(ours, id)
		}
	}
	final, noSemis = standing.FinalSubList(standing.Qualifying(prov, 4, t.unqualified()), ours, order)
	return prov, final, noSemis
}

// Teams draws up the team list (WOC II.4) from the final IFRL (or the
// provisional one while playoffs are pending).
func (t *Tournament) Teams(ifrl Lists) []standing.TeamRow {
	list := ifrl.Current()
	members := map[int]standing.Member{}
	for _, p := range t.Players {
		members[p.ID] = standing.Member{Team: p.TeamOrCountry(), Additional: p.Additional}
	}
	return standing.Teams(list, members, t.StandingsInput(0).Games)
}

// RankOrder returns the players in final ranking order: the final IFRL, or
// the provisional list while playoffs are pending.
func (t *Tournament) RankOrder() []int {
	return idsOf(t.IFRL(0).Current())
}

// unqualified are the players who may not qualify for the knockout
// stages: those who withdrew (WOC II.8: "he may not qualify for any
// semi-finals or finals"; EGP Withdrawals), unless they had already
// played in them, whose matches stand as drawn.
func (t *Tournament) unqualified() map[int]bool {
	var out map[int]bool
	for _, p := range t.Players {
		if p.WithdrawnAfterRound == nil || t.playsKnockout(p.ID) {
			continue
		}
		if out == nil {
			out = map[int]bool{}
		}
		out[p.ID] = true
	}
	return out
}

// playsKnockout reports whether player id has a game in a knockout stage
// (a playoff, semi-final, third place or final of any title).
func (t *Tournament) playsKnockout(id int) bool {
	for i := range t.Rounds {
		r := &t.Rounds[i]
		if _, _, ok := r.Stage.Knockout(); (ok || r.Stage == StagePlayoff) && r.Plays(id) {
			return true
		}
	}
	return false
}
