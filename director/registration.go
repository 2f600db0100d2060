package director

import (
	"context"
	"fmt"
	"strings"

	"outflank"
	"outflank/words"
)

// Withdraw records that player ref (an id or exact name) of slug withdrew
// after round afterRound (-1: the last round entered), as 'player
// withdraw' does.
func Withdraw(ctx context.Context, store outflank.Store, slug, ref string, afterRound int) (*outflank.Event, error) {
	return store.Update(ctx, slug, outflank.KindWithdraw, func(t *outflank.Tournament) (string, error) {
		p, err := t.FindPlayer(ref)
		if err != nil {
			return "", err
		}
		n := afterRound
		if n < 0 {
			n = len(t.Rounds)
		}
		if err := t.Withdraw(p.ID, n); err != nil {
			return "", err
		}
		return fmt.Sprintf("#%d %s withdrew after round %d", p.ID, p.Name, n), nil
	})
}

// Edited is a registration corrected.
type Edited struct {
	Event *outflank.Event
	// Warnings say what to check: a gender or birth date the lists need
	// still missing, an additional player who makes the field odd.
	Warnings []string
}

// EditPlayer corrects the registration of player id of slug, as 'player
// edit' does. A correction the eligibility rules refuse
// (outflank.CheckEdit) needs override, the director's reason, which the
// log records.
func EditPlayer(ctx context.Context, store outflank.Store, slug string, id int, edit outflank.PlayerEdit, override string) (*Edited, error) {
	out := &Edited{}
	ev, err := store.Update(ctx, slug, outflank.KindEdit, func(t *outflank.Tournament) (string, error) {
		summary, err := EditIn(t, id, edit, override)
		if err == nil {
			out.Warnings = EditWarnings(t, id, edit)
		}
		return summary, err
	})
	if err != nil {
		return nil, err
	}
	out.Event = ev
	return out, nil
}

