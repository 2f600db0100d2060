package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"outflank"
	"outflank/auth"
)

const (
	userAddUsage    = "user add NAME [--admin] [--password-stdin]"
	userPasswdUsage = "user passwd NAME [--password-stdin]"
	userRemoveUsage = "user remove NAME"
	userGrantUsage  = "user grant NAME SLUG"
	userRevokeUsage = "user revoke NAME SLUG"
	userLogUsage    = "user log [--limit N] [--json]"
)

var userCommands = map[string]command{
	"add":    {usage: userAddUsage, help: "create an account of the web console (the password from a prompt, or stdin)", run: runUserAdd},
	"passwd": {usage: userPasswdUsage, help: "change a user's password (ends the user's sessions)", run: runUserPasswd},
	"remove": {usage: userRemoveUsage, help: "remove an account, with its roles, sessions and tokens", run: runUserRemove},
	"list":   {usage: "user list [--json]", help: "the accounts and their roles", run: runUserList},
	"log":    {usage: userLogUsage, help: "the latest changes of the accounts, and who made them", run: runUserLog},
	"grant":  {usage: userGrantUsage, help: "make the user a tournament director (td) of the tournament", run: runUserGrant},
	"revoke": {usage: userRevokeUsage, help: "take back the user's td role on the tournament", run: runUserRevoke},
}

func runUser(e *env, args []string) error { return e.subcommand("user", userCommands, args) }

// readPassword reads a new password: from the first line of stdin with
// --password-stdin, else typed twice at a prompt that does not echo.
func (e *env) readPassword(fromStdin bool) (string, error) {
	if fromStdin {
		line, err := bufio.NewReader(io.LimitReader(e.stdin, 4096)).ReadString('\n')
		if err != nil && err != io.EOF {
			return "", outflank.Errorf(outflank.EINVALID, "reading the password from stdin: %v", err)
		}
		return strings.TrimRight(line, "\r\n"), nil
	}
	f, ok := e.stdin.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return "", outflank.Errorf(outflank.EINVALID, "no terminal to type the password at: give it on stdin with --password-stdin")
	}
	ask := func(prompt string) (string, error) {
		e.printf(e.stderr, "%s", prompt)
		b, err := term.ReadPassword(int(f.Fd()))
		e.printf(e.stderr, "\n")
		return string(b), err
	}
	pw, err := ask("password: ")
	if err != nil {
		return "", err
	}
	again, err := ask("the same password again: ")
	if err != nil {
		return "", err
	}
	if pw != again {
		return "", outflank.Errorf(outflank.EINVALID, "the two passwords differ: nothing was changed")
	}
	return pw, nil
}

// withAuth runs fn with the accounts' service of the database.
func (e *env) withAuth(fn func(ctx context.Context, s *auth.Service, db database) error) error {
	return e.withStore(func(ctx context.Context, db database) error { return fn(ctx, auth.New(db), db) })
}

func runUserAdd(e *env, args []string) error {
	fs := e.newFlags("user add", userAddUsage)
	admin := fs.Bool("admin", false, "an administrator: creates tournaments and grants roles")
	fromStdin := fs.Bool("password-stdin", false, "read the password from the first line of stdin")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", userAddUsage)
	}
	pw, err := e.readPassword(*fromStdin)
	if err != nil {
		return err
	}
	// The first administrator is the first step of a new installation that
	// runs its events from the console: 'user add' may start the database.
	return e.withNewStore(func(ctx context.Context, db database) error {
		u, err := auth.New(db).AddUser(ctx, pos[0], pw, *admin)
		if err != nil {
			return err
		}
		role := "user"
		if u.Admin {
			role = "administrator"
		}
		e.printf(e.stdout, "saved: %s %s\n", role, u.Name)
		return nil
	})
}

func runUserPasswd(e *env, args []string) error {
	fs := e.newFlags("user passwd", userPasswdUsage)
	fromStdin := fs.Bool("password-stdin", false, "read the password from the first line of stdin")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", userPasswdUsage)
	}
	pw, err := e.readPassword(*fromStdin)
	if err != nil {
		return err
	}
	return e.withAuth(func(ctx context.Context, s *auth.Service, _ database) error {
		if err := s.SetPassword(ctx, pos[0], pw); err != nil {
			return err
		}
		e.printf(e.stdout, "saved: the password of %s (its sessions are ended)\n", pos[0])
		return nil
	})
}

func runUserRemove(e *env, args []string) error {
	fs := e.newFlags("user remove", userRemoveUsage)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", userRemoveUsage)
	}
	return e.withAuth(func(ctx context.Context, _ *auth.Service, db database) error {
		if err := db.RemoveUser(ctx, pos[0]); err != nil {
			return err
		}
		e.printf(e.stdout, "saved: removed user %s\n", pos[0])
		return nil
	})
}

func runUserList(e *env, args []string) error {
	fs := e.newFlags("user list", "user list [--json]")
	asJSON := fs.Bool("json", false, "print the users as JSON")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("usage: outflank user list [--json]")
	}
	return e.withAuth(func(ctx context.Context, _ *auth.Service, db database) error {
		users, err := db.Users(ctx)
		if err != nil {
			return err
		}
		if *asJSON {
			if users == nil {
				users = []outflank.User{}
			}
			return writeJSON(e.stdout, users)
		}
		if len(users) == 0 {
			e.printf(e.stdout, "no users yet: 'outflank user add NAME --admin' creates the first administrator\n")
		}
		for _, u := range users {
			var roles []string
			if u.Admin {
				roles = append(roles, "administrator")
			}
			for _, g := range u.Grants {
				roles = append(roles, g.Role+" of "+g.Tournament)
			}
			if len(roles) == 0 {
				roles = []string{"no role yet"}
			}
			e.printf(e.stdout, "%-24s %s\n", u.Name, strings.Join(roles, ", "))
		}
		return nil
	})
}

func runUserGrant(e *env, args []string) error  { return e.userRole("grant", userGrantUsage, args) }
func runUserRevoke(e *env, args []string) error { return e.userRole("revoke", userRevokeUsage, args) }

// userRole grants or revokes the td role of a user on a tournament.
func (e *env) userRole(verb, usage string, args []string) error {
	fs := e.newFlags("user "+verb, usage)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("usage: outflank %s", usage)
	}
	g := outflank.Grant{Tournament: pos[1], Role: outflank.RoleTD}
	return e.withAuth(func(ctx context.Context, _ *auth.Service, db database) error {
		if verb == "grant" {
			if err := db.Grant(ctx, pos[0], g); err != nil {
				return err
			}
			e.printf(e.stdout, "saved: %s directs %s (td)\n", pos[0], pos[1])
			return nil
		}
		if err := db.Revoke(ctx, pos[0], g); err != nil {
			return err
		}
		e.printf(e.stdout, "saved: %s no longer directs %s\n", pos[0], pos[1])
		return nil
	})
}

// runUserLog prints the accounts' log: who added users, changed
// passwords, granted roles, issued tokens and judge links.
func runUserLog(e *env, args []string) error {
	return recordsLog[outflank.AccountEvent]{name: "user log", usage: userLogUsage, none: "no changes of the accounts yet",
		read: database.AccountLog,
		line: func(ev outflank.AccountEvent) (int64, time.Time, string, string) {
			return ev.ID, ev.At, ev.Actor, ev.Summary
		},
	}.run(e, args)
}

// actorOrUnknown names an actor in a listing.
func actorOrUnknown(actor string) string {
	if actor == "" {
		return "(unrecorded)"
	}
	return actor
}
