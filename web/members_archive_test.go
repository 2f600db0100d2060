package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/sqlite"
	"outflank/web"
)

// TestPublicMembersCountTheArchive (issue 26, point 9): with the WOF's
// archive read (serve --results), /members counts a member's rated
// tournaments of the archive (BOF Membership & finance 1: an active
// rating), though the database holds none of them: Nils Holm (WOF 109)
// played the Winter Test Cup of 2026-01-10.
func TestPublicMembersCountTheArchive(t *testing.T) {
	if time.Now().Format(time.DateOnly) > "2028-01-10" {
		t.Skip("the test archive's last tournament is more than two years old")
	}
	ctx := outflank.WithActor(context.Background(), "secretary")
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "m.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.AddMember(ctx, &outflank.Member{Name: "Nils Holm", WOFID: 109, Country: "SWE"}); err != nil {
		t.Fatal(err)
	}
	get := func(cfg web.Config) string {
		srv, err := web.New(db, db, cfg)
		if err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewServer(srv.Handler())
		defer hs.Close()
		res, err := http.Get(hs.URL + "/members")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return string(body)
	}
	if body := get(web.Config{Members: db}); strings.Contains(body, "Nils Holm") {
		t.Errorf("a member without the archive: %s", body)
	}
	body := get(web.Config{Members: db, Ratings: loadedRatings(t)})
	if !strings.Contains(body, "Nils Holm") || !strings.Contains(body, "Winter Test Cup (WOF archive) on 2026-01-10") {
		t.Errorf("/members with the archive:\n%s", body)
	}
}
