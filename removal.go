package outflank

import (
	"context"
	"encoding/json"
	"fmt"
	"outflank/words"
	"time"

	"outflank/circuit"
)

// A tournament or a circuit removed by mistake must come back whole (issue
// 26): removing one keeps a record of it, with its log, and notes who
// removed it and when in the accounts' log; restoring it stores it again
// from that record, the same log with the same ids and hashes.

// The kinds of what a Removal keeps.
const (
	RemovedTournament = "tournament"
	RemovedCircuit    = "circuit"
)

// The actions of the accounts' log that remove and restore.
const (
	AccountTournamentRemove  = "tournament.remove"
	AccountTournamentRestore = "tournament.restore"
	AccountCircuitDelete     = "circuit.delete"
	AccountCircuitRestore    = "circuit.restore"
)

// Removal is the record of a removed tournament or circuit.
type Removal struct {
	ID    int64     `json:"id"`
	Kind  string    `json:"kind"` // RemovedTournament or RemovedCircuit
	Slug  string    `json:"slug"`
	At    time.Time `json:"at"`
	Actor string    `json:"actor"`
	// Head is the hash of the tournament's last log entry when it was
	// removed ("" for a circuit, whose log is not chained).
	Head string `json:"head,omitempty"`
	// Record is what restoring needs: a tournament's export with its
	// audit log (exchange.WriteRecord), a circuit with its log
	// (EncodeCircuitRecord).
	Record []byte `json:"-"`
}

// Removals keeps what was removed. Each method is one transaction.
type Removals interface {
	// RemoveTournament reads the tournament with slug and its whole log
	// (as Archive.Dump), keeps encode's record of it, notes the removal
	// in the accounts' log and removes the tournament, its log and its
	// games in play. It refuses (ECONFLICT) a tournament a circuit counts:
	// the circuit's standings would change without a word in its log.
	RemoveTournament(ctx context.Context, slug string, encode func(*TournamentRecord) ([]byte, error)) (*Removal, error)
	// RestoreTournament stores again the tournament of the latest record of
	// slug, read by decode (as Archive.Restore: its log's own ids and
	// hashes), drops the record and notes the restoring in the accounts'
	// log. ENOTFOUND when no record of slug is kept; ECONFLICT, writing
	// nothing, when a tournament slug exists again.
	RestoreTournament(ctx context.Context, slug string, decode func([]byte) (*TournamentRecord, error)) (*TournamentRecord, error)
	// DeleteCircuit keeps a record of the circuit with slug and its log
	// (EncodeCircuitRecord), notes the deletion in the accounts' log and
	// deletes the circuit.
	DeleteCircuit(ctx context.Context, slug string) (*Removal, error)
	// RestoreCircuit stores again the circuit of the latest record of slug
	// with its log, drops the record and notes it in the accounts' log.
	RestoreDeletedCircuit(ctx context.Context, slug string) (*Circuit, error)
	// Removals lists the records kept, the latest first, without their
	// Record.
	Removals(ctx context.Context) ([]Removal, error)
}

// RestoreSummary is the line of the accounts' log that restores the
// tournament of rec from its record.
func RestoreSummary(rec *TournamentRecord) string {
	return fmt.Sprintf("restored tournament %s from its record: %s, hash %s", rec.Tournament.Slug, words.Count(len(rec.Events), "log entry"), rec.Head)
}

// CircuitRestoreSummary is the line of the accounts' log that restores the
// circuit slug from its record, with its log.
func CircuitRestoreSummary(slug string, log []CircuitEvent) string {
	return fmt.Sprintf("restored circuit %s from its record: %s", slug, words.Count(len(log), "log entry"))
}

// RemovalSummary is the line of the accounts' log that removes: who is
// in the record, and the hash that proves the restored log is the one
// removed.
func RemovalSummary(rec *TournamentRecord) string {
	t := rec.Tournament
	return fmt.Sprintf("removed tournament %s (%s): %s, %s, %s, last entry #%d, hash %s; kept to restore",
		t.Slug, t.Name, words.Count(len(t.Players), "player"), words.Count(len(t.Rounds), "round"), words.Count(len(rec.Events), "log entry"), lastEventID(rec.Events), rec.Head)
}

