package web

import (
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"outflank"
	"outflank/rating"
	"outflank/wof"
)

// Ratings gives the site the WOF rating list it shows at /ratings and the
// rating histories of the player pages. The list takes seconds to compute
// and the histories longer, so the site asks, and shows what is ready.
// RatingsState is the implementation outflank serve uses.
type Ratings interface {
	// List returns the current list and the names of its players; ready
	// is false while it is being computed (or could not be).
	List() (l *rating.List, dir rating.Directory, ready bool)
	// History returns the player's place on each list of the history, in
	// date order (none when no list rates him); ready is false while the
	// histories are being computed (or could not be).
	History(id int) (points []rating.Point, ready bool)
	// Status says what is being done and what went wrong.
	Status() RatingsStatus
	// Basis returns the tournaments and games behind the player's rating
	// on the current list; ok is false when he played none of them, or
	// the list is not ready.
	Basis(id int) (b rating.Basis, ok bool)
}

// RatingsStatus is where the computing of the ratings stands.
type RatingsStatus struct {
	// Version grows with every change of the ratings: the pages that show
	// them are rendered anew.
	Version int64
	// Doing says what is being done ("reading the archive"), "" once done.
	Doing string
	// Err is what went wrong; nil when nothing did.
	Err error
	// Excluded are the archive's files left out of every list
	// (RatingsFiles.Exclude), as given.
	Excluded []string
}

// RatingsState is a Ratings filled in by Load (or by SetList and
// SetHistories), safe for concurrent use: the list is shown as soon as it
// is computed, the histories when they are.
type RatingsState struct {
	mu      sync.RWMutex
	list    *rating.List
	dir     rating.Directory
	games   []rating.Tournament    // what list was computed from
	history map[int][]historyPoint // nil until the histories are computed
	status  RatingsStatus
	// events are the archive's tournaments by player, for membership
	// (BOF Membership & finance 1); nil until read.
	events *outflank.RatedEvents
}

// Events returns the archive's rated tournaments by player, nil while the
// archive is not read.
func (st *RatingsState) Events() *outflank.RatedEvents {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.events
}

// historyPoint is what the plot needs of a player's place on one list,
// kept small: a history of 70 lists has a million of them.
type historyPoint struct {
	date        rating.Date
	rating, unc float32
	rank        int32
	active      bool
	listed      bool
}

// NewRatingsState returns a state with nothing computed yet.
func NewRatingsState() *RatingsState {
	return &RatingsState{status: RatingsStatus{Doing: "waiting to start"}}
}

// List implements Ratings.
func (st *RatingsState) List() (*rating.List, rating.Directory, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.list, st.dir, st.list != nil
}

// History implements Ratings.
func (st *RatingsState) History(id int) ([]rating.Point, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	if st.history == nil {
		return nil, false
	}
	hs := st.history[id]
	points := make([]rating.Point, len(hs))
	for k, h := range hs {
		points[k] = rating.Point{Date: h.date, Player: rating.Player{ID: id, Rank: int(h.rank),
			Rating: float64(h.rating), Uncertainty: float64(h.unc), Active: h.active, Listed: h.listed, Official: h.listed && h.unc < rating.OfficialUncertainty}}
	}
	return points, true
}

// Basis implements Ratings.
func (st *RatingsState) Basis(id int) (rating.Basis, bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	if st.list == nil {
		return rating.Basis{}, false
	}
	return st.list.Basis(st.games, id)
}

// Status implements Ratings.
func (st *RatingsState) Status() RatingsStatus {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.status
}

// change applies f to the state and counts a new version.
func (st *RatingsState) change(f func()) {
	st.mu.Lock()
	defer st.mu.Unlock()
	f()
	st.status.Version++
}

// Doing records what is being done.
func (st *RatingsState) Doing(what string) {
	st.change(func() { st.status.Doing = what })
}

// Fail records what went wrong; it stops nothing already shown.
func (st *RatingsState) Fail(err error) {
	st.change(func() { st.status.Err, st.status.Doing = err, "" })
}

// SetList makes l, with the names of dir, the current list; ts are the
// tournaments it was computed from, whose games its players' pages list.
func (st *RatingsState) SetList(l *rating.List, dir rating.Directory, ts []rating.Tournament) {
	st.change(func() { st.list, st.dir, st.games = l, dir, ts })
}

// SetHistories keeps the players' histories over lists, in date order.
func (st *RatingsState) SetHistories(lists []*rating.List) {
	h := map[int][]historyPoint{}
	for _, l := range lists {
		for _, p := range l.Players {
			h[p.ID] = append(h[p.ID], historyPoint{date: l.AsOf, rating: float32(p.Rating), unc: float32(p.Uncertainty), rank: int32(p.Rank), active: p.Active, listed: p.Listed})
		}
	}
	st.change(func() { st.history, st.status.Doing = h, "" })
}

