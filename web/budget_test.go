package web_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"testing"

	"outflank"
	"outflank/internal/storetest"
	"outflank/sqlite"
	"outflank/web"
)

// bigSite serves a 1,000-player WOC, 13 rounds paired and 12 played
// (storetest.CircleEvent, slug "big"), the size of a World championship's
// field at its largest.
func bigSite(t *testing.T) *site {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "big.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Create(ctx, storetest.CircleEvent(t, 1000, 13), outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	s, err := web.New(db, db, web.Config{})
	if err != nil {
		t.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go s.Watch(watch)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	site := &site{t: t, db: db, srv: srv}
	site.wait("/t/big")
	return site
}

// startTag is the start of an element: "<" and a letter.
var startTag = regexp.MustCompile(`<[a-zA-Z]`)

// elementsOf counts the elements of an HTML page, as a browser's DOM
// would hold them (html, head and body written or not).
func elementsOf(page string) int { return len(startTag.FindAllStringIndex(page, -1)) }

func TestMeasureBig(t *testing.T) {
	s := bigSite(t)
	for _, p := range []string{"/t/big", "/t/big/pairings", "/t/big/pairings/1", "/t/big/standings", "/t/big/standings?list=ifrl", "/t/big/standings?list=wfrl", "/t/big/standings?list=yfrl", "/t/big/standings?list=tfrl", "/t/big/standings?list=finish", "/t/big/crosstable", "/t/big/players", "/t/big/players/1", "/t/big/knockout", "/t/big/games/1/1", "/t/big/live", "/"} {
		res, body := s.get(p)
		t.Logf("%-40s %d %8d bytes %6d elements", p, res.StatusCode, len(body), elementsOf(body))
	}
}
