package storetest

import (
	"context"
	"testing"

	"outflank"
)

// RunPlayerDirectory checks a fresh outflank.PlayerDirectory: a player
// database is loaded whole, read back in file order with its ratings
// (none, 0 and negative kept apart), and replaced whole by the next load;
// without one, ENOTFOUND says how to load it.
func RunPlayerDirectory(t *testing.T, db outflank.PlayerDirectory) {
	ctx := context.Background()
	if _, err := db.PlayerDBInfo(ctx); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Fatalf("no database loaded: %v", err)
	}
	if _, _, err := db.PlayerDB(ctx); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Fatalf("no database loaded: %v", err)
	}
	rating := func(r int) *int { return &r }
	first := []outflank.WOFPlayer{
		{ID: 280016, Surname: "ACUNA", Firstname: "Ricardo", Country: "ARG", Rating: rating(1714)},
		{ID: 7, Surname: "EDAX (Delorme)", Country: "PG"},
		{ID: 12, Surname: "BERG", Firstname: "Anna", Country: "SWE", Rating: rating(-12)},
		{ID: 13, Surname: "ZERO", Firstname: "Zoé", Country: "FRA", Rating: rating(0)},
	}
	info, err := db.LoadPlayerDB(ctx, "joueurs.txt", first)
	if err != nil {
		t.Fatal(err)
	}
	if info.Players != 4 || info.Source != "joueurs.txt" {
		t.Errorf("info %+v", info)
	}
	got, players, err := db.PlayerDB(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.Players != 4 || !got.LoadedAt.Equal(info.LoadedAt) || len(players) != 4 {
		t.Fatalf("read back %+v, %d players", got, len(players))
	}
	for i, p := range players {
		w := first[i]
		if p.ID != w.ID || p.Surname != w.Surname || p.Firstname != w.Firstname || p.Country != w.Country || (p.Rating == nil) != (w.Rating == nil) || p.Rating != nil && *p.Rating != *w.Rating {
			t.Errorf("player %d: %+v, want %+v", i, p, w)
		}
	}
	if _, err := db.LoadPlayerDB(ctx, "joueurs-2026.txt", first[:1]); err != nil {
		t.Fatal(err)
	}
	got, players, err = db.PlayerDB(ctx)
	if err != nil || got.Source != "joueurs-2026.txt" || len(players) != 1 {
		t.Errorf("after a second load: %+v, %d players, %v", got, len(players), err)
	}
	if info, err := db.PlayerDBInfo(ctx); err != nil || info.Players != 1 || info.Source != "joueurs-2026.txt" {
		t.Errorf("info after a second load: %+v, %v", info, err)
	}
}
