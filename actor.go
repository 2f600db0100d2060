package outflank

import (
	"context"

	"outflank/names"
)

// actorKey is the context key of the actor.
type actorKey struct{}

// WithActor returns ctx naming actor as the one making its changes: a
// user, a judge link or a token. Stores record it with every change.
func WithActor(ctx context.Context, actor string) context.Context {
	return context.WithValue(ctx, actorKey{}, actor)
}

// ActorFrom returns the actor named by ctx, or "" when none was.
func ActorFrom(ctx context.Context) string {
	actor, _ := ctx.Value(actorKey{}).(string)
	return actor
}

// CleanActor checks the name of an actor given by a user (--as, a user
// name) by the rule for the names people type (package names).
func CleanActor(name string) (string, error) {
	if err := checkName("actor", "", &name, names.MaxPerson); err != nil {
		return "", err
	}
	if name == "" {
		return "", Errorf(EINVALID, "the actor's name is empty: give --as NAME")
	}
	return name, nil
}
