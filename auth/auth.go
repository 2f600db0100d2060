// Package auth is who may do what on the web console and the JSON write
// API: accounts with argon2id passwords, browser sessions, API tokens and
// table judges' links, and the rate limit on logins. It keeps secrets as
// SHA-256 hashes only: a copy of the database lets no one log in. The
// rules of who may change what are the domain's (outflank.Principal).
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"runtime"
	"strings"
	"time"

	"outflank"
	"outflank/names"
	"outflank/password"
)

// How long credentials last, and the login rate limit.
const (
	// SessionLife is how long a browser stays logged in.
	SessionLife = 12 * time.Hour
	// MaxFailures failed logins per account, and per address, within
	// FailureWindow, and the next attempt is refused until it passes.
	MaxFailures   = 5
	FailureWindow = time.Minute
)

// Service is the accounts' service, shared by the command line and the web.
type Service struct {
	Accounts outflank.Accounts
	// Now is the time; tests may replace it.
	Now func() time.Time
}

// New returns the service over accounts.
func New(accounts outflank.Accounts) *Service {
	return &Service{Accounts: accounts, Now: time.Now}
}

// newSecret returns a new random secret, with a prefix that says what it
// is (so a leaked one is recognised), and the hash that is kept of it.
func newSecret(prefix string) (secret, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	secret = prefix + base64.RawURLEncoding.EncodeToString(b)
	return secret, Hash(secret), nil
}

// Hash is what is kept of a secret.
func Hash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// Secret prefixes.
const (
	tokenPrefix   = "oft_"
	judgePrefix   = "ofj_"
	sessionPrefix = "ofs_"
)

// cleanName checks a user's name by the rule for names people type.
func cleanName(name string) (string, error) {
	s, err := names.Normalize(name, names.MaxPerson)
	if err != nil {
		return "", outflank.Errorf(outflank.EINVALID, "user name %s: %v", names.Quote(name), err)
	}
	if s == "" {
		return "", outflank.Errorf(outflank.EINVALID, "a user needs a name")
	}
	return s, nil
}

// AddUser creates an account.
func (s *Service) AddUser(ctx context.Context, name, pw string, admin bool) (*outflank.User, error) {
	name, err := cleanName(name)
	if err != nil {
		return nil, err
	}
	if err := password.Check(pw); err != nil {
		return nil, outflank.Errorf(outflank.EINVALID, "%v", err)
	}
	hash, err := password.Hash(pw)
	if err != nil {
		return nil, err
	}
	u := &outflank.User{Name: name, Admin: admin, PasswordHash: hash}
	if err := s.Accounts.AddUser(ctx, u); err != nil {
		return nil, err
	}
	return u, nil
}

// SetPassword changes a user's password, and ends the user's sessions.
func (s *Service) SetPassword(ctx context.Context, name, pw string) error {
	if err := password.Check(pw); err != nil {
		return outflank.Errorf(outflank.EINVALID, "%v", err)
	}
	hash, err := password.Hash(pw)
	if err != nil {
		return err
	}
	return s.Accounts.SetPassword(ctx, name, hash)
}

// Login checks a user's password and opens a browser session: it returns
// the session's secret (the cookie's value) and the session. Failed logins
// are counted per account and per address, and refused past MaxFailures a
// minute, whatever the password.
func (s *Service) Login(ctx context.Context, name, pw, addr string) (string, *outflank.Session, error) {
	now := s.Now()
	keys := []string{"user:" + strings.ToLower(strings.TrimSpace(name)), "addr:" + addr}
	// The attempt is counted as a failure before the password is checked,
	// in the same transaction as the count: a hundred attempts sent at
	// once are counted one after another, and only the first five are
	// checked. A success takes its count back.
	limited, attempt, err := s.Accounts.LoginAttempt(ctx, keys, now, now.Add(-FailureWindow), MaxFailures)
	if err != nil {
		return "", nil, err
	}
	if limited != "" {
		what := "this account"
		if strings.HasPrefix(limited, "addr:") {
			what = "this address"
		}
		return "", nil, outflank.Errorf(outflank.ELIMIT, "too many failed logins for %s: wait a minute, then try again", what)
	}
	u, err := s.Accounts.User(ctx, strings.TrimSpace(name))
	hash := password.Dummy
	if err == nil {
		hash = u.PasswordHash
	} else if outflank.ErrorCode(err) != outflank.ENOTFOUND {
		return "", nil, err
	}
	ok, verr := verify(ctx, pw, hash)
	if verr != nil {
		return "", nil, verr
	}
	if !ok || err != nil {
		return "", nil, outflank.Errorf(outflank.EUNAUTHORIZED, "wrong name or password")
	}
	if err := s.Accounts.LoginSucceeded(ctx, attempt); err != nil {
		return "", nil, err
	}
	return s.openSession(ctx, outflank.Session{UserID: u.ID, ExpiresAt: now.Add(SessionLife)})
}

