//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/othello"
	"outflank/rules"
	"outflank/web"
)

// writersFor is how long TestManyWriters writes: a few seconds by default,
// so that 'go test ./...' stays quick; $OUTFLANK_WRITERS_FOR (a duration,
// "60s" as the issue asks) for the long run.
func writersFor(t *testing.T) time.Duration {
	if text := os.Getenv("OUTFLANK_WRITERS_FOR"); text != "" {
		d, err := time.ParseDuration(text)
		if err != nil {
			t.Fatalf("$OUTFLANK_WRITERS_FOR %q: %v", text, err)
		}
		return d
	}
	if testing.Short() {
		return time.Second
	}
	return 3 * time.Second
}

// accepted is a write the server or the command line said it saved.
type accepted struct {
	id     int64  // the log entry it reported, 0 when it reports none
	actor  string // who the log must name
	kind   string
	key    string // the game, "ROUND/TABLE"
	expect bool   // a replacement conditional on the result seen
}

// writerLog collects what the writers did.
type writerLog struct {
	mu       sync.Mutex
	accepted []accepted
	counts   map[string]int // by what: "judge move applied", "td conflict", ...
	latency  []time.Duration
	byWhat   map[string][]time.Duration
}

func (l *writerLog) add(a accepted) {
	l.mu.Lock()
	l.accepted = append(l.accepted, a)
	l.mu.Unlock()
}

func (l *writerLog) count(what string, took time.Duration) {
	l.mu.Lock()
	l.counts[what]++
	if took > 0 {
		l.latency = append(l.latency, took)
		l.byWhat[what] = append(l.byWhat[what], took)
	}
	l.mu.Unlock()
}

// writersSite is the tournament the writers share: 20 players, 40 rounds
// of 10 tables, served on the loopback interface.
type writersSite struct {
	url, db string
	store   database
	client  *http.Client
	log     *writerLog
}

const (
	writersRounds = 40
	writersTables = 10
)

// who is a credential: a bearer token, or a browser session's cookie and
// CSRF token; actor is how the log names it.
type who struct {
	bearer, cookie, csrf, actor string
}

// call sends a request as w and returns the status and the body.
func (s *writersSite) call(w who, method, path, contentType, body string) (int, []byte, error) {
	req, err := http.NewRequest(method, s.url+path, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if w.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+w.bearer)
	}
	if w.cookie != "" {
		req.AddCookie(&http.Cookie{Name: "outflank_session", Value: w.cookie})
		req.Header.Set("X-CSRF-Token", w.csrf)
	}
	res, err := s.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// randomGame plays a game of random legal moves to its end.
func randomGame(rng *rand.Rand) string {
	pos := othello.Start()
	var moves []othello.Square
	for {
		legal := pos.LegalMoves()
		if legal == 0 {
			return othello.FormatTranscript(moves)
		}
		n := rng.IntN(bits.OnesCount64(legal))
		for ; n > 0; n-- {
			legal &= legal - 1
		}
		sq := othello.Square(bits.TrailingZeros64(legal))
		moves = append(moves, sq)
		pos, _ = pos.Play(sq)
		if pos.MustPass() {
			pos = pos.Pass()
		}
	}
}

