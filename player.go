package outflank

import (
	"slices"
	"strings"

	"outflank/names"
)

// Player is a player registered for one tournament.
type Player struct {
	// ID numbers the player within the tournament, from 1.
	ID   int    `json:"id"`
	Name string `json:"name"`
	// Country is a three-letter code such as "JPN", or "".
	Country string `json:"country"`
	// WOFID is the World Othello Federation's id, 0 when unknown.
	WOFID int `json:"wof_id"`
	// NewToWOF marks a player not yet on the WOF rating list: WOFID, if set,
	// is provisional (a "+" id in .ELO files).
	NewToWOF bool `json:"new_to_wof,omitempty"`
	// Rating is the player's rating, 0 when unrated. WOF ratings can be
	// negative (the list goes below -700).
	Rating int `json:"rating"`
	// Gender is "f", "m" or "" (the women's list, WOC II.5).
	Gender string `json:"gender"`
	// Born is the birth date YYYY-MM-DD, or "" (the young players' list, WOC II.6).
	Born string `json:"born"`
	// Seeded puts the player in group A for the first round (WOC II.7.1).
	Seeded bool `json:"seeded"`
	// Additional marks the host's or the WOF's additional player, whose
	// points never count for the team championship (WOC II.2).
	Additional bool `json:"additional"`
	// Team is the team the player's points count for (the country at a WOC).
	Team string `json:"team"`
	// Citizenship is the country the player is a citizen of, three
	// letters, or "" when not recorded (WOC I.2.3 a).
	Citizenship string `json:"citizenship,omitempty"`
	// ResidentSince is the date, YYYY-MM-DD, since which the player has
	// lived in the country they represent (their team or country; the UK
	// at the BOF's tournaments), or "" (WOC I.2.3 b, BOF National 12).
	ResidentSince string `json:"resident_since,omitempty"`
	// Exemption is the reason of the BOF chairman's exemption from the
	// National's 183-day rule (BOF National 13), "" for none: the player
	// plays, but not in the play-off for the British title.
	Exemption string `json:"exemption,omitempty"`
	// WithdrawnAfterRound is the last round the player took part in before
	// withdrawing, nil while active. A withdrawn player is never paired again
	// and may not re-enter (WOC II.8, EGP Withdrawals). It is replaced,
	// never changed in place: copies of a tournament share it (Clone).
	WithdrawnAfterRound *int `json:"withdrawn_after_round"`
	// AbsentRounds are the rounds the player misses, in order: rounds to
	// come, in which they are not paired and get no bye, and rounds entered
	// without them. Each counts as a game not played (see MarkAbsent).
	AbsentRounds []int `json:"absent_rounds,omitempty"`
}

// The range of ratings accepted.
const (
	minRating = -2000
	maxRating = 4000
)

// TeamOrCountry is the player's team, or their country when no team is
// given: a country's players form its team (WOC II.2).
func (p *Player) TeamOrCountry() string {
	if p.Team != "" {
		return p.Team
	}
	return p.Country
}

// Active reports whether the player is still in the tournament in round
// n: not withdrawn before it. An active player may be absent (Available).
func (p *Player) Active(n int) bool {
	return p.WithdrawnAfterRound == nil || n <= *p.WithdrawnAfterRound
}

// Available reports whether the player may be paired in round n: active
// and not marked absent in it.
func (p *Player) Available(n int) bool {
	return p.Active(n) && !p.AbsentIn(n)
}

// AbsentIn reports whether the player is marked absent in round n.
func (p *Player) AbsentIn(n int) bool {
	_, found := slices.BinarySearch(p.AbsentRounds, n)
	return found
}

// validate checks the fields a director types, and normalises the names
// (package names) and the country (an ISO two-letter code becomes three
// letters). Every way a player comes in goes through it.
func (p *Player) validate() error {
	if err := checkName("player name", "", &p.Name, names.MaxPerson); err != nil {
		return err
	}
	if p.Name == "" {
		return Errorf(EINVALID, "a player needs a name")
	}
	if err := checkName("team name", p.Name, &p.Team, names.MaxTeam); err != nil {
		return err
	}
	var err error
	if p.Country, err = normalizeCountry(p.Country, p.Name); err != nil {
		return err
	}
	if p.Citizenship, err = normalizeCountry(p.Citizenship, p.Name); err != nil {
		return err
	}
	p.Gender = strings.ToLower(strings.TrimSpace(p.Gender))
	p.Exemption = strings.Join(strings.Fields(p.Exemption), " ")
	if err := checkDate(p.ResidentSince, "resident-since date of "+p.Name); err != nil {
		return err
	}
	switch {
	case p.Rating < minRating || p.Rating > maxRating:
		return Errorf(EINVALID, "rating %d of %s: give a number from %d to %d, or 0 for unrated", p.Rating, p.Name, minRating, maxRating)
	case p.WOFID < 0:
		return Errorf(EINVALID, "WOF id %d of %s: give a positive number, or 0 when unknown", p.WOFID, p.Name)
	case p.Gender != "" && p.Gender != "f" && p.Gender != "m":
		return Errorf(EINVALID, "gender %q of %s: use f, m, or leave it empty", p.Gender, p.Name)
	}
	return checkDate(p.Born, "birth date of "+p.Name)
}

// AddPlayer registers p and returns it: with p.ID when it is set (an
// import keeps the ids of its file), else with the next free id. Late
// entries are allowed: the pairing takes a player from the round after the
// last one already entered. Names must be unique, ignoring case, since
// players are named by them, and so must WOF ids. To add many players, use
// AddPlayers or a Registrar: each AddPlayer indexes every player.
func (t *Tournament) AddPlayer(p Player) (*Player, error) {
	return t.Registrar().Add(p)
}

// Withdraw records that player id left after round afterRound (WOC II.8).
// A player cannot withdraw twice, nor before a round they are already paired
// in, nor after a round that has not been entered yet.
func (t *Tournament) Withdraw(id, afterRound int) error {
	p, ok := t.Player(id)
	if !ok {
		return Errorf(ENOTFOUND, "no player with id %d in %s", id, t.Slug)
	}
	if p.WithdrawnAfterRound != nil {
		return Errorf(ECONFLICT, "%s already withdrew after round %d, and a withdrawn player may not re-enter (WOC II.8); 'outflank undo' reverts a withdrawal entered by mistake",
			t.Describe(id), *p.WithdrawnAfterRound)
	}
	if afterRound < 0 || afterRound > len(t.Rounds) {
		return Errorf(EINVALID, "withdrawal after round %d: %s has rounds 0 to %d so far", afterRound, t.Slug, len(t.Rounds))
	}
	for _, r := range t.Rounds[afterRound:] {
		if r.Plays(id) {
			return Errorf(ECONFLICT, "%s is paired in round %d: withdraw after round %d or later, or replace round %d's pairing first", t.Describe(id), r.Number, r.Number, r.Number)
		}
	}
	p.WithdrawnAfterRound = &afterRound
	// Absences after the withdrawal mean nothing any more.
	p.AbsentRounds = slices.DeleteFunc(p.AbsentRounds, func(r int) bool { return r > afterRound })
	if len(p.AbsentRounds) == 0 {
		p.AbsentRounds = nil
	}
	return nil
}
