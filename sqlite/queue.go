package sqlite

import (
	"context"
	"time"
)

// writeQueue lines up the writers of one database file in this process, so
// that they take SQLite's write lock one after the other, in the order they
// came, instead of all asking SQLite at once: SQLite's busy handler makes
// the losers sleep and poll, serves them in no order, and a change prepared
// while another writer commits must be prepared again. Every handle this
// process opens on a file shares its queue (see openFiles).
//
// The turn is a channel holding one token: a writer takes its turn by
// sending, and ends it by receiving. Go queues blocked senders in order and
// hands a freed slot to the first one directly, so turns are given first
// come, first served, without polling, and no newcomer can jump the queue.
type writeQueue struct {
	turn chan struct{}
}

func newWriteQueue() *writeQueue { return &writeQueue{turn: make(chan struct{}, 1)} }

// wait waits for the writer's turn, at most busyTimeout and while ctx
// lasts; it returns the same error as a writer that SQLite kept waiting
// that long. The caller must call done when its turn ends.
func (q *writeQueue) wait(ctx context.Context, path string) error {
	select {
	case q.turn <- struct{}{}:
		return nil
	default:
	}
	start := time.Now()
	timer := time.NewTimer(busyTimeout)
	defer timer.Stop()
	select {
	case q.turn <- struct{}{}:
		return nil
	case <-timer.C:
		return stayedLocked(path, busyTimeout)
	case <-ctx.Done():
		return stayedLocked(path, time.Since(start).Round(time.Millisecond))
	}
}

// done ends the writer's turn and gives it to the next one.
func (q *writeQueue) done() { <-q.turn }

// inTurn runs fn in the writer's turn: no other writer of this process
// writes to the file meanwhile. A read-only database has no turns (nothing
// writes to it; fn reports why).
func (db *DB) inTurn(ctx context.Context, fn func() error) error {
	if db.queue == nil || db.readOnly {
		return fn()
	}
	if err := db.queue.wait(ctx, db.path); err != nil {
		return err
	}
	defer db.queue.done()
	return fn()
}
