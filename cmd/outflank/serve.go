package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"outflank"
	"outflank/rating"
	"outflank/web"
)

const serveUsage = "serve [--addr 127.0.0.1:8080] [--base-url URL] [--trusted-proxy ADDR,...] [--access-log FILE] [--results DIR [--players-db FILE] [--as-of DATE] [--until DATE] [--exclude FILE ...]] [--demo [--players N] [--pace D]]"

// serveOptions are serve's flags.
type serveOptions struct {
	addr, baseURL string
	proxies       []netip.Prefix
	demo          bool
	players       int
	pace          time.Duration
	seed          string
	// results is the WOF result archive the rating list is computed from
	// ("" computes none), playersDB the player database that names its
	// players.
	results, playersDB string
	// asOf, until and exclude name the list the site publishes, as
	// 'rating compute' does: today's when none is given.
	asOf, until rating.Date
	exclude     repeated
	// accessLog is the file the requests are logged to ("-": stderr; "":
	// none).
	accessLog string
}

// runServe serves the web site of every tournament in the database until
// SIGINT or SIGTERM, then shuts down gracefully; a second signal ends it at
// once.
func runServe(e *env, args []string) error {
	fs := e.newFlags("serve", serveUsage)
	var o serveOptions
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "the `address` to listen on (:8080 serves the hall's network too, and prints its addresses and a QR code)")
	fs.StringVar(&o.baseURL, "base-url", "", "the `URL` the site is reached at, for absolute links and QR codes (default: the address each request was sent to)")
	fs.Func("trusted-proxy", "the `addresses` (10.0.0.5, 10.0.0.0/8, comma-separated) of the reverse proxies in front of the site, whose X-Forwarded-For names the client", func(text string) error {
		list, err := parseProxies(text)
		o.proxies = append(o.proxies, list...)
		return err
	})
	fs.StringVar(&o.accessLog, "access-log", "", "append a line for each request (method, address, status, size, time, client) to `file`; - prints them on the terminal (default: none; the terminal shows the addresses, one line per change and the errors)")
	fs.StringVar(&o.results, "results", "", "the `folder` of the WOF result archive (.ELO files in year folders): the site computes the rating list from it, shows it at /ratings, and shows the players' rating histories and the games' expected scores")
	fs.StringVar(&o.playersDB, "players-db", "", "with --results: the WOF player database `file` (joueurs.txt) that names the rated players (default: joueurs.txt beside the results folder, if there is one)")
	asOf := fs.String("as-of", "", "with --results: publish the list calculated on `date`, YYYY-MM-DD, as 'rating compute --as-of' (default: today)")
	until := fs.String("until", "", "with --results: the last tournament `date` of the list, YYYY-MM-DD, as 'rating compute --until' (default: --as-of)")
	fs.Var(&o.exclude, "exclude", "with --results: leave out the archive's `file`, as 'rating compute --exclude'; repeat for more")
	fs.BoolVar(&o.demo, "demo", false, "show what Outflank does: a simulated WOC in a new database, played in live, pairing by pairing and result by result")
	fs.IntVar(&o.players, "players", 32, "--demo: the players of the simulated WOC")
	fs.DurationVar(&o.pace, "pace", 400*time.Millisecond, "--demo: the time between two results (a new round waits 5 times as long)")
	fs.StringVar(&o.seed, "seed", "", "--demo: seed of the simulated event (default: drawn)")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("usage: outflank %s", serveUsage)
	}
	if err := checkBaseURL(o.baseURL); err != nil {
		return err
	}
	if o.asOf, err = ratingDateFlag("as-of", *asOf); err != nil {
		return err
	}
	if o.until, err = ratingDateFlag("until", *until); err != nil {
		return err
	}
	if err := o.checkRatings(); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // from the first signal on, a second one ends the server at once
	if o.demo {
		return e.serveDemo(ctx, o)
	}
	var misplaced string
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "players" || f.Name == "pace" || f.Name == "seed" {
			misplaced = f.Name
		}
	})
	if misplaced != "" {
		return usagef("serve: --%s goes with --demo", misplaced)
	}
	return e.withStore(func(_ context.Context, db database) error {
		return e.serve(ctx, db, o, nil)
	})
}

// openAccessLog opens the access log --access-log names: a file the
// requests are appended to, "-" for stderr, "" for none (nil). The lines
// name no credential: a judge link's secret is redacted (docs/security.md).
func (e *env) openAccessLog(name string) (*slog.Logger, func(), error) {
	switch name {
	case "":
		return nil, func() {}, nil
	case "-":
		return slog.New(slog.NewTextHandler(e.stderr, nil)), func() {}, nil
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, nil, outflank.Errorf(outflank.EINVALID, "--access-log %s: %v: give a file this user may write, or leave the flag out", name, err)
	}
	return slog.New(slog.NewTextHandler(f, nil)), func() { f.Close() }, nil
}