// judge records table's games, round after round, move by move, as a
// phone on a poor connection sends them: some twice, some late, a move
// taken back and played again; then submits each result.
func (s *writersSite) judge(ctx context.Context, t *testing.T, w who, table int, rng *rand.Rand, games map[string]string, gamesMu *sync.Mutex) {
	for round := 1; round <= writersRounds && ctx.Err() == nil; round++ {
		game := randomGame(rng)
		base := fmt.Sprintf("/api/t/conc/judge/%d/%d", round, table)
		var seq int64
		send := func(seq int64, moves, want string) bool {
			start := time.Now()
			status, body, err := s.call(w, "POST", base+"/moves", "application/json", fmt.Sprintf(`{"seq": %d, "moves": %q}`, seq, moves))
			if err != nil {
				return false
			}
			var st struct{ Recorded string }
			json.Unmarshal(body, &st)
			if status != 200 || st.Recorded != want {
				t.Errorf("judge %d, round %d: edit %d (%d moves): %d %s; want %s", table, round, seq, len(moves)/2, status, body, want)
				return false
			}
			s.log.count("judge move "+want, time.Since(start))
			return true
		}
		ok := true
		for ply := 1; ply <= len(game)/2 && ok && ctx.Err() == nil; ply++ {
			seq++
			ok = send(seq, game[:2*ply], "applied")
			switch r := rng.IntN(20); {
			case r == 0 && ok: // the answer was lost: sent again
				ok = send(seq, game[:2*ply], "duplicate")
			case r == 1 && ok && seq > 1: // an older request arrives late
				ok = send(seq-1, game[:2*ply-2], "stale")
			case r == 2 && ok && ply > 1: // a move taken back, played again
				seq++
				ok = send(seq, game[:2*ply-2], "applied")
				seq++
				ok = ok && send(seq, game[:2*ply], "applied")
			}
		}
		if !ok || ctx.Err() != nil {
			return
		}
		gamesMu.Lock()
		games[fmt.Sprintf("%d/%d", round, table)] = game
		gamesMu.Unlock()
		start := time.Now()
		status, body, err := s.call(w, "POST", base+"/result", "application/json", fmt.Sprintf(`{"seq": %d, "moves": %q, "outcome": "normal"}`, seq, game))
		if err != nil {
			return
		}
		var st struct {
			State string
			Event int64
		}
		json.Unmarshal(body, &st)
		switch {
		case status == http.StatusCreated && st.State == "entered" && st.Event > 0:
			s.log.add(accepted{id: st.Event, actor: w.actor, kind: outflank.KindResult, key: fmt.Sprintf("%d/%d", round, table)})
			s.log.count("judge result entered", time.Since(start))
		case status == http.StatusOK && (st.State == "flagged" || st.State == "entered" || st.State == "pending"):
			s.log.count("judge result "+st.State, time.Since(start))
		default:
			t.Errorf("judge %d, round %d: the result: %d %s", table, round, status, body)
			return
		}
	}
}

// director enters and replaces results, conditionally, confirms the
// judges' flagged or waiting results, and now and then makes the judges'
// results wait for confirmation, or not.
func (s *writersSite) director(ctx context.Context, t *testing.T, w who, rng *rand.Rand) {
	for ctx.Err() == nil {
		round, table := 1+rng.IntN(writersRounds), 1+rng.IntN(writersTables)
		key := fmt.Sprintf("%d/%d", round, table)
		black := 33 + rng.IntN(20)
		tour, err := s.store.Tournament(ctx, "conc")
		if err != nil {
			return
		}
		g, _ := tour.Game(round, table)
		if g.Result != nil && g.Result.BlackDiscs == black {
			black++ // a replacement changes the score: the same one is refused, nothing to change
		}
		score := fmt.Sprintf("%d-%d", black, 64-black)
		start := time.Now()
		switch r := rng.IntN(10); {
		case r == 0:
			on := []string{"on", "off"}[rng.IntN(2)]
			status, _, err := s.call(w, "POST", "/t/conc/judge/settings", "application/x-www-form-urlencoded", "confirm="+on)
			if err != nil {
				return
			}
			if status == http.StatusSeeOther {
				s.log.add(accepted{actor: w.actor, kind: outflank.KindSettings})
				s.log.count("td setting", time.Since(start))
			} else {
				s.log.count("td setting unchanged", 0) // already so: 400, nothing saved
			}
		case r <= 2:
			body := ""
			if g.Result != nil {
				body = fmt.Sprintf("expect=%d-%d", g.Result.BlackDiscs, g.Result.WhiteDiscs)
			}
			status, _, err := s.call(w, "POST", "/t/conc/judge/"+strconv.Itoa(round)+"/"+strconv.Itoa(table)+"/confirm", "application/x-www-form-urlencoded", body)
			if err != nil {
				return
			}
			if status == http.StatusSeeOther {
				s.log.add(accepted{actor: ", confirmed by " + w.actor, kind: outflank.KindResult, key: key, expect: g.Result != nil})
				s.log.count("td confirm", time.Since(start))
			} else {
				s.log.count("td confirm refused", 0) // nothing waiting, or changed meanwhile
			}
		default:
			body := fmt.Sprintf(`{"score": %q}`, score)
			if g.Result != nil {
				body = fmt.Sprintf(`{"score": %q, "replace": true, "expect": "%d-%d"}`, score, g.Result.BlackDiscs, g.Result.WhiteDiscs)
			}
			status, out, err := s.call(w, "POST", "/api/t/conc/rounds/"+strconv.Itoa(round)+"/results/"+strconv.Itoa(table), "application/json", body)
			if err != nil {
				return
			}
			var saved struct {
				ID    int64
				Actor string
			}
			json.Unmarshal(out, &saved)
			switch status {
			case http.StatusCreated:
				if saved.Actor != w.actor {
					t.Errorf("a director's result saved as %q, want %q", saved.Actor, w.actor)
				}
				s.log.add(accepted{id: saved.ID, actor: w.actor, kind: outflank.KindResult, key: key, expect: g.Result != nil})
				s.log.count("td result", time.Since(start))
			case http.StatusConflict:
				s.log.count("td result conflict", time.Since(start))
			default:
				t.Errorf("a director's result %s %s: %d %s", key, body, status, out)
				return
			}
		}
	}
}