func lastEventID(events []Event) int64 {
	if len(events) == 0 {
		return 0
	}
	return events[len(events)-1].ID
}

// FromLog rebuilds the tournament its log gives (every change applied in
// order to nothing) and checks the log (AuditLog.Verify) against it and
// head: a record's tournament is its log's.
func FromLog(events []Event, head string) (*Tournament, error) {
	if len(events) == 0 {
		return nil, Errorf(EINVALID, "the record has no log")
	}
	rows := map[entityKey][]byte{}
	for _, ev := range events {
		for _, c := range ev.Changes {
			k := entityKey{c.Entity, c.Key}
			current, exists := rows[k]
			if (c.Before == nil) == exists || (exists && !sameRow(c.Entity, current, c.Before)) {
				return nil, Errorf(ECONFLICT, "log entry #%d: its change to %s %s starts from a state the log never gave it: the log was altered", ev.ID, c.Entity, c.Key)
			}
			if c.After == nil {
				delete(rows, k)
			} else {
				rows[k] = c.After
			}
		}
	}
	t, err := fromEntities(rows)
	if err != nil {
		return nil, err
	}
	if _, err := (&AuditLog{Events: events, Head: head, State: t}).Verify(); err != nil {
		return nil, err
	}
	return t, nil
}

// circuitRecord is a deleted circuit as kept.
type circuitRecord struct {
	Format      string        `json:"format"`
	Slug        string        `json:"slug"`
	Name        string        `json:"name"`
	Rules       string        `json:"rules"`
	Year        int           `json:"year"`
	Tournaments []string      `json:"tournaments"`
	Links       []CircuitLink `json:"links"`
	Winner      string        `json:"winner,omitempty"`
	Reason      string        `json:"reason,omitempty"`
	Log         []recordEntry `json:"log"`
}

// recordEntry is an entry of a deleted circuit's log, with the state
// before it that undoing it needs.
type recordEntry struct {
	CircuitEvent
	Before json.RawMessage `json:"before,omitempty"`
}

// circuitRecordFormat tags a deleted circuit's record.
const circuitRecordFormat = "outflank-circuit/1"

// EncodeCircuitRecord is the record a circuit's deletion keeps: the
// circuit and its log, as JSON.
func EncodeCircuitRecord(c *Circuit, log []CircuitEvent) ([]byte, error) {
	entries := make([]recordEntry, len(log))
	for i, e := range log {
		entries[i] = recordEntry{CircuitEvent: e, Before: e.Before}
	}
	return json.Marshal(circuitRecord{Format: circuitRecordFormat, Slug: c.Slug, Name: c.Name, Rules: string(c.Rules), Year: c.Year,
		Tournaments: c.Tournaments, Links: c.Links, Winner: c.Winner, Reason: c.Reason, Log: entries})
}

// DecodeCircuitRecord reads what EncodeCircuitRecord wrote.
func DecodeCircuitRecord(data []byte) (*Circuit, []CircuitEvent, error) {
	var r circuitRecord
	if err := json.Unmarshal(data, &r); err != nil || r.Format != circuitRecordFormat {
		return nil, nil, Errorf(EINVALID, "the kept record of a circuit cannot be read (%v)", err)
	}
	c := &Circuit{Slug: r.Slug, Name: r.Name, Rules: circuit.Rules(r.Rules), Year: r.Year, Tournaments: r.Tournaments, Links: r.Links, Winner: r.Winner, Reason: r.Reason}
	log := make([]CircuitEvent, len(r.Log))
	for i, e := range r.Log {
		log[i] = e.CircuitEvent
		if len(e.Before) > 0 {
			log[i].Before = []byte(e.Before)
		}
	}
	return c, log, c.Validate()
}

// ConfirmRemoval checks that the slug of what is removed was typed again,
// as the command line asks (unless --yes) and the console's form does: a
// removal is undone only by a restore, so a slip of the mouse or of the
// shell's history must not make one.
func ConfirmRemoval(kind, slug, typed string) error {
	if typed != slug {
		if typed == "" {
			return Errorf(EINVALID, "%s %s was not removed: type its slug, %s, to confirm", kind, slug, slug)
		}
		return Errorf(EINVALID, "%s %s was not removed: %q is not its slug; type %s to confirm", kind, slug, typed, slug)
	}
	return nil
}
