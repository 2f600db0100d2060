package viewcheck

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"

	"outflank"
	"outflank/web"
)

// CLI runs the command line on the tournament's database (without --db,
// which the runner adds) and returns what it printed on stdout, or an
// error when it exited other than 0.
type CLI func(args ...string) ([]byte, error)

// Agree renders every view of t, the tournament as site's store holds it,
// and checks that they agree (Check): the pages and the API through site
// (a running web.Server's handler: Site), the command line's tables and
// the exports through cli (nil leaves them out).
func Agree(site http.Handler, cli CLI, t *outflank.Tournament) error {
	v, err := Gather(site, cli, t)
	if err != nil {
		return err
	}
	return Check(t, v)
}

// Gather renders the views of t: its pages and API documents through
// site, its command line's tables and exports through cli, when given.
func Gather(site http.Handler, cli CLI, t *outflank.Tournament) (Views, error) {
	var v Views
	var err error
	get := func(path string) []byte {
		if err != nil {
			return nil
		}
		var body []byte
		body, err = fetch(site, path)
		return body
	}
	slug := t.Slug
	v.APIStandings = get("/api/t/" + slug + "/standings?list=ifrl")
	v.APIFinish = get("/api/t/" + slug + "/standings?list=finish")
	v.APICrosstable = get("/api/t/" + slug + "/crosstable")
	v.APIPlayers = get("/api/t/" + slug + "/players")
	v.HTMLStandings = get("/t/" + slug + "/standings?list=ifrl")
	v.HTMLCrosstable = get("/t/" + slug + "/crosstable")
	v.APIPlayer, v.APIPairings = map[int][]byte{}, map[int][]byte{}
	for _, p := range t.Players {
		v.APIPlayer[p.ID] = get("/api/t/" + slug + "/players/" + strconv.Itoa(p.ID))
	}
	for _, r := range t.Rounds {
		v.APIPairings[r.Number] = get("/api/t/" + slug + "/pairings/" + strconv.Itoa(r.Number))
	}
	if err != nil || cli == nil {
		return v, err
	}
	for _, c := range []struct {
		doc  *[]byte
		args []string
	}{
		{&v.CLIStandings, []string{"standings", slug, "--list", "ifrl"}},
		{&v.CLICrosstable, []string{"crosstable", slug}},
		{&v.ExportJSON, []string{"export", slug, "--format", "json"}},
		{&v.ExportELO, []string{"export", slug, "--format", "elo"}},
		{&v.ExportCSV, []string{"export", slug, "--format", "csv"}},
	} {
		if *c.doc, err = cli(c.args...); err != nil {
			return v, fmt.Errorf("outflank %v: %w", c.args, err)
		}
	}
	return v, nil
}

// fetch gets path from site, which must answer 200.
func fetch(site http.Handler, path string) ([]byte, error) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	rec := httptest.NewRecorder()
	site.ServeHTTP(rec, req)
	body, _ := io.ReadAll(rec.Result().Body)
	if rec.Code != http.StatusOK {
		return nil, fmt.Errorf("GET %s: %d %s", path, rec.Code, body)
	}
	return body, nil
}

// Site starts a web server over store and feed, as 'outflank serve' does,
// and returns its handler; the server follows the store's changes until
// ctx ends.
func Site(ctx context.Context, store outflank.Store, feed outflank.Feed) (http.Handler, error) {
	s, err := web.New(store, feed, web.Config{})
	if err != nil {
		return nil, err
	}
	go s.Watch(ctx)
	return s.Handler(), nil
}
