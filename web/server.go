// Package web is Outflank's web site: the public pages and JSON API of
// every tournament in the store, updated live in every browser. Handlers
// are thin: they call the same domain and report functions as the command
// line and render them with html/template (templates and assets embedded,
// parsed once at start).
//
// A page is rendered once per tournament version and kept, with its gzip
// and its ETag (cache.go); the store's Feed says when a tournament changed,
// whatever process changed it, and the server tells the pages open on it
// over Server-Sent Events (sse.go), which fetch their new content.
package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/netip"
	"runtime"
	"sync"
	"time"

	"outflank"
	"outflank/auth"
)

// Config is how a server is set up.
type Config struct {
	// BaseURL is the address the site is reached at, for absolute links
	// (the QR code); "" when only relative links are needed.
	BaseURL string
	// Log receives the server's own messages: one line for each change of
	// a tournament (changes.go), and the warnings and errors. `serve`
	// prints it on the terminal, where the director reads it.
	Log *slog.Logger
	// AccessLog receives one line for each request (middleware.go); nil
	// logs none. It is kept apart from Log so that the requests of a busy
	// hall do not push the addresses, the QR code and the changes off the
	// director's terminal (issue 24).
	AccessLog *slog.Logger
	// MaxStreams bounds the live streams open at once; 0 takes most of
	// the files the process may open (ulimit -n).
	MaxStreams int
	// MaxStreamsPerClient bounds the live streams one client address (an
	// IPv6 /64; behind a trusted proxy, the address it forwards) holds at
	// once; 0 takes an eighth of MaxStreams, plus 16 (hub.go).
	MaxStreamsPerClient int
	// Accounts keeps the users, sessions, tokens and judge links; nil
	// serves the public pages only, and every write is refused.
	Accounts outflank.Accounts
	// Live keeps the games table judges record move by move (live.go,
	// judge.go); nil records none.
	Live outflank.LiveGames
	// PlayerDB keeps the WOF player database the console searches as a
	// director types a name; nil: the console registers players by hand.
	PlayerDB outflank.PlayerDirectory
	// Members keeps the federation's member records (BOF Membership &
	// finance): the console's /admin/members and the public /members; nil
	// serves neither.
	Members outflank.Members
	// TrustedProxies are the reverse proxies (nginx, Caddy) whose
	// X-Forwarded-For header names the client: failed logins are counted
	// per client address, not per proxy. A header from any other address
	// is ignored, since anyone can send one.
	TrustedProxies []netip.Prefix
	// Ratings is the WOF rating list and its histories (ratings.go), for
	// /ratings, the players' pages and the pairings' expected scores; nil:
	// the site computes no ratings, and /ratings says how to have them.
	Ratings Ratings
	// CacheBytes bounds the memory the rendered pages are kept in, the
	// least recently asked for forgotten first (cache.go); the <main> a
	// page and its fragment share, and the pages of live games, are kept
	// in a quarter of it each. 0 takes DefaultCacheBytes, 64 MiB.
	CacheBytes int64
}

// Server serves the web site of a store's tournaments.
type Server struct {
	store outflank.Store
	// accounts, and the login form's signing key read from them once
	// (login.go).
	accounts      outflank.Accounts
	loginKeyMu    sync.Mutex
	loginKeyBytes []byte
	feed          outflank.Feed
	log           *slog.Logger
	access        *slog.Logger // the access log, nil when none
	baseURL       string
	pages         *pages
	cache         *pageCache
	tours         *tournamentCache
	mains         *mainCache // the <main> a page and its fragment share (mains.go)
	hub           *hub
	auth          *auth.Service // nil without accounts
	// playerDB is the WOF player database (nil without one), and
	// directory its search, read once per database loaded.
	playerDB  outflank.PlayerDirectory
	directory directoryCache
	members   outflank.Members // nil without member records
	routes    []routeInfo      // every route registered with its access
	// trustedProxies are the proxies whose X-Forwarded-For is believed.
	trustedProxies []netip.Prefix
	// ratings is the WOF rating list, nil without one.
	ratings Ratings

	live       outflank.LiveGames // nil without live games
	livePages  *pageCache         // the pages that show live games (live.go)
	liveMu     sync.Mutex
	liveTold   map[liveKey]int64 // the stamp of each live game the pages were told of
	liveStamps map[string]int64  // the highest of each tournament's

	handlerOnce sync.Once
	handler     http.Handler

	mu sync.RWMutex
	// versions is every tournament's version, from the feed or read after
	// a write of this server (fresh.go), whichever is newer.
	versions map[string]int64
	watched  chan struct{} // closed once the feed has given the versions
	// watchedOnce closes watched once, whoever gives the first versions.
	watchedOnce sync.Once
}

// New returns a server of store's tournaments that follows their changes
// through feed.
func New(store outflank.Store, feed outflank.Feed, cfg Config) (*Server, error) {
	p, err := parsePages()
	if err != nil {
		return nil, err
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = DefaultCacheBytes
	}
	s := &Server{store: store, feed: feed, log: cfg.Log, baseURL: cfg.BaseURL, pages: p,
		cache: newPageCache(cfg.CacheBytes, max(1, runtime.GOMAXPROCS(0)-1), maxQueued), tours: newTournamentCache(store), mains: newMainCache(cfg.CacheBytes / 4), hub: newHub(cfg.Log, cfg.MaxStreams), watched: make(chan struct{})}
	if cfg.Accounts != nil {
		s.auth, s.accounts = auth.New(cfg.Accounts), cfg.Accounts
	}
	s.live, s.livePages, s.liveTold, s.liveStamps = cfg.Live, newPageCache(cfg.CacheBytes/4, 1, maxQueued), map[liveKey]int64{}, map[string]int64{}
	s.playerDB, s.trustedProxies, s.ratings = cfg.PlayerDB, cfg.TrustedProxies, cfg.Ratings
	s.members, s.access = cfg.Members, cfg.AccessLog
	if cfg.MaxStreamsPerClient > 0 {
		s.hub.perClient = cfg.MaxStreamsPerClient
	}
	return s, nil
}

