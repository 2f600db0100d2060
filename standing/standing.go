// Package standing ranks the players of a tournament: points, the
// Brightwell quotient of the Mixed Brightwell System (WOC, EGP and AOF
// Appendix A/B, BOF general rule 15), disc count and a reproducible random
// draw; and draws up the ranking lists of the World Othello Championship
// rules (II.3-6): the individual list with its playoffs, the women's and
// young players' lists, the team list.
//
// The package is pure: it takes the results as plain values.
package standing

import (
	"math"
	"sort"
)

// Player is a player to rank.
type Player struct {
	ID int
	// WithdrawnAfter is the last round the player took part in before
	// withdrawing, 0 while active.
	WithdrawnAfter int
}

// Game is a game that counts for the standings (not playoffs or finals).
type Game struct {
	Round        int
	Black, White int
	BlackDiscs   int
	WhiteDiscs   int
	BlackPts     float64
	WhitePts     float64
}

// Bye is a bye received in a round.
type Bye struct{ Round, Player int }

// Variant is how the Brightwell quotient treats withdrawn players.
type Variant int

const (
	// Rulebook: WOC Appendix A §3, as written.
	Rulebook Variant = iota
	// FTD: FlipTheDisc's: a withdrawn player's own value is taken as of the
	// round he left (his opponents' points too), and the value is
	// published, and compared, rounded to the nearest integer.
	FTD
)

// TieBreak is what separates players on equal points.
type TieBreak int

const (
	// ByBQ: the Brightwell quotient, then disc count, then the draw (WOC
	// II.3.1, Appendix A §4; EGP; AOF Appendix B; BOF 15 and National 10).
	ByBQ TieBreak = iota
	// ByDiscs: disc count, then the draw (round robins: AOF 1.3, BOF 12).
	ByDiscs
)

// Input is everything the standings depend on.
type Input struct {
	Players []Player
	Games   []Game
	Byes    []Bye
	// Rounds is the number of rounds played (the standings are after it).
	Rounds int
	// ByeDiscs is what a bye adds to the receiver's disc count.
	ByeDiscs int
	// C is the Brightwell constant; HalfSquares is half the number of
	// squares (32: WOC Appendix A §3 c, BOF 15 d).
	C           float64
	HalfSquares float64
	Variant     Variant
	TieBreak    TieBreak
	// Seed drives the random draw between players equal on everything else
	// (WOC II.3.1: "any random equitable means"); it is recorded with the
	// tournament so anyone can reproduce the order.
	Seed uint64
}

// Row is a player's line in the standings.
type Row struct {
	Rank   int
	Equal  bool // shares its rank (ranking lists that declare players equal)
	Player int
	Points float64
	BQ     float64
	Discs  int
	Games  int
	Byes   int
	// Draw is the player's ticket in the random draw: lower goes first.
	Draw uint64
}

// Compute ranks the players after in.Rounds rounds: by points, then the
// tie-break, then the draw. Ranks are 1, 2, 3...: the provisional list
// separates everybody (WOC II.3.1).
func Compute(in Input) []Row {
	t := tally(in, in.Rounds)
	rows := make([]Row, 0, len(in.Players))
	for _, p := range in.Players {
		s := t.of(p.ID)
		rows = append(rows, Row{Player: p.ID, Points: s.points, Discs: s.discs, Games: s.games, Byes: s.byes,
			BQ: bq(in, t, p), Draw: draw(in.Seed, p.ID)})
	}
	sort.Slice(rows, func(i, j int) bool { return Before(rows[i], rows[j], in.TieBreak) })
	for i := range rows {
		rows[i].Rank = i + 1
	}
	return rows
}

// Before reports whether a ranks above b: points, then the tie-break, then
// the draw.
func Before(a, b Row, tb TieBreak) bool {
	if a.Points != b.Points {
		return a.Points > b.Points
	}
	if tb == ByBQ && a.BQ != b.BQ {
		return a.BQ > b.BQ
	}
	if a.Discs != b.Discs {
		return a.Discs > b.Discs
	}
	if a.Draw != b.Draw {
		return a.Draw < b.Draw
	}
	return a.Player < b.Player
}