var savedEvent = regexp.MustCompile(`\(event #(\d+)\)`)

// cli runs outflank, the test binary, as a director at the hall's laptop:
// a result from a score sheet, or a correction conditional on what it
// read.
func (s *writersSite) cli(ctx context.Context, t *testing.T, bin string, rng *rand.Rand) {
	for ctx.Err() == nil {
		round, table := 1+rng.IntN(writersRounds), 1+rng.IntN(writersTables)
		black := 33 + rng.IntN(20)
		tour, err := s.store.Tournament(ctx, "conc")
		if err != nil {
			return
		}
		g, _ := tour.Game(round, table)
		if g.Result != nil && g.Result.BlackDiscs == black {
			black++
		}
		args := []string{"--db", s.db, "result", "conc", strconv.Itoa(round), strconv.Itoa(table), fmt.Sprintf("%d-%d", black, 64-black)}
		if g.Result != nil {
			args = append(args, "--replace", "--expect", fmt.Sprintf("%d-%d", g.Result.BlackDiscs, g.Result.WhiteDiscs))
		}
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "OUTFLANK_TEST_AS=main", "OUTFLANK_USER=cli")
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		start := time.Now()
		err = cmd.Run()
		switch {
		case err == nil:
			m := savedEvent.FindStringSubmatch(out.String())
			if m == nil {
				t.Errorf("outflank result saved without saying which entry: %s", out.String())
				return
			}
			id, _ := strconv.ParseInt(m[1], 10, 64)
			s.log.add(accepted{id: id, actor: "cli", kind: outflank.KindResult, key: fmt.Sprintf("%d/%d", round, table), expect: g.Result != nil})
			s.log.count("cli result", time.Since(start))
		case strings.Contains(errOut.String(), "already has a result") || strings.Contains(errOut.String(), "changed meanwhile") || strings.Contains(errOut.String(), "last changed by"):
			s.log.count("cli conflict", time.Since(start))
		default:
			t.Errorf("outflank %v: %v\n%s", args, err, errOut.String())
			return
		}
	}
}

