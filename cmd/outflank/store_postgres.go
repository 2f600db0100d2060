package main

import (
	"context"
	"time"

	"outflank"
	"outflank/postgres"
)

// openPostgres opens the PostgreSQL database at url. What the PostgreSQL
// store does not keep yet (partialDatabase) is refused with a message
// saying so, and left out of serve's site.
func openPostgres(ctx context.Context, url string) (database, error) {
	db, err := postgres.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	return asDatabase(db, db.Where())
}

// asDatabase returns s as a database: s itself when it keeps everything,
// else a partialDatabase that keeps what s keeps (a store that does not
// even keep tournaments is refused).
func asDatabase(s any, name string) (database, error) {
	if d, ok := s.(database); ok {
		return d, nil
	}
	store, ok := s.(outflank.Store)
	feed, ok2 := s.(outflank.Feed)
	if !ok || !ok2 {
		if c, ok := s.(interface{ Close() error }); ok {
			c.Close()
		}
		return nil, outflank.Errorf(outflank.EINVALID, "%s: the PostgreSQL store of this outflank cannot keep tournaments yet; use a SQLite file", name)
	}
	p := &partialDatabase{Store: store, Feed: feed}
	m := missing{where: name}
	var missingKinds []string
	if p.Accounts, ok = s.(outflank.Accounts); !ok {
		p.Accounts, missingKinds = m.kind("user accounts"), append(missingKinds, "accounts")
	}
	if p.liveGames, ok = s.(outflank.LiveGames); !ok {
		p.liveGames, missingKinds = m.kind("live games"), append(missingKinds, "live")
	}
	if p.PlayerDirectory, ok = s.(outflank.PlayerDirectory); !ok {
		p.PlayerDirectory, missingKinds = m.kind("the player database"), append(missingKinds, "playerdb")
	}
	if p.CircuitStore, ok = s.(outflank.CircuitStore); !ok {
		p.CircuitStore, missingKinds = m.kind("circuits"), append(missingKinds, "circuits")
	}
	if p.Members, ok = s.(outflank.Members); !ok {
		p.Members, missingKinds = m.kind("member records"), append(missingKinds, "members")
	}
	p.missing = missingKinds
	if a, ok := s.(outflank.Archive); ok {
		return &partialArchive{partialDatabase: p, Archive: a}, nil
	}
	return p, nil
}

// partialDatabase is a store that keeps tournaments but not yet everything
// a database keeps: the rest answers with an error saying so.
type partialDatabase struct {
	outflank.Store
	outflank.Feed
	outflank.Accounts
	liveGames
	outflank.PlayerDirectory
	outflank.CircuitStore
	outflank.Members
	// missing names what the store does not keep: "accounts", "live",
	// "playerdb", "circuits", "members".
	missing []string
}

// Close closes the store.
func (p *partialDatabase) Close() error { return p.Store.Close() }

// lacks reports whether db is a partial store without kind.
func lacks(db database, kind string) bool {
	var p *partialDatabase
	switch d := db.(type) {
	case *partialDatabase:
		p = d
	case *partialArchive:
		p = d.partialDatabase
	default:
		return false
	}
	for _, m := range p.missing {
		if m == kind {
			return true
		}
	}
	return false
}

// liveGames is outflank.LiveGames under a name that does not hide its
// method LiveGames once embedded.
type liveGames = outflank.LiveGames

// partialArchive is a partialDatabase that copies tournaments.
type partialArchive struct {
	*partialDatabase
	outflank.Archive
}

// missing answers for what a store does not keep yet.
type missing struct {
	where, what string
}

func (m missing) kind(what string) missing { m.what = what; return m }

func (m missing) err() error {
	return outflank.Errorf(outflank.EINVALID, "%s: the PostgreSQL store of this outflank does not keep %s yet; use a SQLite file for them", m.where, m.what)
}

