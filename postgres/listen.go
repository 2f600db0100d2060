package postgres

import "sync"

// listener is the state of a DB's one LISTEN connection and its watchers.
type listener struct {
	mu sync.Mutex
}

func (l *listener) init()  {}
func (l *listener) close() {}
