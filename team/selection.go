package team

// Offer is a place offered to a player, and the rule that puts him there.
type Offer struct {
	Order int `json:"order"`
	Candidate
	// Rule cites the rule ("World championship 2"); Reason says how it
	// applies ("National Champion").
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

// CategoryOffer is the place of a special category: its player, or none
// when a play-off must decide first.
type CategoryOffer struct {
	Category Category `json:"category"`
	// Player is nil when no one is offered the place yet.
	Player *Offer `json:"player"`
	// Reason says why no one is offered the place, when Player is nil: a
	// play-off to play, no one left, or a gender or birth date not
	// recorded, so the category cannot be checked ("" otherwise).
	Reason string `json:"reason,omitempty"`
}

// Skip is a player passed over, and why.
type Skip struct {
	Candidate
	Reason string `json:"reason"`
}

// Playoff is a play-off the rules require before a place can be offered.
type Playoff struct {
	// For is what the play-off decides: "GP winner", or a category.
	For     string      `json:"for"`
	Rule    string      `json:"rule"`
	Players []Candidate `json:"players"`
	Reason  string      `json:"reason"`
}

// Selection is the order in which the places are offered.
type Selection struct {
	Size       int             `json:"size"`
	Offers     []Offer         `json:"offers"`
	Categories []CategoryOffer `json:"categories"`
	Skipped    []Skip          `json:"skipped"`
	Playoffs   []Playoff       `json:"playoffs"`
	// ChairmanPlaces are the places left for the chairman to offer to
	// people of his or her own choosing (World championship 4).
	ChairmanPlaces int `json:"chairman_places"`
	// WOC is the proposal checked against WOC I.2.2.
	WOC WOCCheck `json:"woc"`
}

// The verdicts of a WOCCheck.
const (
	WOCHolds     = "holds"
	WOCBroken    = "broken"
	WOCUnchecked = "cannot be checked"
)

// WOCCheck is the proposal (the regular team's offers, the women's place
// and the young place) checked against WOC I.2.2: one to four players, no
// more than three of the same gender, and an additional young player aged
// 14 or less.
type WOCCheck struct {
	Rule    string   `json:"rule"`
	Verdict string   `json:"verdict"`
	Reasons []string `json:"reasons"`
}
