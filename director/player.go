package director

import (
	"context"
	"fmt"
	"strings"

	"outflank"
)

// Registered is a player registered.
type Registered struct {
	Event  *outflank.Event
	Player outflank.Player
	// Warnings are what the director should check: a late entry never
	// paired in a round robin under way, a negative rating typed by hand.
	Warnings []string
}

// AddPlayer registers p in slug, in one change. from, when not empty,
// says where the details came from, for the log (" (WOF 123, from
// joueurs.txt)"); typedRating says the rating was typed by hand.
func AddPlayer(ctx context.Context, store outflank.Store, slug string, p outflank.Player, from string, typedRating bool) (*Registered, error) {
	return Register(ctx, store, slug, p, Entry{From: from, TypedRating: typedRating})
}

// Entry is how a player is registered, beyond the player's details.
type Entry struct {
	// From says where the details came from, for the log.
	From string
	// TypedRating: the rating was typed by hand.
	TypedRating bool
	// Override is the director's reason to register a player the
	// eligibility rules refuse (outflank.CheckEntry), "" for none. The
	// log records it with the rules overridden.
	Override string
}

// Register registers p in slug, in one change, as 'player add' does. The
// citizenship and residence not given are taken from the federation's
// member record of the player, when the store keeps members and one
// matches (WOF id, else exact name and country: see defaultFromMember).
// The eligibility rules of the ruleset must allow the entry
// (outflank.CheckEntry), unless e.Override gives the director's reason.
func Register(ctx context.Context, store outflank.Store, slug string, p outflank.Player, e Entry) (*Registered, error) {
	out := &Registered{}
	var note string
	var details []string
	rec, found, err := memberOf(ctx, store, p)
	if err != nil {
		return nil, err
	}
	if !found {
		rec = nil
	}
	e.Override = strings.Join(strings.Fields(e.Override), " ")
	var check outflank.EntryCheck
	ev, err := store.Update(ctx, slug, outflank.KindPlayer, func(t *outflank.Tournament) (string, error) {
		q := p
		taken := defaultFromMember(t, &q, rec)
		if q.Exemption != "" {
			if err := t.CheckExemption(); err != nil {
				return "", err
			}
		}
		added, err := t.AddPlayer(q)
		if err != nil {
			return "", err
		}
		out.Player = *added
		check = t.CheckEntry(added.ID)
		if len(check.Refusals) > 0 && e.Override == "" {
			return "", Refused(added.Name+" cannot be registered", check)
		}
		if err := t.LateEntryRefused([]int{added.ID}); err != nil {
			return "", err
		}
		note = t.LateEntryNote([]int{added.ID})
		details = registrationNotes(t, []int{added.ID})
		summary := fmt.Sprintf("added player #%d %s%s", added.ID, added.Name, e.From)
		if taken != "" {
			summary += fmt.Sprintf(" (%s from member record #%d)", taken, rec.ID)
		}
		if added.Exemption != "" {
			summary += fmt.Sprintf("; chairman's exemption from the 183-day rule (BOF National 13): %s", added.Exemption)
		}
		summary += Overridden(check, e.Override)
		return summary, nil
	})
	if err != nil {
		return nil, err
	}
	out.Event = ev
	if e.TypedRating && out.Player.Rating < 0 {
		out.Warnings = append(out.Warnings, NegativeRating(out.Player.Name, out.Player.Rating))
	}
	out.Warnings = append(out.Warnings, check.Warnings...)
	if e.Override != "" && len(check.Refusals) == 0 {
		out.Warnings = append(out.Warnings, "the override was not needed: no eligibility rule refuses this entry, so none was recorded")
	}
	if note != "" {
		out.Warnings = append(out.Warnings, note)
	}
	out.Warnings = append(out.Warnings, details...)
	return out, nil
}

// registrationNotes says what the players ids, just registered or
// corrected, lack that t's lists need (a gender, a birth date: see
// outflank.MissingDetails), and points out an additional player who makes
// the field odd (outflank.AdditionalOdd) when one of them is additional.
func registrationNotes(t *outflank.Tournament, ids []int) []string {
	var notes []string
	if len(ids) == 1 {
		if w := t.MissingWarning(ids[0]); w != "" {
			notes = append(notes, w)
		}
	} else if w := t.MissingSummary(ids); w != "" {
		notes = append(notes, w)
	}
	for _, id := range ids {
		if p, ok := t.Player(id); ok && p.Additional {
			if w := t.AdditionalOdd(); w != "" {
				notes = append(notes, w)
			}
			break
		}
	}
	return notes
}

// NegativeRating warns about a negative rating typed by hand. WOF ratings
// can be negative (the list goes below -700), so it is kept; but a
// director typing one more often meant something else (5, or 0 for
// unrated), and nothing else would say so.
func NegativeRating(who string, rating int) string {
	return fmt.Sprintf("rating %d of %s is negative: kept, since WOF ratings can be below 0, but check it is not a typo (0 means unrated; --players-db fills in the WOF's rating)", rating, who)
}

// Refused is the error of an entry or a correction the eligibility rules
// refuse, saying how to override it.
// what says what is refused: "Ann cannot be registered".
func Refused(what string, c outflank.EntryCheck) error {
	return outflank.Errorf(outflank.ECONFLICT, "%s: %s; if the tournament director allows it all the same, do it again with an override and its reason (--override REASON; the console's Override field), which the log records",
		what, strings.Join(c.Refusals, "; "))
}

// Overridden is what the log adds to a change that overrides c's
// refusals, "" when there are none.
func Overridden(c outflank.EntryCheck, reason string) string {
	if len(c.Refusals) == 0 {
		return ""
	}
	return fmt.Sprintf("; eligibility overridden (%s): %s", strings.Join(c.Rules, ", "), reason)
}
