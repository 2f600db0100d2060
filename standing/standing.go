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

// Pending is a game of a round in play that has no result yet, from one
// player's side: it counts neither as played nor as an unplayed round
// (WOC Appendix A §3 c), so a live list never credits a game still on.
type Pending struct{ Round, Player int }

// Absence is a round a player missed while marked absent (an event that
// allows temporary absence): no point, Input.AbsentDiscs discs (BOF
// general rule 11: 20), and an unplayed round in the quotient (WOC
// Appendix A §3 a, c).
type Absence struct{ Round, Player int }

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
	Players  []Player
	Games    []Game
	Byes     []Bye
	Pending  []Pending
	Absences []Absence
	// Rounds is the number of rounds played (the standings are after it).
	Rounds int
	// ByeDiscs is what a bye adds to the receiver's disc count,
	// AbsentDiscs what a round missed while absent adds.
	ByeDiscs, AbsentDiscs int
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
	// DrawInOrder makes the draw the players' order of ids instead: the
	// draw of an event imported from its result file, whose player lines
	// give its final order (PAPP's and Outflank's list the players in
	// rank), so that players equal on everything keep the order the
	// event published.
	DrawInOrder bool
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
	// Absent counts the rounds missed while marked absent (Input.Absences),
	// each scored Input.AbsentDiscs discs.
	Absent int
	// Draw is the player's ticket in the random draw: lower goes first.
	Draw uint64
	// Unqualified: the player may not qualify for the knockout stages, a
	// playoff among them (he withdrew: WOC II.8); set by Qualifying.
	Unqualified bool
}

// Compute ranks the players after in.Rounds rounds: by points, then the
// tie-break, then the draw. Ranks are 1, 2, 3...: the provisional list
// separates everybody (WOC II.3.1).
func Compute(in Input) []Row {
	t := tally(in)
	rows := make([]Row, len(in.Players))
	for i, p := range in.Players {
		rows[i] = Row{Player: p.ID, Points: t.points[in.Rounds][i], Discs: t.discs[i], Games: len(t.games[i]), Byes: len(t.byes[i]),
			Absent: t.absent[i], BQ: t.bq(in, i), Draw: draw(in.Seed, p.ID)}
		if in.DrawInOrder {
			rows[i].Draw = uint64(p.ID)
		}
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

// tallies indexes the results by player (by their place in in.Players).
type tallies struct {
	// points[r][i] is player i's points after round r.
	points    [][]float64
	discs     []int
	games     [][]played // each player's games
	byes      [][]int    // each player's bye rounds
	pending   [][]int    // each player's rounds with a game still on
	absent    []int      // each player's rounds missed while absent
	withdrawn []int      // each player's WithdrawnAfter
}

// played is one game from a player's side.
type played struct {
	round, opponent, discs int
}

func tally(in Input) *tallies {
	n := len(in.Players)
	index := make(map[int]int, n)
	t := &tallies{discs: make([]int, n), games: make([][]played, n), byes: make([][]int, n), pending: make([][]int, n), absent: make([]int, n), withdrawn: make([]int, n)}
	for i, p := range in.Players {
		index[p.ID] = i
		t.withdrawn[i] = p.WithdrawnAfter
	}
	gained := make([][]float64, in.Rounds+1) // gained[r][i]: points won in round r
	for r := range gained {
		gained[r] = make([]float64, n)
	}
	for _, g := range in.Games {
		b, okB := index[g.Black]
		w, okW := index[g.White]
		if g.Round < 1 || g.Round > in.Rounds || !okB || !okW {
			continue
		}
		gained[g.Round][b] += g.BlackPts
		gained[g.Round][w] += g.WhitePts
		t.discs[b] += g.BlackDiscs
		t.discs[w] += g.WhiteDiscs
		t.games[b] = append(t.games[b], played{g.Round, w, g.BlackDiscs})
		t.games[w] = append(t.games[w], played{g.Round, b, g.WhiteDiscs})
	}
	for _, bye := range in.Byes {
		i, ok := index[bye.Player]
		if bye.Round < 1 || bye.Round > in.Rounds || !ok {
			continue
		}
		gained[bye.Round][i]++
		t.discs[i] += in.ByeDiscs
		t.byes[i] = append(t.byes[i], bye.Round)
	}
	for _, p := range in.Pending {
		if i, ok := index[p.Player]; ok && p.Round >= 1 && p.Round <= in.Rounds {
			t.pending[i] = append(t.pending[i], p.Round)
		}
	}
	for _, a := range in.Absences {
		if i, ok := index[a.Player]; ok && a.Round >= 1 && a.Round <= in.Rounds {
			t.discs[i] += in.AbsentDiscs
			t.absent[i]++
		}
	}
	t.points = make([][]float64, in.Rounds+1)
	t.points[0] = make([]float64, n)
	for r := 1; r <= in.Rounds; r++ {
		t.points[r] = make([]float64, n)
		for i := range n {
			t.points[r][i] = t.points[r-1][i] + gained[r][i]
		}
	}
	return t
}

// bq computes player i's Brightwell quotient (WOC Appendix A §3; BOF 15):
//
//	a) games against opponents who withdrew, and byes, are left out;
//	b) own discs in the other games + C x the points of those opponents;
//	c) + (half the squares + C x own points) for each game against a
//	   withdrawn opponent, each bye and each unplayed round.
//
// In the FTD variant a withdrawn player's own value, opponents' points
// included, is taken as of the round he left, and the result is rounded.
func (t *tallies) bq(in Input, i int) float64 {
	last := in.Rounds
	if w := t.withdrawn[i]; w > 0 {
		last = min(last, w)
	}
	asOf := in.Rounds // whose points count: the final ones...
	if in.Variant == FTD && t.withdrawn[i] > 0 {
		asOf = last // ...or, for FlipTheDisc, as of the round he left
	}
	points := t.points[asOf]
	replaced := in.HalfSquares + in.C*points[i]
	var value float64
	done := 0 // rounds with a game or a bye
	for _, g := range t.games[i] {
		if g.round > last {
			continue
		}
		done++
		if t.withdrawn[g.opponent] > 0 {
			value += replaced
		} else {
			value += float64(g.discs) + in.C*points[g.opponent]
		}
	}
	for _, r := range t.byes[i] {
		if r <= last {
			done++
			value += replaced
		}
	}
	for _, r := range t.pending[i] {
		if r <= last {
			done++ // still on: neither played nor unplayed
		}
	}
	// Unplayed rounds, late entries' first rounds included (WOC Appendix A
	// §3 a, c: "or has not played a round").
	value += float64(max(0, last-done)) * replaced
	if in.Variant == FTD {
		return math.Round(value)
	}
	return value
}
