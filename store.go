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
	// that as an event of its own.
	Undo(ctx context.Context, slug string) (*Event, error)
	// Log returns the tournament's audit events, oldest first.
	Log(ctx context.Context, slug string) ([]Event, error)
	// Close releases the store.
	Close() error
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
// it changed before and after.
type Event struct {
	ID         int64
	Tournament string
	At         time.Time
	Kind       string
	Summary    string
	Changes    []Change
	// Undoes is the event an undo reverted; UndoneBy the undo that reverted
	// this event. Both are 0 when there is none.
	Undoes, UndoneBy int64
}

// Event kinds.
const (
	KindCreate   = "tournament.create"
	KindImport   = "tournament.import"
	KindPlayer   = "player.add"
	KindWithdraw = "player.withdraw"
	KindRound    = "round.add"
	KindResult   = "result.set"
	KindUndo     = "undo"
)