// EditWarnings says what to check after player id of t was corrected by
// edit: when the correction gave a gender or a birth date, or marked the
// additional player, what the lists still lack and an additional player
// who makes the field odd (outflank.MissingDetails, AdditionalOdd).
func EditWarnings(t *outflank.Tournament, id int, edit outflank.PlayerEdit) []string {
	var out []string
	if edit.Gender != nil || edit.Born != nil {
		if w := t.MissingWarning(id); w != "" {
			out = append(out, w)
		}
	}
	if edit.Additional != nil && *edit.Additional {
		if w := t.AdditionalOdd(); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// EditIn corrects player id of t as EditPlayer does, within a change, and
// returns the change's summary.
func EditIn(t *outflank.Tournament, id int, edit outflank.PlayerEdit, override string) (string, error) {
	p, ok := t.Player(id)
	if !ok {
		return "", outflank.Errorf(outflank.ENOTFOUND, "no player with id %d in %s", id, t.Slug)
	}
	old, before := *p, t.Describe(id)
	what, err := t.EditPlayer(id, edit)
	if err != nil {
		return "", err
	}
	check := t.CheckEdit(id, old)
	override = strings.Join(strings.Fields(override), " ")
	if len(check.Refusals) > 0 && override == "" {
		return "", Refused("this correction of "+before+" is refused", check)
	}
	return fmt.Sprintf("edited %s: %s%s", before, what, Overridden(check, override)), nil
}

// Imported is a list of players registered at once.
type Imported struct {
	Event *outflank.Event
	// Warnings say what to check: a late entry, a negative rating.
	Warnings []string
}

// ImportPlayers registers players, all or none, in one change, as 'player
// import' does; source names the file they came from, for the log. The
// eligibility rules of the ruleset must allow every entry
// (outflank.CheckEntries: a WOC team of five is refused, WOC I.2.1), unless
// override gives the director's reason, which the log records.
func ImportPlayers(ctx context.Context, store outflank.Store, slug string, players []outflank.Player, source, override string) (*Imported, error) {
	out := &Imported{}
	var note string
	var details []string
	var check outflank.EntryCheck
	override = strings.Join(strings.Fields(override), " ")
	ev, err := store.Update(ctx, slug, outflank.KindPlayer, func(t *outflank.Tournament) (string, error) {
		for i, p := range players {
			if p.Exemption == "" {
				continue
			}
			if err := t.CheckExemption(); err != nil {
				return "", outflank.Errorf(outflank.ErrorCode(err), "%s, player %d (%s): %s; no player was imported", source, i+1, p.Name, outflank.ErrorMessage(err))
			}
		}
		before := len(t.Players)
		if err := t.AddPlayers(players); err != nil {
			return "", outflank.Errorf(outflank.ErrorCode(err), "%s, %s; no player was imported", source, outflank.ErrorMessage(err))
		}
		var ids []int
		for _, p := range t.Players[before:] {
			ids = append(ids, p.ID)
		}
		check = t.CheckEntries(ids)
		if len(check.Refusals) > 0 && override == "" {
			return "", Refused("no player of "+source+" was imported", check)
		}
		if err := t.LateEntryRefused(ids); err != nil {
			return "", err
		}
		note = t.LateEntryNote(ids)
		details = registrationNotes(t, ids)
		return fmt.Sprintf("imported %s from %s%s", words.Count(len(players), "player"), source, Overridden(check, override)), nil
	})
	if err != nil {
		return nil, err
	}
	out.Event = ev
	out.Warnings = append(out.Warnings, check.Warnings...)
	if override != "" && len(check.Refusals) == 0 {
		out.Warnings = append(out.Warnings, "the override was not needed: no eligibility rule refuses these entries, so none was recorded")
	}
	for i, p := range players {
		if p.Rating < 0 {
			out.Warnings = append(out.Warnings, NegativeRating(fmt.Sprintf("%s (%s, player %d)", p.Name, source, i+1), p.Rating))
		}
	}
	if note != "" {
		out.Warnings = append(out.Warnings, note)
	}
	out.Warnings = append(out.Warnings, details...)
	return out, nil
}

// RemovePlayer takes back the registration of player id of slug before
// their first game, as 'player remove' does.
func RemovePlayer(ctx context.Context, store outflank.Store, slug string, id int) (*outflank.Event, error) {
	return store.Update(ctx, slug, outflank.KindRemove, func(t *outflank.Tournament) (string, error) {
		removed, err := t.RemovePlayer(id)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("removed player #%d %s", removed.ID, removed.Name), nil
	})
}

// MarkAbsent records that player ref of slug misses rounds (not paired, no
// bye; each scored as a game not played), as 'player absent' does. The
// ruleset decides whether a player may miss rounds and come back.
func MarkAbsent(ctx context.Context, store outflank.Store, slug, ref string, rounds []int) (*outflank.Event, error) {
	return store.Update(ctx, slug, outflank.KindAbsent, func(t *outflank.Tournament) (string, error) {
		p, err := t.FindPlayer(ref)
		if err != nil {
			return "", err
		}
		if err := t.MarkAbsent(p.ID, rounds); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s absent in %s (not paired, no bye; scored as a game not played, %s)",
			t.Describe(p.ID), outflank.RoundList(rounds), words.Count(t.Settings.UnplayedDiscs[0], "disc")), nil
	})
}

// MarkReturn cancels absences of player ref of slug: those in rounds, or
// with none given every one in a round not yet entered, as 'player
// return' does.
func MarkReturn(ctx context.Context, store outflank.Store, slug, ref string, rounds []int) (*outflank.Event, error) {
	return store.Update(ctx, slug, outflank.KindReturn, func(t *outflank.Tournament) (string, error) {
		p, err := t.FindPlayer(ref)
		if err != nil {
			return "", err
		}
		back, err := t.MarkReturn(p.ID, rounds)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s no longer absent in %s", t.Describe(p.ID), outflank.RoundList(back)), nil
	})
}