func (m missing) AddUser(context.Context, *outflank.User) error { return m.err() }
func (m missing) User(context.Context, string) (*outflank.User, error) {
	return nil, m.err()
}
func (m missing) UserByID(context.Context, int64) (*outflank.User, error) { return nil, m.err() }
func (m missing) Users(context.Context) ([]outflank.User, error)          { return nil, m.err() }
func (m missing) SetPassword(context.Context, string, string) error       { return m.err() }
func (m missing) RemoveUser(context.Context, string) error                { return m.err() }
func (m missing) Grant(context.Context, string, outflank.Grant) error     { return m.err() }
func (m missing) Revoke(context.Context, string, outflank.Grant) error    { return m.err() }
func (m missing) AddSession(context.Context, outflank.Session) error      { return m.err() }
func (m missing) Session(context.Context, string, time.Time) (*outflank.Session, error) {
	return nil, m.err()
}
func (m missing) RemoveSession(context.Context, string) error { return m.err() }
func (m missing) AddToken(context.Context, *outflank.Token) error {
	return m.err()
}
func (m missing) TokenByHash(context.Context, string) (*outflank.Token, error) { return nil, m.err() }
func (m missing) Tokens(context.Context, string) ([]outflank.Token, error)     { return nil, m.err() }
func (m missing) RemoveToken(context.Context, string, string) error            { return m.err() }
func (m missing) AddJudgeLink(context.Context, *outflank.JudgeLink) error      { return m.err() }
func (m missing) JudgeLinkByHash(context.Context, string) (*outflank.JudgeLink, error) {
	return nil, m.err()
}
func (m missing) JudgeLinkByID(context.Context, int64) (*outflank.JudgeLink, error) {
	return nil, m.err()
}
func (m missing) JudgeLinks(context.Context, string) ([]outflank.JudgeLink, error) {
	return nil, m.err()
}
func (m missing) RemoveJudgeLink(context.Context, string, int64) error { return m.err() }
func (m missing) AccountLog(context.Context, int) ([]outflank.AccountEvent, error) {
	return nil, m.err()
}
func (m missing) LoginAttempt(context.Context, []string, time.Time, time.Time, int) (string, []int64, error) {
	return "", nil, m.err()
}
func (m missing) LoginSucceeded(context.Context, []int64) error { return m.err() }

func (m missing) UpdateLive(context.Context, string, int, int, func(g *outflank.LiveGame) (bool, error)) (*outflank.LiveGame, error) {
	return nil, m.err()
}
func (m missing) LiveGame(context.Context, string, int, int) (*outflank.LiveGame, error) {
	return nil, m.err()
}
func (m missing) LiveGames(context.Context, string) ([]outflank.LiveGame, error) { return nil, m.err() }
func (m missing) WatchLive(ctx context.Context, _ func(games []outflank.LiveGame)) error {
	<-ctx.Done()
	return nil
}

func (m missing) LoadPlayerDB(context.Context, string, []outflank.WOFPlayer) (*outflank.PlayerDBInfo, error) {
	return nil, m.err()
}
func (m missing) PlayerDBInfo(context.Context) (*outflank.PlayerDBInfo, error) {
	return nil, m.notFound()
}
func (m missing) PlayerDB(context.Context) (*outflank.PlayerDBInfo, []outflank.WOFPlayer, error) {
	return nil, nil, m.notFound()
}

// notFound is m.err as ENOTFOUND: a store without the player database
// has none loaded.
func (m missing) notFound() error {
	return outflank.Errorf(outflank.ENOTFOUND, "%s", outflank.ErrorMessage(m.err()))
}

func (m missing) CreateCircuit(context.Context, *outflank.Circuit) error { return m.err() }
func (m missing) Circuit(context.Context, string) (*outflank.Circuit, error) {
	return nil, m.err()
}
func (m missing) Circuits(context.Context) ([]outflank.Circuit, error) { return nil, m.err() }
func (m missing) UpdateCircuit(context.Context, string, string, func(c *outflank.Circuit) (string, error)) error {
	return m.err()
}
func (m missing) CircuitLog(context.Context, string) ([]outflank.CircuitEvent, error) {
	return nil, m.err()
}

func (m missing) AddMember(context.Context, *outflank.Member) error    { return m.err() }
func (m missing) UpdateMember(context.Context, *outflank.Member) error { return m.err() }
func (m missing) RemoveMember(context.Context, int64) error            { return m.err() }
func (m missing) Member(context.Context, string) (*outflank.Member, error) {
	return nil, m.err()
}
func (m missing) MemberList(context.Context) ([]outflank.Member, error) { return nil, m.err() }
func (m missing) MemberLog(context.Context, int) ([]outflank.MemberEvent, error) {
	return nil, m.err()
}
