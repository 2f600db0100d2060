package pairing

// Colour is the colour a player had in a round.
type Colour int8

const (
	// NoColour: no game that round (a bye, or not yet entered).
	NoColour Colour = iota
	// Black moves first.
	Black
	// White moves second.
	White
)

// Opposite returns the other colour (NoColour stays NoColour).
func (c Colour) Opposite() Colour {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return NoColour
}

// Float is how a player's opponent's score compared in a round.
type Float int8

const (
	// NoFloat: the opponent had the same score.
	NoFloat Float = iota
	// FloatDown: the player met a lower-scored opponent.
	FloatDown
	// FloatUp: the player met a higher-scored opponent.
	FloatUp
)

// Player is a player to pair, with what the pairing rules look at.
type Player struct {
	// ID identifies the player in the tournament.
	ID int
	// Score is the player's points before this round; ties are in Rank.
	Score float64
	// Rank is the player's place in the current standings, from 0 (top).
	// The bye goes to the lowest-ranked player without one (BOF 7), and
	// the top of the tournament is paired first (BOF Swiss system 2).
	Rank int
	// Rating orders players in first rounds (BOF 16); 0 is unrated.
	Rating int
	// Country is the player's country or team (same-country avoidance,
	// WOC II.7.2 g, AOF Appendix A).
	Country string
	// Seeded puts the player in group A for the first round (WOC II.7.1).
	Seeded bool
	// Colours lists the colour of each round played, oldest first.
	Colours []Colour
	// Floats lists each round's float, oldest first.
	Floats []Float
	// Met counts the games against each opponent (by ID).
	Met map[int]int
	// LastColourAgainst is the colour the player had in their latest game
	// against each opponent (Rules.ReverseRematchColours).
	LastColourAgainst map[int]Colour
	// Byes counts the byes received.
	Byes int
}

// balance returns blacks minus whites.
func (p *Player) balance() int {
	b := 0
	for _, c := range p.Colours {
		switch c {
		case Black:
			b++
		case White:
			b--
		}
	}
	return b
}

// lastColours returns the colours of the last two games played (NoColour
// when there are fewer), most recent first, and how many games of the last
// colour the player has played in a row (0 before their first game). Byes
// and games not played have no colour and do not break a run.
func (p *Player) lastColours() (last, before Colour, run int) {
	for i := len(p.Colours) - 1; i >= 0; i-- {
		switch c := p.Colours[i]; {
		case c == NoColour:
		case last == NoColour:
			last, run = c, 1
		case c == last && before == NoColour:
			before = c
			run++
		case c == last:
			run++
		case before == NoColour:
			return last, c, run
		default:
			return last, before, run
		}
	}
	return last, before, run
}

// floatBalance returns up-floats minus down-floats.
func (p *Player) floatBalance() int {
	b := 0
	for _, f := range p.Floats {
		switch f {
		case FloatUp:
			b++
		case FloatDown:
			b--
		}
	}
	return b
}
