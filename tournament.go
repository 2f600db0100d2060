package outflank

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"outflank/names"
	"outflank/rules"
)

// Tournament is one event: its players, its rounds and their games. It is
// the aggregate every change goes through: commands load it, change it with
// the methods of this package (which enforce the rules) and store the
// difference.
type Tournament struct {
	Slug     string   `json:"slug"`
	Name     string   `json:"name"`
	Date     string   `json:"date"` // YYYY-MM-DD, or "" when unknown
	Rules    rules.ID `json:"rules"`
	Settings Settings `json:"settings"`
	Players  []Player `json:"players"`
	Rounds   []Round  `json:"rounds"`
	// Version is the stored tournament's version, which grows with every
	// change (0 for one never stored): what a page rendered from it is
	// cached under.
	Version int64 `json:"-"`

	// derived is what a sealed tournament has worked out (Seal); nil
	// for one that may change.
	derived *derived
}

var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,62}$`)

// NewTournament returns an empty tournament under ruleset id with that
// ruleset's settings for the given number of rounds (0: the ruleset's
// format for the field, fixed when round 1 is entered), after checking
// slug, name and date.
func NewTournament(slug, name, date string, id rules.ID, rounds int) (*Tournament, error) {
	rs, ok := rules.Get(id)
	if !ok {
		return nil, Errorf(EINVALID, "unknown ruleset %q: use one of %s", id, joinIDs())
	}
	byPlan := rounds == 0 && id != rules.Custom
	if rounds == 0 {
		rounds = rs.Rounds
	}
	t := &Tournament{Slug: slug, Name: strings.TrimSpace(name), Date: date, Rules: id, Settings: DefaultSettings(rs, rounds)}
	t.Settings.RoundsByPlan = byPlan
	if err := t.validateHeader(); err != nil {
		return nil, err
	}
	return t, nil
}

func joinIDs() string {
	ids := rules.IDs()
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = string(id)
	}
	return strings.Join(s, ", ")
}

// validateHeader checks the tournament's own fields.
func (t *Tournament) validateHeader() error {
	if !slugPattern.MatchString(t.Slug) {
		return Errorf(EINVALID, "slug %q: use 1 to 63 lowercase letters, digits and hyphens, starting with a letter or digit (e.g. woc-2026)", t.Slug)
	}
	if err := checkName("tournament name", "", &t.Name, names.MaxTournament); err != nil {
		return err
	}
	if t.Name == "" {
		return Errorf(EINVALID, "the tournament needs a name (--name)")
	}
	if err := checkDate(t.Date, "tournament date"); err != nil {
		return err
	}
	if err := checkLastDay(t.Date, t.Settings.LastDay); err != nil {
		return err
	}
	if _, ok := rules.Get(t.Rules); !ok {
		return Errorf(EINVALID, "unknown ruleset %q: use one of %s", t.Rules, joinIDs())
	}
	return t.Settings.validate(t.Rules)
}

// checkLastDay accepts no last day, or a real day after the first, which
// must be known.
func checkLastDay(first, last string) error {
	if last == "" {
		return nil
	}
	if err := checkDate(last, "last day"); err != nil {
		return err
	}
	if first == "" || last <= first {
		return Errorf(EINVALID, "last day %s: it must come after the tournament's date (%s), the first day", last, first)
	}
	return nil
}

// checkDate accepts "" or a real calendar date written YYYY-MM-DD.
func checkDate(date, what string) error {
	if date == "" {
		return nil
	}
	if _, err := time.Parse(time.DateOnly, date); err != nil {
		return Errorf(EINVALID, "%s %q: write it as YYYY-MM-DD, e.g. 2026-08-01", what, date)
	}
	return nil
}

// Player returns the player with id. Ids are usually 1, 2, 3... in order,
// which finds a player at once; other ids are looked for one by one.
func (t *Tournament) Player(id int) (*Player, bool) {
	if id >= 1 && id <= len(t.Players) && t.Players[id-1].ID == id {
		return &t.Players[id-1], true
	}
	for i := range t.Players {
		if t.Players[i].ID == id {
			return &t.Players[i], true
		}
	}
	return nil, false
}

// FindPlayer returns the player named by ref: its id, or its exact name
// (case-insensitive when that is unambiguous).
func (t *Tournament) FindPlayer(ref string) (*Player, error) {
	ref = strings.TrimSpace(ref)
	if s, err := names.Normalize(ref, math.MaxInt); err == nil && s != "" {
		ref = s // names are stored normalised: "Le\u0301a" finds "Léa"
	}
	if id, err := strconv.Atoi(ref); err == nil {
		if p, ok := t.Player(id); ok {
			return p, nil
		}
		return nil, Errorf(ENOTFOUND, "no player with id %d in %s: 'outflank export %s' lists the players", id, t.Slug, t.Slug)
	}
	var found []*Player
	for i := range t.Players {
		if t.Players[i].Name == ref {
			return &t.Players[i], nil
		}
		if strings.EqualFold(t.Players[i].Name, ref) {
			found = append(found, &t.Players[i])
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nil, Errorf(ENOTFOUND, "no player named %q in %s: give the player's id or exact name", ref, t.Slug)
	}
	return nil, Errorf(EINVALID, "%d players are named %q in %s: give the player's id", len(found), ref, t.Slug)
}

// Round returns round number n.
func (t *Tournament) Round(n int) (*Round, bool) {
	if n >= 1 && n <= len(t.Rounds) && t.Rounds[n-1].Number == n {
		return &t.Rounds[n-1], true
	}
	return nil, false
}

// Game returns the game at table in round n.
func (t *Tournament) Game(n, table int) (*Game, error) {
	r, ok := t.Round(n)
	if !ok {
		return nil, Errorf(ENOTFOUND, "%s has no round %d (it has %d)", t.Slug, n, len(t.Rounds))
	}
	if len(r.Games) == 0 {
		return nil, Errorf(ENOTFOUND, "round %d of %s has no games (only byes)", n, t.Slug)
	}
	// Tables are numbered on, one by one, from the round's first (1, or
	// the next free table of a knockout time slot).
	first := r.Games[0].Table
	if i := table - first; i >= 0 && i < len(r.Games) && r.Games[i].Table == table {
		return &r.Games[i], nil
	}
	for i := range r.Games {
		if r.Games[i].Table == table {
			return &r.Games[i], nil
		}
	}
	return nil, Errorf(ENOTFOUND, "round %d of %s has no table %d (tables %d-%d)", n, t.Slug, table, first, r.Games[len(r.Games)-1].Table)
}

// Describe names a player for messages: "#3 Anna Smith".
func (t *Tournament) Describe(id int) string {
	if p, ok := t.Player(id); ok {
		return fmt.Sprintf("#%d %s", p.ID, p.Name)
	}
	return fmt.Sprintf("#%d", id)
}

// Validate checks the tournament's own fields and settings.
func (t *Tournament) Validate() error { return t.validateHeader() }
