package outflank

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"
)

// The audit log of a tournament is a hash chain: each entry records the
// hash of the entry before it and the hash of its own content with that
// link. Changing, removing or reordering an entry behind Outflank's back
// breaks the chain at that entry; removing entries at the end changes the
// head, which is why a federation keeps the head hash a director reports
// (docs/audit.md).

// chainFormat names the encoding hashed, so a later encoding can coexist.
const chainFormat = "outflank-log/1"

// hashTimeFormat is how an entry's time enters its hash: UTC to the
// microsecond, which every store keeps exactly.
const hashTimeFormat = "2006-01-02T15:04:05.000000Z"

// ChainHash returns the hash of ev as the entry that follows the entry
// whose hash is prev (prev is "" for a tournament's first entry): SHA-256,
// in hex, of a JSON array of the format, prev, and every recorded field of
// ev except UndoneBy, which is set later and checked against the undo
// that reverted ev instead.
func ChainHash(prev string, ev *Event) (string, error) {
	changes := ev.Changes
	if changes == nil {
		changes = []Change{}
	}
	data, err := json.Marshal([]any{chainFormat, prev, ev.ID, ev.Tournament, ev.At.UTC().Format(hashTimeFormat),
		ev.Actor, ev.Kind, ev.Summary, ev.Undoes, changes})
	if err != nil {
		return "", fmt.Errorf("outflank: hashing event %d: %w", ev.ID, err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// AuditLog is what verifying a tournament's log needs, read together: its
// events oldest first, the head hash the tournament records, and the
// tournament as stored.
type AuditLog struct {
	Events []Event
	Head   string
	State  *Tournament
	// Outside are the changes to the tournament's rows that the store
	// saw made outside Outflank (both stores record them: docs/records.md),
	// oldest first.
	Outside []OutsideEdit
}

// OutsideEdit is a row of a tournament inserted, updated or deleted by
// something other than Outflank (the sqlite3 shell, another program):
// a change the log does not hold.
type OutsideEdit struct {
	At     time.Time
	Entity string // as a Change names it: game, player, round, bye, tournament
	Key    string // as a Change keys it: "3/2" for round 3, table 2
	Kind   string // insert, update or delete
}

// OutsideEditor is a Store that records the changes made to a
// tournament's rows outside Outflank (SQLite and PostgreSQL do: docs/records.md).
type OutsideEditor interface {
	// OutsideEdits returns those of the tournament with slug, oldest
	// first.
	OutsideEdits(ctx context.Context, slug string) ([]OutsideEdit, error)
}

// String says what was changed and when, in words.
func (o OutsideEdit) String() string {
	verb := map[string]string{"insert": "added", "update": "changed", "delete": "removed"}[o.Kind]
	if verb == "" {
		verb = o.Kind
	}
	return fmt.Sprintf("%s %s was %s outside Outflank at %s UTC", o.Entity, o.Key, verb, o.At.UTC().Format("2006-01-02 15:04:05"))
}

// Verify checks the log: every entry's hash, every link to the entry
// before, the head, the undo marks, and that replaying every change from
// nothing gives exactly the stored tournament. It returns the head hash
// when all holds, else an ECONFLICT error naming the first entry (or row)
// that was altered, removed or reordered behind Outflank's back.
func (a *AuditLog) Verify() (string, error) {
	prev := ""
	undoneBy := map[int64]int64{} // reverted event -> the undo that did it
	var lastID int64
	for i := range a.Events {
		ev := &a.Events[i]
		if ev.ID <= lastID {
			return "", Errorf(ECONFLICT, "log entry #%d comes after #%d: the entries were reordered", ev.ID, lastID)
		}
		if ev.PrevHash != prev {
			if i == 0 {
				return "", Errorf(ECONFLICT, "log entry #%d is the first entry but names an earlier one: entries before it were removed", ev.ID)
			}
			return "", Errorf(ECONFLICT, "log entry #%d does not follow #%d: entries between them were removed, or the entries were reordered", ev.ID, lastID)
		}
		want, err := ChainHash(prev, ev)
		if err != nil {
			return "", err
		}
		if want != ev.Hash {
			return "", Errorf(ECONFLICT, "log entry #%d (%s) was altered after it was recorded: its content no longer matches its hash", ev.ID, ev.Kind)
		}
		if ev.Undoes != 0 {
			undoneBy[ev.Undoes] = ev.ID
		}
		prev, lastID = ev.Hash, ev.ID
	}
	if prev != a.Head {
		return "", Errorf(ECONFLICT, "the log ends at #%d, but the tournament records a different last entry: entries at the end were removed", lastID)
	}
	for _, ev := range a.Events {
		if ev.UndoneBy != undoneBy[ev.ID] {
			return "", Errorf(ECONFLICT, "log entry #%d is marked undone by #%d, but the log says %s", ev.ID, ev.UndoneBy, undoneNote(undoneBy[ev.ID]))
		}
	}
	if err := a.replay(); err != nil {
		if len(a.Outside) > 0 {
			// The edit first: it is why the rows and the log disagree.
			return "", Errorf(ECONFLICT, "%s; so: %s", a.outsideNote(), ErrorMessage(err))
		}
		return "", err
	}
	if len(a.Outside) > 0 {
		// The rows agree with the log again (a later change through
		// Outflank, or a second edit, put them back), but they were
		// changed meanwhile without it.
		return "", Errorf(ECONFLICT, "the stored tournament agrees with the log, but %s", a.outsideNote())
	}
	return prev, nil
}

// outsideNote says which changes were made outside Outflank: the first,
// and how many.
func (a *AuditLog) outsideNote() string {
	note := a.Outside[0].String() + ", a change the log does not hold"
	if n := len(a.Outside); n > 1 {
		note += fmt.Sprintf(" (the first of %d such changes)", n)
	}
	return note
}

func undoneNote(by int64) string {
	if by == 0 {
		return "it was never undone"
	}
	return fmt.Sprintf("#%d undid it", by)
}

// replay applies every event's changes, in order, to an empty tournament,
// checking each row's state before, and compares the result with the
// stored tournament row by row. It works on the rows directly, so a log of
// thousands of events replays in time linear in its size.
func (a *AuditLog) replay() error {
	rows := map[entityKey][]byte{}
	for _, ev := range a.Events {
		for _, c := range ev.Changes {
			k := entityKey{c.Entity, c.Key}
			current, exists := rows[k]
			if (c.Before == nil) == exists || (exists && !sameRow(c.Entity, current, c.Before)) {
				return Errorf(ECONFLICT, "log entry #%d changes %s %s from a state the log never gave it: the log was altered", ev.ID, c.Entity, c.Key)
			}
			if c.After == nil {
				delete(rows, k)
			} else {
				rows[k] = c.After
			}
		}
	}
	stored, err := a.State.entities()
	if err != nil {
		return err
	}
	for _, k := range sortedKeys(rows, stored) {
		want, inLog := rows[k]
		got, inStore := stored[k]
		switch {
		case !inStore:
			return Errorf(ECONFLICT, "%s %s is in the log but not in the stored tournament: it was removed behind Outflank's back", k.entity, k.key)
		case !inLog:
			return Errorf(ECONFLICT, "%s %s is in the stored tournament but in no log entry: it was added behind Outflank's back", k.entity, k.key)
		case !sameRow(k.entity, want, got):
			return Errorf(ECONFLICT, "%s %s differs from what the log says it is: it was changed behind Outflank's back", k.entity, k.key)
		}
	}
	return nil
}

// sameRow compares two stored states of a row of entity: byte for byte
// first, else as the values they decode to today, so that a row logged by
// an earlier version of Outflank (before a field was added, say) equals the
// same row as written now.
func sameRow(entity string, x, y []byte) bool {
	if bytes.Equal(x, y) {
		return true
	}
	cx, errX := canonicalRow(entity, x)
	cy, errY := canonicalRow(entity, y)
	return errX == nil && errY == nil && bytes.Equal(cx, cy)
}

// canonicalRow decodes a row's JSON into its entity's type and encodes it
// again.
func canonicalRow(entity string, data []byte) ([]byte, error) {
	var v any
	switch entity {
	case EntityTournament:
		v = &header{}
	case EntityPlayer:
		v = &Player{}
	case EntityRound:
		v = &roundHeader{}
	case EntityGame:
		v = &Game{}
	case EntityBye:
		v = &bye{}
	default:
		return nil, fmt.Errorf("outflank: unknown entity %q", entity)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// sortedKeys returns the keys of both maps in writing order, so that the
// first difference reported is the same every time.
func sortedKeys(a, b map[entityKey][]byte) []entityKey {
	var changes []Change
	for k := range a {
		changes = append(changes, Change{Entity: k.entity, Key: k.key, After: []byte("1")})
	}
	for k := range b {
		if _, dup := a[k]; !dup {
			changes = append(changes, Change{Entity: k.entity, Key: k.key, After: []byte("1")})
		}
	}
	sortChanges(changes)
	keys := make([]entityKey, len(changes))
	for i, c := range changes {
		keys[i] = entityKey{c.Entity, c.Key}
	}
	return keys
}

// LastChangeOf returns the latest of events that changed the row entity
// key, or nil: who entered a result, for a message about it.
func LastChangeOf(events []Event, entity, key string) *Event {
	for i := len(events) - 1; i >= 0; i-- {
		for _, c := range events[i].Changes {
			if c.Entity == entity && c.Key == key {
				return &events[i]
			}
		}
	}
	return nil
}
