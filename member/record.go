package member

// Kind is the kind of a tournament, as the fees of Membership & finance 3
// distinguish them.
type Kind string

const (
	// Regional is a BOF Regional tournament (ruleset bof-regional).
	Regional Kind = "regional"
	// National is the British National championship (ruleset bof-national).
	National Kind = "national"
	// Other is any other tournament: the BOF rules set no charge for it.
	Other Kind = "other"
)

// UK is the citizenship code of the United Kingdom (ISO 3166 alpha-3), to
// which Membership & finance 2 gives a first tournament free.
const UK = "GBR"

// Record is what the federation knows of a person. Dates are YYYY-MM-DD,
// "" when unknown.
type Record struct {
	WOFID       int
	Name        string
	Country     string // the country the person plays for
	Citizenship string // three-letter code; "" when unknown
	// ResidentSince is the date the person has lived in the UK since.
	ResidentSince string
	Unwaged       bool
	// Family names the person's family group ("" for none): its members
	// entering a tournament together pay the family rate.
	Family string
	// PaidUntil is the last day a subscription covers ("" for none).
	PaidUntil string
}

// Event is a tournament a person took part in.
type Event struct {
	Slug string
	Name string
	Date string // YYYY-MM-DD
	// Rated is true for a BOF-rated tournament, Organised for a
	// BOF-organised one.
	Rated     bool
	Organised bool
	Kind      Kind
}

// before reports whether a took place before b: by date, then, on the same
// day, by slug (a fixed order for two events of one day).
func (a Event) before(b Event) bool {
	if a.Date != b.Date {
		return a.Date < b.Date
	}
	return a.Slug < b.Slug
}
