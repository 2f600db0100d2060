package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"outflank"
)

// env is what a command needs from the outside world: the standard streams
// and the global settings. Commands take it instead of touching os directly,
// so tests run them in-process through Main.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	db             string // --db: the database path or postgres:// URL
	dbGiven        bool   // --db was on the command line (not the default)
	actor          string // --as: who makes the changes (actor.go)

	usage map[*flag.FlagSet]func() // prints each flag set's usage for -h
}

// usageError is a malformed command line: exit code 2, with a hint.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// exit reports err on stderr and returns the exit code for it.
func (e *env) exit(err error) int {
	if err == nil {
		return 0
	}
	if u, ok := errors.AsType[*usageError](err); ok {
		fmt.Fprintf(e.stderr, "outflank: %s\nRun 'outflank help', or add -h to a command, for usage.\n", u.msg)
		return 2
	}
	if errors.Is(err, errHelpShown) {
		return 0
	}
	// No message shows the password of a --db URL, whatever reported it.
	switch outflank.ErrorCode(err) {
	case outflank.EINTERNAL:
		fmt.Fprintf(e.stderr, "outflank: internal error: %s\n", redactText(err.Error(), e.db))
	default:
		fmt.Fprintf(e.stderr, "outflank: %s\n", redactText(outflank.ErrorMessage(err), e.db))
	}
	return 1
}
