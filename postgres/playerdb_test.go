package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"outflank"
)

// wofPlayers returns n players as a WOF file lists them, every tenth
// unrated.
func wofPlayers(n int) []outflank.WOFPlayer {
	players := make([]outflank.WOFPlayer, n)
	for i := range players {
		p := &players[i]
		p.ID, p.Surname, p.Firstname, p.Country = 100000+i, fmt.Sprintf("SURNAME%06d", i), "Firstname", "FRA"
		if i%10 != 0 {
			r := 1000 + i%1500
			p.Rating = &r
		}
	}
	return players
}

// TestPlayerDBLarge: a WOF file of 100,000 players loads by COPY in a few
// seconds at most, and replaces the one before whole.
func TestPlayerDBLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("loads 100,000 players")
	}
	ctx := context.Background()
	db := MustOpenDB(t)
	players := wofPlayers(100_000)
	if _, err := db.LoadPlayerDB(ctx, "small.txt", players[:10]); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	info, err := db.LoadPlayerDB(ctx, "joueurs.txt", players)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("100,000 players loaded in %v", took)
	if took > 10*time.Second {
		t.Errorf("100,000 players took %v to load", took)
	}
	got, read, err := db.PlayerDB(ctx)
	if err != nil || got.Players != 100_000 || got.Source != "joueurs.txt" || !got.LoadedAt.Equal(info.LoadedAt) || len(read) != 100_000 {
		t.Fatalf("read back %+v, %d players, %v", got, len(read), err)
	}
	for _, i := range []int{0, 1, 99_999} {
		p, w := read[i], players[i]
		if p.ID != w.ID || p.Surname != w.Surname || (p.Rating == nil) != (w.Rating == nil) || p.Rating != nil && *p.Rating != *w.Rating {
			t.Errorf("player %d: %+v, want %+v", i, p, w)
		}
	}
}

// TestPlayerDBDuplicateID: a file that gives one WOF id twice is refused
// whole, and the database loaded before stays.
func TestPlayerDBDuplicateID(t *testing.T) {
	ctx := context.Background()
	db := MustOpenDB(t)
	players := wofPlayers(3)
	if _, err := db.LoadPlayerDB(ctx, "good.txt", players); err != nil {
		t.Fatal(err)
	}
	if _, err := db.LoadPlayerDB(ctx, "bad.txt", append(players, players[1])); err == nil {
		t.Fatal("a WOF id twice was loaded")
	}
	if info, read, err := db.PlayerDB(ctx); err != nil || info.Source != "good.txt" || len(read) != 3 {
		t.Errorf("after a refused load: %+v, %d players, %v", info, len(read), err)
	}
}

func BenchmarkLoadPlayerDB(b *testing.B) {
	ctx := context.Background()
	db := MustOpenDB(b)
	players := wofPlayers(100_000)
	for b.Loop() {
		if _, err := db.LoadPlayerDB(ctx, "joueurs.txt", players); err != nil {
			b.Fatal(err)
		}
	}
}
