package outflank

import (
	"fmt"
	"strings"
)

// PlayerEdit is a correction of a registration: each field that is not nil
// replaces the player's.
type PlayerEdit struct {
	Name, Country, Gender, Born, Team *string
	Rating, WOFID                     *int
	// Citizenship and ResidentSince are what eligibility reads (WOC
	// I.2.3, BOF National 12); Exemption the reason of a chairman's
	// exemption (BOF National 13), "" to withdraw it.
	Citizenship, ResidentSince, Exemption *string
	// Seeded puts the player in group A of the first round's draw (WOC
	// II.7.1), or out of it; Additional marks the additional player (WOC
	// II.2), or unmarks him.
	Seeded, Additional *bool
	// NewToWOF marks the player new to the WOF (written "+ID" in the .ELO
	// file) or unmarks him; nil keeps the mark as a WOF id given says
	// (EditPlayer).
	NewToWOF *bool
}

// EditPlayer corrects the registration of player id with edit, under the
// same rules as a new registration (names unique, fields valid), and
// returns what changed, as "rating 1500 → 1600; team "" → "GBR"".
func (t *Tournament) EditPlayer(id int, edit PlayerEdit) (string, error) {
	p, ok := t.Player(id)
	if !ok {
		return "", Errorf(ENOTFOUND, "no player with id %d in %s", id, t.Slug)
	}
	q := *p
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&q.Name, edit.Name)
	set(&q.Country, edit.Country)
	set(&q.Gender, edit.Gender)
	set(&q.Born, edit.Born)
	set(&q.Team, edit.Team)
	set(&q.Citizenship, edit.Citizenship)
	set(&q.ResidentSince, edit.ResidentSince)
	set(&q.Exemption, edit.Exemption)
	if edit.Rating != nil {
		q.Rating = *edit.Rating
	}
	if edit.WOFID != nil {
		// An id given to a player new to the WOF, or to one who had none,
		// is the one his federation gives a new player (BOF's 1000xx):
		// he stays new, "+ID" in the .ELO file, until the WOF lists him,
		// as the archive's new players are; an id corrected to another
		// of a listed player is no new player's.
		q.WOFID = *edit.WOFID
		q.NewToWOF = q.WOFID != 0 && (p.NewToWOF || p.WOFID == 0)
	}
	if edit.NewToWOF != nil {
		if *edit.NewToWOF && q.WOFID == 0 {
			return "", Errorf(EINVALID, "%s has no WOF id: give him the one his federation gives a new player to mark him new to the WOF", t.Describe(id))
		}
		q.NewToWOF = *edit.NewToWOF
	}
	if edit.Seeded != nil {
		// Group A only decides the first round's draw (WOC II.7.1: "the
		// pairings for the first round"); once it is paired, a change
		// would change nothing, and saying it did would mislead.
		if *edit.Seeded != p.Seeded && len(t.Rounds) > 0 {
			return "", Errorf(ECONFLICT, "group A decides only the draw of the first round (WOC II.7.1), and round 1 of %s is paired: %s's seeding can no longer change anything (undo the pairing of round 1 first to draw it again)", t.Slug, t.Describe(id))
		}
		q.Seeded = *edit.Seeded
	}
	if edit.Additional != nil {
		q.Additional = *edit.Additional
	}
	if err := q.validate(); err != nil {
		return "", err
	}
	if q.Exemption != "" && p.Exemption != q.Exemption {
		if err := t.CheckExemption(); err != nil {
			return "", err
		}
	}
	for _, other := range t.Players {
		if other.ID == id {
			continue
		}
		if q.WOFID != 0 && other.WOFID == q.WOFID {
			return "", Errorf(ECONFLICT, "%s already has WOF player %d (#%d %s)", t.Slug, q.WOFID, other.ID, other.Name)
		}
		if strings.EqualFold(other.Name, q.Name) {
			return "", Errorf(ECONFLICT, "%s already has a player named %q (#%d): add a distinguishing detail to the name", t.Slug, other.Name, other.ID)
		}
	}
	var diffs []string
	field := func(name string, before, after any) {
		if before == after {
			return
		}
		if _, text := before.(string); text {
			diffs = append(diffs, fmt.Sprintf("%s %q → %q", name, before, after))
		} else {
			diffs = append(diffs, fmt.Sprintf("%s %v → %v", name, before, after))
		}
	}
	field("name", p.Name, q.Name)
	field("country", p.Country, q.Country)
	field("rating", p.Rating, q.Rating)
	field("gender", p.Gender, q.Gender)
	field("born", p.Born, q.Born)
	field("team", p.Team, q.Team)
	field("WOF id", p.WOFID, q.WOFID)
	field("new to the WOF", yesNo(p.NewToWOF), yesNo(q.NewToWOF))
	field("citizenship", p.Citizenship, q.Citizenship)
	field("resident since", p.ResidentSince, q.ResidentSince)
	field("chairman's exemption (BOF National 13)", p.Exemption, q.Exemption)
	field("group A (seeded, WOC II.7.1)", yesNo(p.Seeded), yesNo(q.Seeded))
	field("additional player (WOC II.2)", yesNo(p.Additional), yesNo(q.Additional))
	if len(diffs) == 0 {
		return "", Errorf(EINVALID, "nothing to change: %s already has those details", t.Describe(id))
	}
	*p = q
	return strings.Join(diffs, "; "), nil
}

// yesNo words a yes-or-no detail for the log: yes, no (unquoted, as a
// number is).
type yesNo bool

func (b yesNo) String() string {
	if b {
		return Yes
	}
	return No
}
