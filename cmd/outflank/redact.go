package main

import (
	"errors"
	"net/url"
	"slices"
	"strings"

	"outflank"
)

// redactURL returns a database URL fit to print: its password, in the
// user part or as a password= parameter, is replaced by xxxxx. Anything
// that is not a postgres:// URL (a file path) is returned as it is.
func redactURL(dsn string) string {
	if !isPostgresURL(dsn) {
		return dsn
	}
	scheme, rest, _ := strings.Cut(dsn, "://")
	if at := strings.LastIndex(strings.SplitN(rest, "/", 2)[0], "@"); at >= 0 {
		if user, _, ok := strings.Cut(rest[:at], ":"); ok {
			rest = user + ":xxxxx" + rest[at:]
		}
	}
	if base, query, ok := strings.Cut(rest, "?"); ok {
		params := strings.Split(query, "&")
		for i, kv := range params {
			if k, _, _ := strings.Cut(kv, "="); strings.EqualFold(k, "password") {
				params[i] = k + "=xxxxx"
			}
		}
		rest = base + "?" + strings.Join(params, "&")
	}
	return scheme + "://" + rest
}

// urlSecrets returns the passwords a database URL holds, as written in it
// (escaped) and as meant (unescaped), longest first, so that each can be
// replaced wherever it shows. A URL that does not parse is searched by
// hand for a user:password@ part.
func urlSecrets(dsn string) []string {
	var secrets []string
	add := func(s string) {
		if s == "" || s == "xxxxx" {
			return
		}
		for _, have := range secrets {
			if have == s {
				return
			}
		}
		secrets = append(secrets, s)
	}
	rest := dsn[strings.Index(dsn, "://")+3:]
	if at := strings.LastIndex(strings.SplitN(rest, "/", 2)[0], "@"); at >= 0 {
		if _, pw, ok := strings.Cut(rest[:at], ":"); ok {
			add(pw)
			if un, err := url.PathUnescape(pw); err == nil {
				add(un)
			}
		}
	}
	if _, query, ok := strings.Cut(dsn, "?"); ok {
		for _, kv := range strings.Split(query, "&") {
			k, v, _ := strings.Cut(kv, "=")
			if strings.EqualFold(k, "password") {
				add(v)
				if un, err := url.QueryUnescape(v); err == nil {
					add(un)
				}
			}
		}
	}
	// The longest first: a short password may be part of a longer form
	// of itself.
	slices.SortFunc(secrets, func(a, b string) int { return len(b) - len(a) })
	return secrets
}

// redactText replaces in text every password of the database URL dsn,
// wherever it shows (a short password may garble the message: better
// that than show it).
func redactText(text, dsn string) string {
	if !isPostgresURL(dsn) {
		return text
	}
	text = strings.ReplaceAll(text, dsn, redactURL(dsn))
	for _, secret := range urlSecrets(dsn) {
		text = strings.ReplaceAll(text, secret, "xxxxx")
	}
	return text
}

// redactError returns err with every password of dsn removed from its
// message, keeping its code (an error that is not an *outflank.Error is
// internal).
func redactError(err error, dsn string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	clean := redactText(msg, dsn)
	if clean == msg {
		return err
	}
	code := outflank.ErrorCode(err)
	if _, ok := errors.AsType[*outflank.Error](err); !ok {
		return errors.New(clean)
	}
	return outflank.Errorf(code, "%s", clean)
}
