package outflank

import (
	"context"
	"time"
)

// Archive copies tournaments from one store to another exactly: the rows
// as stored and the audit log as recorded, so that the copy's log verifies
// and its export is the original's.
type Archive interface {
	// Dump reads the tournament with slug and its whole log, in one
	// consistent read.
	Dump(ctx context.Context, slug string) (*TournamentRecord, error)
	// Restore stores rec in one transaction, keeping its event ids, times,
	// actors, undo links and hashes. It refuses (ECONFLICT, writing
	// nothing) a tournament whose slug the store already has. An event's
	// id is unique within its log only: the ids are hashed into the log,
	// so they cannot be renumbered, and another store gave them.
	Restore(ctx context.Context, rec *TournamentRecord) error
	// Append adds to the store's tournament rec.Tournament.Slug, whose
	// log is rec.Events[:from] (the store's head is the hash of
	// rec.Events[from-1]), the events rec.Events[from:] as recorded, in
	// one transaction: each event's changes are written as the event
	// made them, with the undo marks it set, so that the tournament
	// becomes rec.Tournament and its log rec's. It refuses (ECONFLICT,
	// writing nothing) when the store's head is another (a change was
	// saved meanwhile), and when the rows it leads to are not
	// rec.Tournament's (a row changed outside Outflank on either side).
	Append(ctx context.Context, rec *TournamentRecord, from int) error
}

// TournamentRecord is a tournament as a store keeps it.
type TournamentRecord struct {
	// Tournament is the stored state, with its Version and its games'.
	Tournament *Tournament
	// CreatedAt is when the tournament was first stored.
	CreatedAt time.Time
	// Events is the audit log, oldest first, as recorded (UndoneBy
	// included); Head the hash of its latest entry, as the tournament
	// records it.
	Events []Event
	Head   string
	// Outside are the changes made to the tournament's rows outside
	// Outflank that the store recorded (OutsideEditor), oldest first:
	// Restore records them again, so that 'log --verify' on the copy
	// names the same edits. Audit leaves them out: the copy's check
	// compares them apart.
	Outside []OutsideEdit
}

// Audit returns what verifying the record's log needs.
func (r *TournamentRecord) Audit() *AuditLog {
	return &AuditLog{Events: r.Events, Head: r.Head, State: r.Tournament}
}

// CheckAppended returns nil when got, the tournament an Archive's Append
// led to in the store where, has the rows of r.Tournament, or a conflict
// naming the first row that differs.
func (r *TournamentRecord) CheckAppended(got *Tournament, where string) error {
	changes, err := Diff(got, r.Tournament)
	if err != nil {
		return err
	}
	if len(changes) == 0 {
		return nil
	}
	c, slug := changes[0], r.Tournament.Slug
	return Errorf(ECONFLICT, "the events copied do not lead %s in %s to the rows of the copy: %s %s differs (a row changed outside Outflank on one side?): nothing was copied; 'outflank log %s --verify' on each says more",
		slug, where, c.Entity, c.Key, slug)
}

// RecordsArchive stores the federation's records copied from another
// store exactly: their ids and their logs as recorded. Reading them needs
// no more than CircuitStore and Members.
type RecordsArchive interface {
	// RestoreCircuit stores c with its log (oldest first) in one
	// transaction; ECONFLICT, writing nothing, when the store has a
	// circuit with its slug or uses one of its log's ids.
	RestoreCircuit(ctx context.Context, c *Circuit, log []CircuitEvent) error
	// RestoreMembers stores the member records with their ids, the
	// members' log (oldest first) and the fee rates set (whose changes
	// that log holds) in one transaction; ECONFLICT, writing nothing,
	// when the store has any member record, member log entry or rates.
	RestoreMembers(ctx context.Context, members []Member, log []MemberEvent, rates []FeeRates) error
	// DumpRemovals reads the records of removed tournaments and circuits
	// (Removals), oldest first, each with its Record.
	DumpRemovals(ctx context.Context) ([]Removal, error)
	// RestoreRemovals stores records read by DumpRemovals with their ids
	// in one transaction, so that a tournament removed in the other store
	// can be restored from this one; ECONFLICT, writing nothing, when the
	// store keeps any.
	RestoreRemovals(ctx context.Context, list []Removal) error
	// DumpAccounts reads the user accounts, in one consistent read.
	DumpAccounts(ctx context.Context) (*AccountsRecord, error)
	// RestoreAccounts stores accounts read by DumpAccounts in one
	// transaction; ECONFLICT, writing nothing, when the store has any
	// user, token, judge link or accounts' log entry.
	RestoreAccounts(ctx context.Context, a *AccountsRecord) error
	// RestorePlayerDB loads players as LoadPlayerDB does, keeping the
	// source and load time of info.
	RestorePlayerDB(ctx context.Context, info *PlayerDBInfo, players []WOFPlayer) error
}

// AccountsRecord is the user accounts of a store as kept, without the
// sessions (whoever is logged in logs in again) and the failed logins.
type AccountsRecord struct {
	// Users have their ids, password hashes, grants and creation times.
	Users []User
	// Tokens and JudgeLinks have their ids and hashes.
	Tokens     []Token
	JudgeLinks []JudgeLink
	// Log is the accounts' log, oldest first.
	Log []AccountEvent
	// Issued is, by table (users, tokens, judge_links, account_events),
	// the highest id the store ever gave, which is above every id kept
	// when the newest row was removed: the copy never gives it again
	// (ids of credentials are never reused).
	Issued map[string]int64
}

// CredentialTables are the tables of AccountsRecord.Issued.
var CredentialTables = []string{"users", "tokens", "judge_links", "account_events"}

// Empty reports whether a holds nothing.
func (a *AccountsRecord) Empty() bool {
	return len(a.Users) == 0 && len(a.Tokens) == 0 && len(a.JudgeLinks) == 0 && len(a.Log) == 0
}
