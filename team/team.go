package team

// Candidate is a person who may be offered a place.
type Candidate struct {
	// Key says who is the same person across the lists.
	Key     string `json:"-"`
	Name    string `json:"name"`
	Country string `json:"country"`
	WOFID   int    `json:"wof_id"`
	// Woman and Young are what the records say of the player's gender and
	// age (young: 14 or less on 31 December of the World championship's
	// year, WOC I.2.2); Unknown when they say nothing.
	Woman Known `json:"-"`
	Young Known `json:"-"`
}

// Known is a fact about a player that the records may not hold.
type Known int8

const (
	// Unknown: not recorded (no gender, no birth date).
	Unknown Known = iota
	// Yes and No: recorded.
	Yes
	No
)

// KnownOf turns a recorded yes or no into a Known.
func KnownOf(yes bool) Known {
	if yes {
		return Yes
	}
	return No
}

// Placed is a player's place in an order of finish: the National's or a
// qualifying event's.
type Placed struct {
	Candidate
	Place  int
	Points float64
	// ByPlayoff is true when a play-off of the National placed the player
	// (National 4-7): two such players are "otherwise involved in a
	// play-off" (World championship 5).
	ByPlayoff bool
}

// Ranked is a player's line in the Grand Prix or the rating list.
type Ranked struct {
	Candidate
	Rank  int
	Equal bool
	// Note is added to the reason of an offer ("not official: ±250").
	Note string
}

// Category is a special category of the World championship.
type Category string

// The special categories (World championship 5).
const (
	// Women is the World Women's Championship.
	Women Category = "women"
	// Young is the young players' place (aged 14 or less on 31 December).
	Young Category = "young"
)

// Input is what the selection reads.
type Input struct {
	// Size is the number of places in the regular team.
	Size int
	// National is the National's order of finish. Its first player is the
	// National Champion when ChampionDecided is set.
	National        []Placed
	ChampionDecided bool
	// GP is the Grand Prix's standings in order. Its first line is the GP
	// winner unless it is Equal to the second (GP 6 not yet decided).
	GP []Ranked
	// Ratings is the active rating list in order: only its players, those
	// who played a rated tournament in its window (World championship 3).
	Ratings []Ranked
	// Events are the stand-alone qualifying events' orders of finish by
	// category; a category without one takes its player from the National.
	Events map[Category][]Placed
	// Categories are the special categories to fill, in order.
	Categories []Category
	// Declined are the keys of the players who declined a place.
	Declined map[string]bool
	// Eligible tells whether a player may represent the UK (World
	// championship 1) and, if not, why. Nil: everyone is eligible.
	Eligible func(Candidate) (bool, string)
}