// verifySlots bounds the passwords checked at once in this process: each
// check takes argon2id's 19 MiB and tens of milliseconds of a core, and a
// flood of logins must queue, not exhaust the memory.
var verifySlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// verify checks pw against hash when a slot is free.
func verify(ctx context.Context, pw, hash string) (bool, error) {
	select {
	case verifySlots <- struct{}{}:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	defer func() { <-verifySlots }()
	return password.Verify(pw, hash), nil
}

// openSession stores a new session and returns its secret.
func (s *Service) openSession(ctx context.Context, sess outflank.Session) (string, *outflank.Session, error) {
	secret, hash, err := newSecret(sessionPrefix)
	if err != nil {
		return "", nil, err
	}
	csrf, _, err := newSecret("")
	if err != nil {
		return "", nil, err
	}
	sess.IDHash, sess.CSRF = hash, csrf
	if err := s.Accounts.AddSession(ctx, sess); err != nil {
		return "", nil, err
	}
	return secret, &sess, nil
}

// Logout ends the session with secret.
func (s *Service) Logout(ctx context.Context, secret string) error {
	return s.Accounts.RemoveSession(ctx, Hash(secret))
}

// SessionPrincipal returns who a browser session is, with the session.
func (s *Service) SessionPrincipal(ctx context.Context, secret string) (*outflank.Principal, *outflank.Session, error) {
	sess, err := s.Accounts.Session(ctx, Hash(secret), s.Now())
	if err != nil {
		return nil, nil, unless(err, "your session has ended: log in again")
	}
	if sess.JudgeID != 0 {
		j, err := s.Accounts.JudgeLinkByID(ctx, sess.JudgeID)
		if err != nil {
			return nil, nil, unless(err, "your judge link was withdrawn: ask the tournament director for a new one")
		}
		if !s.Now().Before(j.ExpiresAt) {
			return nil, nil, outflank.Errorf(outflank.EUNAUTHORIZED, "your judge link has expired: ask the tournament director for a new one")
		}
		return &outflank.Principal{Judge: j}, sess, nil
	}
	u, err := s.Accounts.UserByID(ctx, sess.UserID)
	if err != nil {
		return nil, nil, unless(err, "your session has ended: log in again")
	}
	return &outflank.Principal{User: u}, sess, nil
}

// AddToken creates an API token named name for user, and returns its
// secret: shown once, kept only as a hash.
func (s *Service) AddToken(ctx context.Context, user, name string) (string, error) {
	name, err := names.Normalize(name, 64)
	if err != nil || name == "" {
		return "", outflank.Errorf(outflank.EINVALID, "token name %s: give a short name, e.g. results-feed", names.Quote(name))
	}
	secret, hash, err := newSecret(tokenPrefix)
	if err != nil {
		return "", err
	}
	if err := s.Accounts.AddToken(ctx, &outflank.Token{User: user, Name: name, Hash: hash}); err != nil {
		return "", err
	}
	return secret, nil
}

// TokenPrincipal returns who an API token is.
func (s *Service) TokenPrincipal(ctx context.Context, secret string) (*outflank.Principal, error) {
	t, err := s.Accounts.TokenByHash(ctx, Hash(secret))
	if err != nil {
		return nil, unless(err, "this token is not valid: 'outflank token add' makes one")
	}
	u, err := s.Accounts.UserByID(ctx, t.UserID)
	if err != nil {
		return nil, unless(err, "this token's user no longer exists")
	}
	return &outflank.Principal{User: u, Token: t.Name}, nil
}

// AddJudgeLink issues a judge link for slug (round and table 0: any),
// valid until the end of the day, and returns its secret.
func (s *Service) AddJudgeLink(ctx context.Context, slug string, round, table int, label, by string) (string, *outflank.JudgeLink, error) {
	if round < 0 || table < 0 {
		return "", nil, outflank.Errorf(outflank.EINVALID, "a judge link's round and table are positive numbers (or left out)")
	}
	label, err := names.Normalize(label, 64)
	if err != nil {
		return "", nil, outflank.Errorf(outflank.EINVALID, "judge label %s: %v", names.Quote(label), err)
	}
	secret, hash, err := newSecret(judgePrefix)
	if err != nil {
		return "", nil, err
	}
	now := s.Now()
	midnight := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, now.Location())
	j := &outflank.JudgeLink{Tournament: slug, Round: round, Table: table, Label: label, CreatedBy: by, ExpiresAt: midnight, Hash: hash}
	if err := s.Accounts.AddJudgeLink(ctx, j); err != nil {
		return "", nil, err
	}
	return secret, j, nil
}

// JudgeLogin opens a judge's browser session from the secret of a judge
// link: it lasts as long as the link.
func (s *Service) JudgeLogin(ctx context.Context, secret string) (string, *outflank.Session, *outflank.JudgeLink, error) {
	j, err := s.Accounts.JudgeLinkByHash(ctx, Hash(secret))
	if err != nil && outflank.ErrorCode(err) != outflank.ENOTFOUND {
		return "", nil, nil, err // the store's trouble, not the link's
	}
	if err != nil || !s.Now().Before(j.ExpiresAt) {
		return "", nil, nil, outflank.Errorf(outflank.EUNAUTHORIZED, "this judge link is not valid, or has expired: ask the tournament director for a new one")
	}
	sec, sess, err := s.openSession(ctx, outflank.Session{JudgeID: j.ID, ExpiresAt: j.ExpiresAt})
	return sec, sess, j, err
}

// unless turns a credential the store does not know into a 401 saying
// why; any other error (the database busy or failing) is returned as it
// is, so that a valid credential is never told it has ended.
func unless(err error, why string) error {
	if outflank.ErrorCode(err) == outflank.ENOTFOUND {
		return outflank.Errorf(outflank.EUNAUTHORIZED, "%s", why)
	}
	return err
}
