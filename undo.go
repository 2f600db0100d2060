package outflank

import "fmt"

// Undone is the change that reverts an event: the tournament after it
// and the summary of its own audit event.
type Undone struct {
	After   *Tournament
	Summary string
}

// UndoLatest works out the undo of last, the latest event of t that is
// neither an undo nor undone (nil when there is none), as every store's
// Undo does. With expect not 0 it undoes only if last is event expect, the
// condition of an undo made from what its author saw. The creation or
// import of the tournament is never undone.
func UndoLatest(t *Tournament, last *Event, expect int64) (*Undone, error) {
	switch {
	case last != nil && last.Kind == KindImport:
		// An import has no state before it to go back to but nothing:
		// removing the tournament is its undo, and keeps a record.
		return nil, Errorf(EINVALID, "nothing to undo in %s: its latest change is its import (#%d), which undo does not revert; 'outflank remove %s' removes the imported tournament (a record is kept: 'outflank restore %s' brings it back)", t.Slug, last.ID, t.Slug, t.Slug)
	case last == nil || last.Kind == KindCreate:
		return nil, Errorf(EINVALID, "nothing to undo in %s: no change since it was created is left to undo; 'outflank remove %s' removes the tournament (a record is kept: 'outflank restore %s' brings it back)", t.Slug, t.Slug, t.Slug)
	}
	if expect != 0 && last.ID != expect {
		by := last.Actor
		if by == "" {
			by = "an unrecorded actor"
		}
		return nil, Errorf(ECONFLICT, "the latest change of %s is now #%d (%s: %s, by %s), not #%d: nothing was undone; look at 'outflank log %s' and undo again",
			t.Slug, last.ID, last.Kind, last.Summary, by, expect, t.Slug)
	}
	after, err := t.Apply(Invert(last.Changes))
	if err != nil {
		return nil, err
	}
	return &Undone{After: after, Summary: fmt.Sprintf("undid #%d (%s: %s)", last.ID, last.Kind, last.Summary)}, nil
}
