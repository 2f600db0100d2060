package outflank

import (
	"context"
	"time"

	"outflank/rules"
)

// Store keeps tournaments and their audit logs. Each method is one
// transaction: it either happens entirely, with its audit event, or not at
// all, and it returns only after the transaction is committed.
type Store interface {
	// Create stores a new tournament with whatever players and rounds it
	// already has (an import), recording an event of kind with summary.
	Create(ctx context.Context, t *Tournament, kind, summary string) (*Event, error)
	// Tournament returns the tournament with slug.
	Tournament(ctx context.Context, slug string) (*Tournament, error)
	// Tournaments lists all tournaments, most recent date first.
	Tournaments(ctx context.Context) ([]TournamentSummary, error)
	// Update loads the tournament, lets change modify it (with the methods
	// of this package, which enforce the rules) and stores the difference
	// with an audit event of kind, whose summary change returns. If change
	// fails, nothing is written.
	Update(ctx context.Context, slug, kind string, change func(t *Tournament) (summary string, err error)) (*Event, error)
	// Undo reverts the last change that has not been undone yet, and records
	// that as an event of its own. When expect is not 0, it undoes only if
	// that change is event expect: the condition of a write made from what
	// the caller saw.
	Undo(ctx context.Context, slug string, expect int64) (*Event, error)
	// Log returns the tournament's audit events, oldest first.
	Log(ctx context.Context, slug string) ([]Event, error)
	// Audit returns, in one consistent read, what verifying the log needs:
	// the events, the head the tournament records, and its stored state.
	Audit(ctx context.Context, slug string) (*AuditLog, error)
	// Close releases the store.
	Close() error
}

// SharedReader is a Store that keeps the tournaments it reads in memory
// and can serve one as kept, without the copy Tournament makes for a
// caller that changes it: what a web server renders its pages from.
type SharedReader interface {
	// SharedTournament returns the tournament with slug as the store
	// keeps it: sealed (Tournament.Seal), shared with every reader, so
	// that the lists drawn up from it are drawn up once. It must not be
	// changed.
	SharedTournament(ctx context.Context, slug string) (*Tournament, error)
}

// Feed tells which tournaments changed, whatever process changed them: the
// web server's live pages follow it.
type Feed interface {
	// Watch calls changed with every tournament's version (a number that
	// grows with each change of that tournament) at once, and again each
	// time one changes, until ctx ends.
	Watch(ctx context.Context, changed func(versions map[string]int64)) error
}

// TournamentSummary is a line of the list of tournaments.
type TournamentSummary struct {
	Slug    string
	Name    string
	Date    string
	Rules   rules.ID
	Players int
	Rounds  int
}

// Event is an entry of the audit log: one change to a tournament, with what
// it changed before and after, and who made it. Its JSON names are those of
// `outflank log --json`.
type Event struct {
	ID         int64     `json:"id"`
	Tournament string    `json:"tournament"`
	At         time.Time `json:"at"`
	// Actor is who made the change: a user, a judge link or a token ("" in
	// logs written before actors were recorded).
	Actor   string   `json:"actor"`
	Kind    string   `json:"kind"`
	Summary string   `json:"summary"`
	Changes []Change `json:"changes"`
	// Undoes is the event an undo reverted; UndoneBy the undo that reverted
	// this event. Both are 0 when there is none.
	Undoes   int64 `json:"undoes,omitempty"`
	UndoneBy int64 `json:"undone_by,omitempty"`
	// PrevHash is the hash of the tournament's previous entry ("" for the
	// first), Hash this entry's own (see ChainHash).
	PrevHash string `json:"prev_hash"`
	Hash     string `json:"hash"`
}

// Event kinds.
const (
	KindCreate   = "tournament.create"
	KindImport   = "tournament.import"
	KindPlayer   = "player.add"
	KindWithdraw = "player.withdraw"
	KindEdit     = "player.edit"
	KindAbsent   = "player.absent"
	KindReturn   = "player.return"
	KindRemove   = "player.remove"
	KindRound    = "round.add"
	KindResult   = "result.set"
	KindSettings = "tournament.settings"
	KindUndo     = "undo"
)
