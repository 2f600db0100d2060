package outflank

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"
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
// name): trimmed, at most 100 characters, no control characters.
func CleanActor(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", Errorf(EINVALID, "the actor's name is empty: give --as NAME")
	case utf8.RuneCountInString(name) > 100:
		return "", Errorf(EINVALID, "the actor's name is longer than 100 characters: give a shorter --as NAME")
	case !utf8.ValidString(name):
		return "", Errorf(EINVALID, "the actor's name is not valid UTF-8 text: give --as NAME")
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return "", Errorf(EINVALID, "the actor's name contains the control character %U: give --as NAME in plain text", r)
		}
	}
	return name, nil
}
