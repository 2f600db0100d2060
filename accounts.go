package outflank

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// Roles a user may hold on a tournament.
const (
	// RoleTD directs the tournament: everything the command line can do
	// to it (WOC I.3: the tournament directors).
	RoleTD = "td"
)

// User is an account of the web console and the JSON write API.
type User struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Admin bool   `json:"admin"`
	// PasswordHash is the argon2id hash of the password (package
	// password); never the password, never shown.
	PasswordHash string    `json:"-"`
	Grants       []Grant   `json:"grants"`
	CreatedAt    time.Time `json:"created_at"`
}

// Grant is a role on a tournament.
type Grant struct {
	Tournament string `json:"tournament"`
	Role       string `json:"role"`
}

// Session is a browser's login: the cookie holds a random id whose hash
// is kept. A session is a user's, or a judge link's.
type Session struct {
	IDHash    string
	UserID    int64
	JudgeID   int64
	CSRF      string // the token every form of the session carries
	ExpiresAt time.Time
}

// Token is an API token for scripts: a random secret whose hash is kept,
// with its user's rights.
type Token struct {
	ID        int64     `json:"id"`
	UserID    int64     `json:"-"`
	User      string    `json:"user"`
	Name      string    `json:"name"`
	Hash      string    `json:"-"`
	CreatedAt time.Time `json:"created_at"`
}

// JudgeLink lets a table judge record the games of one tournament,
// optionally of one round or one table, until it expires (the end of the
// day it was issued: a judge's work is one day's).
type JudgeLink struct {
	ID         int64     `json:"id"`
	Tournament string    `json:"tournament"`
	Round      int       `json:"round,omitempty"` // 0: any round
	Table      int       `json:"table,omitempty"` // 0: any table
	Label      string    `json:"label"`
	CreatedBy  string    `json:"created_by"`
	ExpiresAt  time.Time `json:"expires_at"`
	Hash       string    `json:"-"`
}

// Covers reports whether the link lets its judge record the game at
// table of round n of slug at time now.
func (j *JudgeLink) Covers(slug string, n, table int, now time.Time) bool {
	return j.Tournament == slug && now.Before(j.ExpiresAt) && (j.Round == 0 || j.Round == n) && (j.Table == 0 || j.Table == table)
}

// Scope says, in words, what the link covers: "round 5, table 2".
func (j *JudgeLink) Scope() string {
	switch {
	case j.Round != 0 && j.Table != 0:
		return fmt.Sprintf("round %d, table %d", j.Round, j.Table)
	case j.Round != 0:
		return fmt.Sprintf("every table of round %d", j.Round)
	case j.Table != 0:
		return fmt.Sprintf("table %d of every round", j.Table)
	}
	return "every table"
}