// Watch follows the feed until ctx ends: it records the versions and tells
// the live pages of each tournament that changed; it follows the live
// games too (live.go).
//
// A version the feed gives is the site's at once (advance): a page asked
// for on this server after a write on another shows that write as soon as
// the feed tells of it. The busy pages of a tournament that changed are
// then rendered anew (prerender.go) before its live pages are told of the
// change, so that their fetches find the pages ready; a visitor who asks
// meanwhile waits for the rendering under way rather than being shown the
// version before (issue 24: a read after a write must show it).
func (s *Server) Watch(ctx context.Context) error {
	if s.live != nil {
		liveCtx, stop := context.WithCancel(ctx)
		defer stop()
		go func() {
			if err := s.watchLive(liveCtx); err != nil {
				s.log.Error("following the live games", "err", err)
			}
		}()
	}
	pub := newPublisher()
	pubCtx, stopPub := context.WithCancel(ctx)
	defer stopPub()
	go s.publish(pubCtx, pub)
	var told map[string]int64 // the versions the feed gave last
	first := true
	return s.feed.Watch(ctx, func(versions map[string]int64) {
		s.advance(versions)
		if first {
			first, told = false, maps.Clone(versions)
			s.watchedOnce.Do(func() { close(s.watched) })
			return
		}
		changed := map[string]int64{}
		for slug, v := range versions {
			if told[slug] != v {
				changed[slug] = v
			}
		}
		// A tournament the feed had and has no more was removed (issue
		// 26): its pages go with it. One this server created since the
		// feed's last report is not in told, and stays.
		for slug, v := range told {
			if _, ok := versions[slug]; !ok {
				s.forget(slug)
				changed[slug] = v + 1
			}
		}
		told = maps.Clone(versions)
		pub.add(changed)
	})
}

// advance makes the site's versions at least those in fresh: from the
// feed, or read after a write of this server (fresh.go). A version never
// goes back (a tournament's grows with each change, and none is deleted):
// the feed may report, after a write of this server, versions it read
// before it.
func (s *Server) advance(fresh map[string]int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.versions == nil {
		s.versions = map[string]int64{}
	}
	for slug, v := range fresh {
		if v > s.versions[slug] {
			s.versions[slug] = v
		}
	}
}

// forget drops the version of a tournament removed: its pages are then
// not found, until it is restored with a later version.
func (s *Server) forget(slug string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.versions, slug)
}

// ready waits, briefly, for the feed's first versions, and reports
// whether they came; once they have, it answers at once (every request
// asks).
func (s *Server) ready(ctx context.Context) bool {
	select {
	case <-s.watched:
		return true
	default:
	}
	timer := time.NewTimer(5 * time.Second)
	defer timer.Stop()
	select {
	case <-s.watched:
		return true
	case <-ctx.Done():
	case <-timer.C:
	}
	return false
}

// errNotReady answers a request about a tournament while the server has
// not yet read the tournaments' versions from the store (PostgreSQL out of
// reach since the server started): whether the tournament exists is not
// known, so it is a 503 with Retry-After, never a 404.
var errNotReady = outflank.Errorf(outflank.EUNAVAILABLE, "The server cannot read the tournaments from its database yet: nothing was read or written; try again in a few seconds.")

// noTournament answers a request for a tournament version did not find:
// 404, with links to the tournaments there are when links is set; or 503
// while the server does not know them yet (errNotReady).
func (s *Server) noTournament(w http.ResponseWriter, r *http.Request, slug string, links bool) {
	select {
	case <-s.watched:
	default:
		s.errorPage(w, r, http.StatusServiceUnavailable, outflank.ErrorMessage(errNotReady))
		return
	}
	var list []link
	if links {
		list = s.tournamentLinks(r)
	}
	s.notFound(w, r, fmt.Sprintf("There is no tournament %q.", slug), list...)
}

// version returns the current version of the tournament with slug, and
// whether there is one.
func (s *Server) version(ctx context.Context, slug string) (int64, bool) {
	if !s.ready(ctx) {
		return 0, false
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.versions[slug]
	return v, ok
}

// Serve runs the site on l until ctx ends, then shuts down gracefully:
// requests in flight finish (for up to 10 s) and open live streams end.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	watchCtx, stopWatch := context.WithCancel(context.Background())
	defer stopWatch()
	watchErr := make(chan error, 1)
	go func() { watchErr <- s.Watch(watchCtx) }()
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(l) }()
	select {
	case err := <-serveErr:
		return err
	case err := <-watchErr:
		srv.Close()
		s.hub.closeAll()
		if err == nil {
			err = errors.New("web: the store's feed stopped")
		}
		return fmt.Errorf("web: following the store: %w", err)
	case <-ctx.Done():
	}
	s.hub.closeAll()
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return err
	}
	return nil
}