// checkBaseURL accepts an absolute http or https URL without query.
func checkBaseURL(text string) error {
	if text == "" {
		return nil
	}
	u, err := url.Parse(text)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return outflank.Errorf(outflank.EINVALID, "--base-url %q: give the address players open, as http://HOST[:PORT][/PATH] or https://...", text)
	}
	return nil
}

// serve runs the site of db on o.addr until ctx ends. Once it listens, it
// prints where to look and calls started, if given, with the site's
// address on this machine.
func (e *env) serve(ctx context.Context, db database, o serveOptions, started func(local string)) error {
	level := slog.LevelInfo
	if o.demo {
		level = slog.LevelWarn // the demo's own lines, not every page fetched
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))
	if pg, ok := db.(interface{ SetLog(*slog.Logger) }); ok {
		pg.SetLog(log) // PostgreSQL's loss and return, a warning each
	}
	cfg := web.Config{BaseURL: o.baseURL, Log: log, Accounts: db, Live: db, PlayerDB: db, Members: db, TrustedProxies: o.proxies}
	access, closeAccess, err := e.openAccessLog(o.accessLog)
	if err != nil {
		return err
	}
	defer closeAccess()
	cfg.AccessLog = access
	var ratings *web.RatingsState
	if o.results != "" {
		ratings = web.NewRatingsState()
		cfg.Ratings = ratings
	}
	srv, err := web.New(db, db, cfg)
	if err != nil {
		return err
	}
	l, err := net.Listen("tcp", o.addr)
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "cannot listen on %s: %v (another program may use the port: try --addr 127.0.0.1:8081)", o.addr, err)
	}
	if ratings != nil {
		asOf := o.asOf
		if asOf.IsZero() {
			asOf = today()
		}
		go ratings.Load(web.RatingsFiles{Results: o.results, PlayersDB: o.playersDB, Until: o.until, Exclude: o.exclude}, asOf, log)
	}
	local := e.printAddresses(storeName(db, e.db), o, l.Addr().(*net.TCPAddr), systemInterfaces)
	if started != nil {
		started(local)
	}
	return srv.Serve(ctx, l)
}

// checkRatings checks --results and --players-db before the site starts:
// a folder that is not one is a mistake to say at once; what the files
// hold is read in the background, and its problems shown on /ratings.
func (o *serveOptions) checkRatings() error {
	if o.results == "" {
		switch {
		case o.playersDB != "":
			return usagef("serve: --players-db goes with --results")
		case !o.asOf.IsZero() || !o.until.IsZero() || len(o.exclude) > 0:
			return usagef("serve: --as-of, --until and --exclude go with --results")
		}
		return nil
	}
	asOf := o.asOf
	if asOf.IsZero() {
		asOf = today()
	}
	if !o.until.IsZero() && asOf.Before(o.until) {
		return outflank.Errorf(outflank.EINVALID, "--until %s is after the list's calculation date %s: a list counts no tournament played after it", o.until, asOf)
	}
	if info, err := os.Stat(o.results); err != nil || !info.IsDir() {
		return outflank.Errorf(outflank.EINVALID, "--results %s: give the folder of the WOF result archive (.ELO files in year folders)", o.results)
	}
	if o.playersDB == "" {
		abs, err := filepath.Abs(o.results)
		if err != nil {
			return nil
		}
		guess := filepath.Join(filepath.Dir(abs), "joueurs.txt")
		if info, err := os.Stat(guess); err == nil && info.Mode().IsRegular() {
			o.playersDB = guess
		}
		return nil
	}
	if info, err := os.Stat(o.playersDB); err != nil || !info.Mode().IsRegular() {
		return outflank.Errorf(outflank.EINVALID, "--players-db %s: give the WOF player database file (joueurs.txt)", o.playersDB)
	}
	return nil
}

// parseProxies reads --trusted-proxy: addresses or networks, separated by
// commas.
func parseProxies(text string) ([]netip.Prefix, error) {
	var list []netip.Prefix
	for _, item := range strings.Split(text, ",") {
		item = strings.TrimSpace(item)
		if p, err := netip.ParsePrefix(item); err == nil {
			list = append(list, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address (10.0.0.5, ::1) nor a network (10.0.0.0/8)", item)
		}
		list = append(list, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return list, nil
}