// Accounts keeps the users, their roles, sessions, tokens and judge links,
// and counts failed logins. Every method is one transaction.
type Accounts interface {
	AddUser(ctx context.Context, u *User) error
	User(ctx context.Context, name string) (*User, error)
	UserByID(ctx context.Context, id int64) (*User, error)
	Users(ctx context.Context) ([]User, error)
	SetPassword(ctx context.Context, name, hash string) error
	// RemoveUser removes the user, with its grants, sessions and tokens.
	RemoveUser(ctx context.Context, name string) error
	Grant(ctx context.Context, name string, g Grant) error
	Revoke(ctx context.Context, name string, g Grant) error

	AddSession(ctx context.Context, s Session) error
	// Session returns the session whose id hashes to idHash, unexpired.
	Session(ctx context.Context, idHash string, now time.Time) (*Session, error)
	RemoveSession(ctx context.Context, idHash string) error

	AddToken(ctx context.Context, t *Token) error
	TokenByHash(ctx context.Context, hash string) (*Token, error)
	Tokens(ctx context.Context, user string) ([]Token, error)
	RemoveToken(ctx context.Context, user, name string) error

	AddJudgeLink(ctx context.Context, j *JudgeLink) error
	JudgeLinkByHash(ctx context.Context, hash string) (*JudgeLink, error)
	JudgeLinkByID(ctx context.Context, id int64) (*JudgeLink, error)
	JudgeLinks(ctx context.Context, slug string) ([]JudgeLink, error)
	// RemoveJudgeLink withdraws a link of tournament slug before it
	// expires, ending the sessions opened with it.
	RemoveJudgeLink(ctx context.Context, slug string, id int64) error

	// AccountLog returns the latest changes of the accounts, newest first:
	// at most limit of them.
	AccountLog(ctx context.Context, limit int) ([]AccountEvent, error)

	// LoginAttempt counts each key's failed logins since a time (the keys:
	// the account, the address) and, unless one key has max of them,
	// records this attempt as a failure under every key, in one
	// transaction: attempts made at once are counted one after another.
	// It returns the key at its limit ("" if none), and the attempt that
	// LoginSucceeded takes back when the password was right.
	LoginAttempt(ctx context.Context, keys []string, at, since time.Time, max int) (limited string, attempt []int64, err error)
	LoginSucceeded(ctx context.Context, attempt []int64) error
}

// Principal is who makes a request: a user (by a browser session or an API
// token), or a table judge (by a judge link).
type Principal struct {
	User  *User      // nil for a judge
	Token string     // the token's name, when the user came by one
	Judge *JudgeLink // the judge's link, nil for a user
}

// Actor names the principal in the audit log: "alice", "alice (token
// results-feed)", "judge #3 (round 5, table 2)".
func (p *Principal) Actor() string {
	switch {
	case p == nil:
		return ""
	case p.Judge != nil:
		name := fmt.Sprintf("judge #%d", p.Judge.ID)
		if p.Judge.Label != "" {
			name += " " + p.Judge.Label
		}
		return fmt.Sprintf("%s (%s)", name, p.Judge.Scope())
	case p.Token != "":
		return fmt.Sprintf("%s (token %s)", p.User.Name, p.Token)
	}
	return p.User.Name
}

// IsAdmin reports whether the principal is an administrator: who creates
// tournaments and grants roles.
func (p *Principal) IsAdmin() bool { return p != nil && p.User != nil && p.User.Admin }

// CanDirect reports whether the principal directs tournament slug: an
// administrator, or a user granted td on it.
func (p *Principal) CanDirect(slug string) bool {
	if p == nil || p.User == nil {
		return false
	}
	return p.User.Admin || slices.Contains(p.User.Grants, Grant{Tournament: slug, Role: RoleTD})
}

// CanJudge reports whether the principal may record the game at table of
// round n of slug: its director, or a judge whose link covers it.
func (p *Principal) CanJudge(slug string, n, table int, now time.Time) bool {
	if p.CanDirect(slug) {
		return true
	}
	return p != nil && p.Judge != nil && p.Judge.Covers(slug, n, table, now)
}

// AccountEvent is a change of the accounts, kept in their own log: every
// account write records its actor (outflank.ActorFrom), as a tournament's
// changes do in its audit log.
type AccountEvent struct {
	ID      int64     `json:"id"`
	At      time.Time `json:"at"`
	Actor   string    `json:"actor"`
	Action  string    `json:"action"`  // one of the Account* actions
	Subject string    `json:"subject"` // the user, or the tournament of a judge link
	Summary string    `json:"summary"`
}

// The actions of the accounts' log.
const (
	AccountUserAdd     = "user.add"
	AccountUserPasswd  = "user.passwd"
	AccountUserRemove  = "user.remove"
	AccountGrant       = "user.grant"
	AccountRevoke      = "user.revoke"
	AccountTokenAdd    = "token.add"
	AccountTokenRemove = "token.remove"
	AccountJudgeAdd    = "judge.add"
	AccountJudgeRemove = "judge.remove"
)