// TestManyWriters: three directors' browser sessions (the console's
// calls: results, confirmations, the judges' setting), ten table judges
// and the command line write to one
// tournament at once, on the loopback interface, for writersFor. Every
// write accepted is in the log once, naming its actor, and the log holds
// nothing else; no result was written over without a replacement
// conditional on the result its writer saw; every judge's game is kept
// whole; 'outflank log --verify' holds.
func TestManyWriters(t *testing.T) {
	ctx := context.Background()
	path := testDatabase(t, "writers.db")
	db, err := openStore(ctx, path, true)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tour, err := outflank.NewTournament("conc", "Many Writers Open", "2026-11-28", rules.Custom, writersRounds)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 * writersTables {
		if _, err := tour.AddPlayer(outflank.Player{Name: fmt.Sprintf("Player %02d", i+1)}); err != nil {
			t.Fatal(err)
		}
	}
	for r := range writersRounds {
		var pairs []outflank.Pair
		for i := range writersTables {
			a, b := 1+(2*i+r)%(2*writersTables), 1+(2*i+1+r)%(2*writersTables)
			pairs = append(pairs, outflank.Pair{Black: a, White: b})
		}
		if _, err := tour.AddRound(outflank.StageSwiss, pairs, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Create(outflank.WithActor(ctx, "setup"), tour, outflank.KindImport, "the writers' tournament"); err != nil {
		t.Fatal(err)
	}
	a := auth.New(db)
	var tds []who
	for i := range 3 {
		name := fmt.Sprintf("td%d", i+1)
		if _, err := a.AddUser(ctx, name, "a good password", false); err != nil {
			t.Fatal(err)
		}
		if err := db.Grant(ctx, name, outflank.Grant{Tournament: "conc", Role: outflank.RoleTD}); err != nil {
			t.Fatal(err)
		}
		secret, sess, err := a.Login(ctx, name, "a good password", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		tds = append(tds, who{cookie: secret, csrf: sess.CSRF, actor: name})
	}
	var judges []who
	for table := 1; table <= writersTables; table++ {
		secret, j, err := a.AddJudgeLink(ctx, "conc", 0, table, fmt.Sprintf("J%d", table), "td1")
		if err != nil {
			t.Fatal(err)
		}
		cookie, sess, _, err := a.JudgeLogin(ctx, secret)
		if err != nil {
			t.Fatal(err)
		}
		judges = append(judges, who{cookie: cookie, csrf: sess.CSRF, actor: (&outflank.Principal{Judge: j}).Actor()})
	}
	srv, err := web.New(db, db, web.Config{Accounts: db, Live: db})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0") // loopback only
	if err != nil {
		t.Fatal(err)
	}
	serveCtx, stopServe := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(serveCtx, l) }()
	defer func() {
		stopServe()
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s := &writersSite{url: "http://" + l.Addr().String(), db: path, store: db, log: &writerLog{counts: map[string]int{}, byWhat: map[string][]time.Duration{}},
		client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32}, Timeout: 30 * time.Second,
			// A form's answer is a redirection: the status it says is the
			// one counted, not the page it leads to.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	before, err := db.Log(ctx, "conc")
	if err != nil {
		t.Fatal(err)
	}

	span := writersFor(t)
	writing, stop := context.WithTimeout(ctx, span)
	defer stop()
	games, gamesMu := map[string]string{}, &sync.Mutex{}
	var wg sync.WaitGroup
	var seed atomic.Uint64
	for i, j := range judges {
		rng := rand.New(rand.NewPCG(uint64(i), seed.Add(1)))
		wg.Go(func() { s.judge(writing, t, j, i+1, rng, games, gamesMu) })
	}
	for _, td := range tds {
		rng := rand.New(rand.NewPCG(100, seed.Add(1)))
		wg.Go(func() { s.director(writing, t, td, rng) })
	}
	rng := rand.New(rand.NewPCG(200, seed.Add(1)))
	wg.Go(func() { s.cli(writing, t, bin, rng) })
	start := time.Now()
	wg.Wait()
	took := time.Since(start)

	// Every write accepted is in the log, once, naming its actor; the log
	// holds nothing else.
	events, err := db.Log(ctx, "conc")
	if err != nil {
		t.Fatal(err)
	}
	events = events[len(before):]
	byID := map[int64]outflank.Event{}
	for _, ev := range events {
		byID[ev.ID] = ev
	}
	claimed := map[int64]bool{}
	unnumbered := map[string]int{} // actor suffix/kind -> writes accepted without an entry number
	for _, w := range s.log.accepted {
		if w.id == 0 {
			unnumbered[w.actor+"|"+w.kind]++
			continue
		}
		ev, ok := byID[w.id]
		switch {
		case !ok:
			t.Errorf("write #%d by %s (%s %s) was accepted but is not in the log", w.id, w.actor, w.kind, w.key)
		case ev.Actor != w.actor || ev.Kind != w.kind:
			t.Errorf("log entry #%d is %s by %q; the write accepted was %s by %q", w.id, ev.Kind, ev.Actor, w.kind, w.actor)
		case claimed[w.id]:
			t.Errorf("log entry #%d was reported for two writes", w.id)
		}
		claimed[w.id] = true
	}
	for _, ev := range events {
		if claimed[ev.ID] {
			continue
		}
		found := false
		for k, n := range unnumbered {
			actor, kind, _ := strings.Cut(k, "|")
			if n > 0 && ev.Kind == kind && (ev.Actor == actor || (strings.HasPrefix(actor, ", ") && strings.HasSuffix(ev.Actor, actor))) {
				unnumbered[k]--
				found = true
				break
			}
		}
		if !found {
			t.Errorf("log entry #%d (%s by %q: %s) is no write the writers were told was saved", ev.ID, ev.Kind, ev.Actor, ev.Summary)
		}
	}
	for k, n := range unnumbered {
		if n != 0 {
			t.Errorf("%d writes accepted as %s are not in the log", n, k)
		}
	}

	// No result written over without a condition on what its writer saw.
	conditional := map[int64]bool{}
	for _, w := range s.log.accepted {
		if w.id != 0 && w.expect {
			conditional[w.id] = true
		}
	}
	overwrites := 0
	for _, ev := range events {
		for _, c := range ev.Changes {
			var g struct{ Result json.RawMessage }
			if c.Entity != outflank.EntityGame || len(c.Before) == 0 || json.Unmarshal(c.Before, &g) != nil || len(g.Result) == 0 || string(g.Result) == "null" {
				continue
			}
			overwrites++
			if !conditional[ev.ID] && !strings.Contains(ev.Actor, ", confirmed by ") {
				t.Errorf("log entry #%d by %q wrote over the result of %s without a condition", ev.ID, ev.Actor, c.Key)
			}
		}
	}

	// Every judge's game is kept whole, as its judge recorded it.
	for key, game := range games {
		var round, table int
		fmt.Sscanf(key, "%d/%d", &round, &table)
		g, err := db.LiveGame(ctx, "conc", round, table)
		if err != nil || g.Moves != game {
			t.Errorf("game %s: the server keeps %v %v; the judge recorded %d moves", key, g, err, len(game)/2)
		}
	}

	// The log verifies, by the command line.
	code, stdout, stderr := reexec(t, bin, "main", false, "--db", path, "log", "conc", "--verify")
	if code != 0 {
		t.Errorf("outflank log --verify: exit %d\n%s%s", code, stdout, stderr)
	}

	sort.Slice(s.log.latency, func(i, j int) bool { return s.log.latency[i] < s.log.latency[j] })
	var keys []string
	for k := range s.log.counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var figures strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&figures, "\n  %-26s %6d", k, s.log.counts[k])
		if d := s.log.byWhat[k]; len(d) > 0 {
			sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
			fmt.Fprintf(&figures, "   p50 %8v  p99 %8v", d[len(d)/2].Round(time.Millisecond/10), d[int(.99*float64(len(d)-1))].Round(time.Millisecond/10))
		}
	}
	p := func(q float64) time.Duration {
		if len(s.log.latency) == 0 {
			return 0
		}
		return s.log.latency[int(q*float64(len(s.log.latency)-1))].Round(time.Millisecond / 10)
	}
	t.Logf("%v of writing by 3 directors, 10 judges and the command line: %d log entries, %d results written over (each conditional), %d judges' games kept whole; latency p50 %v, p99 %v, max %v%s",
		took.Round(time.Millisecond), len(events), overwrites, len(games), p(.5), p(.99), p(1), figures.String())
	if len(events) == 0 || s.log.counts["judge move applied"] == 0 {
		t.Error("the writers wrote nothing")
	}
}
