package main

import (
	"context"
	"time"

	"outflank/auth"
)

const (
	tokenAddUsage    = "token add USER [NAME]"
	tokenRemoveUsage = "token remove USER NAME"
)

var tokenCommands = map[string]command{
	"add":    {usage: tokenAddUsage, help: "make an API token with the user's rights (printed once)", run: runTokenAdd},
	"list":   {usage: "token list [USER]", help: "the API tokens (their names, never their secrets)", run: runTokenList},
	"remove": {usage: tokenRemoveUsage, help: "revoke an API token", run: runTokenRemove},
}

func runToken(e *env, args []string) error { return e.subcommand("token", tokenCommands, args) }

func runTokenAdd(e *env, args []string) error {
	fs := e.newFlags("token add", tokenAddUsage)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 && len(pos) != 2 {
		return usagef("usage: outflank %s", tokenAddUsage)
	}
	if len(pos) == 1 {
		// A token is named so that it can be listed and removed: without
		// a name, by when it was made.
		pos = append(pos, "api-"+time.Now().Format("20060102-150405"))
	}
	return e.withAuth(func(ctx context.Context, s *auth.Service, _ database) error {
		secret, err := s.AddToken(ctx, pos[0], pos[1])
		if err != nil {
			return err
		}
		e.printf(e.stderr, "saved: token %s of %s; it is shown once, keep it secret (a script sends it as 'Authorization: Bearer TOKEN'):\n", pos[1], pos[0])
		e.printf(e.stdout, "%s\n", secret)
		return nil
	})
}

func runTokenList(e *env, args []string) error {
	fs := e.newFlags("token list", "token list [USER]")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("usage: outflank token list [USER]")
	}
	user := ""
	if len(pos) == 1 {
		user = pos[0]
	}
	return e.withAuth(func(ctx context.Context, _ *auth.Service, db database) error {
		list, err := db.Tokens(ctx, user)
		if err != nil {
			return err
		}
		for _, t := range list {
			e.printf(e.stdout, "%-24s %-24s created %s\n", t.User, t.Name, t.CreatedAt.Local().Format("2006-01-02 15:04"))
		}
		if len(list) == 0 {
			e.printf(e.stdout, "no tokens\n")
		}
		return nil
	})
}

func runTokenRemove(e *env, args []string) error {
	fs := e.newFlags("token remove", tokenRemoveUsage)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("usage: outflank %s", tokenRemoveUsage)
	}
	return e.withAuth(func(ctx context.Context, _ *auth.Service, db database) error {
		if err := db.RemoveToken(ctx, pos[0], pos[1]); err != nil {
			return err
		}
		e.printf(e.stdout, "saved: revoked token %s of %s\n", pos[1], pos[0])
		return nil
	})
}