// draw gives each player a ticket from the seed (splitmix64): the same seed
// and player give the same ticket, whatever the order of the input.
func draw(seed uint64, id int) uint64 {
	z := seed + uint64(id)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// score is a player's tally up to some round.
type score struct {
	points       float64
	discs, games int
	byes         int
}

// tallies holds every player's score after each round, so that a withdrawn
// player's value can be taken as of the round he left.
type tallies struct {
	byRound []map[int]*score // byRound[r]: after round r
}

func (t *tallies) of(id int) score { return t.after(len(t.byRound)-1, id) }

func (t *tallies) after(r, id int) score {
	r = max(0, min(r, len(t.byRound)-1))
	if s, ok := t.byRound[r][id]; ok {
		return *s
	}
	return score{}
}

func tally(in Input, rounds int) *tallies {
	t := &tallies{byRound: make([]map[int]*score, rounds+1)}
	games := make([][]Game, rounds+1)
	for _, g := range in.Games {
		if g.Round >= 1 && g.Round <= rounds {
			games[g.Round] = append(games[g.Round], g)
		}
	}
	byes := make([][]int, rounds+1)
	for _, b := range in.Byes {
		if b.Round >= 1 && b.Round <= rounds {
			byes[b.Round] = append(byes[b.Round], b.Player)
		}
	}
	cur := map[int]*score{}
	for _, p := range in.Players {
		cur[p.ID] = &score{}
	}
	snapshot := func() map[int]*score {
		m := make(map[int]*score, len(cur))
		for id, s := range cur {
			c := *s
			m[id] = &c
		}
		return m
	}
	t.byRound[0] = snapshot()
	for r := 1; r <= rounds; r++ {
		for _, g := range games[r] {
			add(cur, g.Black, g.BlackPts, g.BlackDiscs)
			add(cur, g.White, g.WhitePts, g.WhiteDiscs)
		}
		for _, id := range byes[r] {
			if s, ok := cur[id]; ok {
				s.points++
				s.discs += in.ByeDiscs
				s.byes++
			}
		}
		t.byRound[r] = snapshot()
	}
	return t
}

func add(m map[int]*score, id int, pts float64, discs int) {
	if s, ok := m[id]; ok {
		s.points += pts
		s.discs += discs
		s.games++
	}
}

// bq computes the Brightwell quotient (WOC Appendix A §3; BOF 15):
//
//	a) games against opponents who withdrew, and byes, are left out;
//	b) own discs in the other games + C x the points of those opponents;
//	c) + (half the squares + C x own points) for each game against a
//	   withdrawn opponent, each bye and each unplayed round.
//
// In the FTD variant a withdrawn player's own value, opponents' points
// included, is taken as of the round he left, and the result is rounded.
func bq(in Input, t *tallies, p Player) float64 {
	last := in.Rounds
	if p.WithdrawnAfter > 0 {
		last = min(last, p.WithdrawnAfter)
	}
	asOf := in.Rounds // whose points count: the final ones...
	if in.Variant == FTD && p.WithdrawnAfter > 0 {
		asOf = last // ...or, for FlipTheDisc, as of the round he left
	}
	withdrawn := map[int]int{}
	for _, q := range in.Players {
		withdrawn[q.ID] = q.WithdrawnAfter
	}
	own := t.after(asOf, p.ID).points
	replaced := in.HalfSquares + in.C*own
	var value float64
	played := map[int]bool{}
	for _, g := range in.Games {
		if g.Round < 1 || g.Round > last {
			continue
		}
		var opp, discs int
		switch p.ID {
		case g.Black:
			opp, discs = g.White, g.BlackDiscs
		case g.White:
			opp, discs = g.Black, g.WhiteDiscs
		default:
			continue
		}
		played[g.Round] = true
		if withdrawn[opp] > 0 {
			value += replaced
			continue
		}
		value += float64(discs) + in.C*t.after(asOf, opp).points
	}
	for _, b := range in.Byes {
		if b.Player == p.ID && b.Round >= 1 && b.Round <= last {
			played[b.Round] = true
			value += replaced
		}
	}
	// Unplayed rounds: those with neither a game nor a bye, late entries'
	// first rounds included (WOC Appendix A §3 a, c: "or has not played a
	// round").
	for r := 1; r <= last; r++ {
		if !played[r] {
			value += replaced
		}
	}
	if in.Variant == FTD {
		return math.Round(value)
	}
	return value
}
