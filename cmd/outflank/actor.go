package main

import (
	"context"
	"os"
	"os/user"
	"strconv"

	"outflank"
)

// commandContext returns the context a command's changes are made in: it
// names the actor, from --as, else $OUTFLANK_USER, else the operating
// system's user.
func (e *env) commandContext() (context.Context, error) {
	name := e.actor
	if name == "" {
		name = os.Getenv("OUTFLANK_USER")
	}
	if name == "" {
		if u, err := user.Current(); err == nil {
			name = u.Username
		}
	}
	if name == "" {
		name = "uid " + strconv.Itoa(os.Getuid())
	}
	actor, err := outflank.CleanActor(name)
	if err != nil {
		return nil, err
	}
	return outflank.WithActor(context.Background(), actor), nil
}