// RatingsFiles name the data the ratings are computed from.
type RatingsFiles struct {
	// Results is the folder of the WOF's result archive (.ELO files in
	// year folders).
	Results string
	// PlayersDB is the WOF player database (joueurs.txt) that names the
	// players; "" names them from the .ELO files.
	PlayersDB string
	// Until is the last tournament date of the lists (the zero Date: the
	// list's calculation date), and Exclude names files of the archive
	// to leave out (rating.Without): with them the site publishes a list
	// as it was published, `rating compute --until --exclude`.
	Until   rating.Date
	Exclude []string
}

// HistoryStart is the first list of the histories: the WOF archive is
// sparse before.
var HistoryStart = rating.Date{Year: 1992, Month: 1, Day: 1}

// Load computes the list calculated on asOf (today, or the list the site
// publishes) from the files, then the histories of half-yearly lists from
// HistoryStart to asOf, recording each in st as it is ready and logging
// what it does; what fails is recorded (and shown on the pages), never
// fatal.
func (st *RatingsState) Load(files RatingsFiles, asOf rating.Date, log *slog.Logger) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if err := st.load(files, asOf, log); err != nil {
		log.Error("computing the rating list", "err", err)
		st.Fail(err)
	}
}

func (st *RatingsState) load(files RatingsFiles, today rating.Date, log *slog.Logger) error {
	if !files.Until.IsZero() && today.Before(files.Until) {
		return fmt.Errorf("the last tournament date %v is after the list's calculation date %v: a list counts no tournament played after its calculation date", files.Until, today)
	}
	start := time.Now()
	st.Doing("reading the result archive")
	archive, problems, err := wof.ReadArchive(os.DirFS(files.Results), ".")
	if err != nil {
		return fmt.Errorf("reading the result archive %s: %w", files.Results, err)
	}
	for _, p := range problems {
		log.Warn("a file of the result archive is left out", "file", p.Path, "err", p.Err)
	}
	if len(archive) == 0 {
		return fmt.Errorf("the result archive %s has no .ELO file", files.Results)
	}
	if archive, err = rating.Without(archive, files.Exclude); err != nil {
		return fmt.Errorf("leaving out a file of the result archive %s: %w", files.Results, err)
	}
	if len(files.Exclude) > 0 {
		st.change(func() { st.status.Excluded = files.Exclude })
		log.Info("left out of the rating lists as asked", "files", strings.Join(files.Exclude, ", "))
	}
	var db *wof.PlayerDB
	if files.PlayersDB != "" {
		if db, err = readPlayerDB(files.PlayersDB); err != nil {
			return err
		}
	}
	ts, skipped := rating.FromArchive(archive)
	if !files.Until.IsZero() {
		// Every list of the site, the histories' too, is over the
		// tournaments up to Until: the archive as the published list had it.
		kept := ts[:0]
		for _, t := range ts {
			if !files.Until.Before(t.Date) {
				kept = append(kept, t)
			}
		}
		ts = kept
	}
	dir := rating.NewDirectory(archive, db)
	events := outflank.RatedEventsOf(archive)
	st.change(func() { st.events = events })
	archive = nil // the games are in ts: let the files go
	log.Info("read the result archive", "files", len(ts), "skipped_games", skipped, "took", time.Since(start).Round(time.Millisecond))

	st.Doing("computing the list")
	start = time.Now()
	list, err := rating.Compute(ts, rating.Options{AsOf: today, Until: files.Until})
	if err != nil {
		return fmt.Errorf("computing the list of %v: %w", today, err)
	}
	// Logged before it is shown, so that whoever sees the list can find
	// the line.
	log.Info("computed the rating list", "as_of", today, "players", len(list.Players), "listed", len(list.Published()), "took", time.Since(start).Round(time.Millisecond))
	st.SetList(list, dir, ts)

	st.Doing("computing the histories")
	start = time.Now()
	dates := rating.ListDates(HistoryStart, today, 6)
	lists, err := rating.Lists(ts, dates[:len(dates)-1]) // the last is today's, computed above
	if err != nil {
		return fmt.Errorf("computing the histories: %w", err)
	}
	st.SetHistories(append(lists, list))
	log.Info("computed the rating histories", "lists", len(dates), "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// readPlayerDB reads the WOF player database at path.
func readPlayerDB(path string) (*wof.PlayerDB, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading the player database: %w", err)
	}
	defer f.Close()
	db, _, err := wof.ReadPlayerDB(f)
	if err != nil {
		return nil, fmt.Errorf("reading the player database %s: %w", path, err)
	}
	return db, nil
}
