package outflank

import (
	"context"
	"time"
)

// WOFPlayer is a player of the WOF player database (joueurs.txt), as
// 'outflank playerdb load' keeps it for the console's search.
type WOFPlayer struct {
	ID        int    `json:"wof_id"`
	Surname   string `json:"surname"`
	Firstname string `json:"firstname"`
	Country   string `json:"country"`
	// Rating is nil for a player the list has not rated (ratings may be
	// 0 or negative).
	Rating *int `json:"rating"`
}

// PlayerDBInfo says which player database is loaded: the file's name, when
// it was loaded and how many players it holds.
type PlayerDBInfo struct {
	Source   string    `json:"source"`
	LoadedAt time.Time `json:"loaded_at"`
	Players  int       `json:"players"`
}

// PlayerDirectory keeps the WOF player database of a store: one at a
// time, replaced whole by each load.
type PlayerDirectory interface {
	// LoadPlayerDB replaces the player database with players, read from
	// the file named source.
	LoadPlayerDB(ctx context.Context, source string, players []WOFPlayer) (*PlayerDBInfo, error)
	// PlayerDBInfo says which database is loaded: ENOTFOUND when none is.
	PlayerDBInfo(ctx context.Context) (*PlayerDBInfo, error)
	// PlayerDB returns the database loaded, in file order, with its info.
	PlayerDB(ctx context.Context) (*PlayerDBInfo, []WOFPlayer, error)
}
