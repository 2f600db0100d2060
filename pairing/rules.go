package pairing

// Rules is a Swiss ruleset: which rematches are forbidden and the criteria
// in the order the rulebook lists them.
type Rules struct {
	Name string
	// MaxMeetings is how many times two players may meet: 1 in an
	// unmodified Swiss system (WOC II.7.2 a, EGP a, BOF 1), 2 in the
	// modified one (WOC II.7.2 a: "played against each other twice
	// cannot be paired").
	MaxMeetings int
	// Criteria in decreasing priority.
	Criteria []Criterion
	// TopFirst weights every cost by the score group's height, so the top
	// of the tournament is paired best (BOF Swiss system 2).
	TopFirst bool
	// ReverseRematchColours gives two players who meet again the colours
	// reversed from their last game (EGP II.2, 7-8 players: "in case two
	// players play again in Part Two, they reverse their colours").
	ReverseRematchColours bool
}

// forcedColour returns the colour a must have against b, or NoColour when
// the rules leave it to the colour criteria.
func (r Rules) forcedColour(a, b *Player) Colour {
	if !r.ReverseRematchColours || a.Met[b.ID] == 0 {
		return NoColour
	}
	return a.LastColourAgainst[b.ID].Opposite()
}

// The rulesets.
var (
	// WOCSwiss is the unmodified Swiss system (WOC II.2 d, II.7.2 a-g).
	WOCSwiss = Rules{Name: "woc", MaxMeetings: 1,
		Criteria: []Criterion{Score, ColourBalance, Floats, Alternation, SameCountry, Halves}}
	// WOCModified is the modified Swiss system (WOC II.2 c, II.7.2 a-g).
	WOCModified = Rules{Name: "woc-modified", MaxMeetings: 2,
		Criteria: []Criterion{Score, Rematch, ColourBalance, Floats, Alternation, SameCountry, Halves}}
	// EGPSwiss follows EGP II.4.1 a-e.
	EGPSwiss = Rules{Name: "egp", MaxMeetings: 1,
		Criteria: []Criterion{Score, ColourBalance, Floats, Alternation, Halves}}
	// BOFSwiss follows the BOF "Swiss system" 1-6.
	BOFSwiss = Rules{Name: "bof", MaxMeetings: 1, TopFirst: true,
		Criteria: []Criterion{Score, ColourBalance, Alternation, Floats, Halves}}
	// AOFSwiss follows AOF Appendix A: colours equalised, never three in a
	// row, alternated; teammates avoided.
	AOFSwiss = Rules{Name: "aof", MaxMeetings: 1,
		Criteria: []Criterion{Score, ThreeInARow, ColourBalance, Alternation, SameCountry, Halves}}
)

// WithoutCountry returns r without same-country avoidance (a setting of
// every ruleset: WOC g applies at a WOC, not at an open).
func (r Rules) WithoutCountry() Rules {
	var kept []Criterion
	for _, c := range r.Criteria {
		if c != SameCountry {
			kept = append(kept, c)
		}
	}
	r.Criteria = kept
	return r
}

// WithCountry returns r with same-country avoidance just before Halves.
func (r Rules) WithCountry() Rules {
	r = r.WithoutCountry()
	kept := append([]Criterion{}, r.Criteria[:len(r.Criteria)-1]...)
	r.Criteria = append(kept, SameCountry, Halves)
	return r
}

// AfterRoundRobin adapts r to Swiss rounds that follow a round robin of
// cycles cycles, where everyone has met everyone cycles times already (EGP
// II.2: Part Two of 7-8 players, the placement rounds of 9-10): the
// no-rematch rule (II.4.1 a) applies to the Swiss rounds themselves, and a
// pair that meets again has the colours of their last game reversed.
func (r Rules) AfterRoundRobin(cycles int) Rules {
	r.Name += " after the round robin"
	r.MaxMeetings = cycles + 1
	r.ReverseRematchColours = true
	return r
}
