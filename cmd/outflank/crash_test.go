//go:build unix

package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The crash test: outflank (the test binary re-executed as it, TestMain),
// entering results in a loop, is killed with SIGKILL at random moments
// (while starting, in the middle of a transaction, during the WAL
// checkpoint it runs when it closes the database, while printing). Afterwards every result it reported saved must be there, the
// database must be consistent, and the audit log must tell exactly what
// happened.

const (
	crashSlug    = "crash"
	crashPlayers = 60
	crashRounds  = 5
	crashTables  = crashPlayers / 2
	// crashKills is how many times the binary is killed in a default run;
	// $OUTFLANK_CRASH_KILLS overrides it (e.g. for a long soak). On a
	// loaded machine (a killed process dies only once its fsync returns) the
	// run stops after crashMinKills once crashBudget is spent.
	crashKills    = 300
	crashMinKills = 200
	crashBudget   = 35 * time.Second
	// crashMaxDelay bounds the random delay before each kill. A result takes
	// a few milliseconds, so a child gets through a handful of attempts.
	crashMaxDelay = 60 * time.Millisecond
	// crashBatch is how many attempts a child's script holds: more than it
	// can get through before the kill.
	crashBatch = 60
)

// crashState is what is known of an attempt after its child was killed.
type crashState int

const (
	crashNotStarted crashState = iota // the kill came first: it cannot have landed
	crashInFlight                     // started, not known to have ended: may or may not have landed
	crashFailed                       // ended without reporting a save: must not have landed
	crashSaved                        // reported "saved:": must have landed
)

func (s crashState) String() string {
	return [...]string{"not started", "in flight", "failed", "saved"}[s]
}

// crashAttempt is one `outflank result` invocation.
type crashAttempt struct {
	n            int
	round, table int
	typed        [2]int // the score on the command line
	official     [2]int // the score it must be stored as (empties to the winner)
	replace      bool
	mustConflict bool // no --replace on a game known to have a result: must fail
	state        crashState
	event        int64  // the event number it reported
	saved        string // its "saved:" line
	errors       string // what it printed on stderr
}

func (a *crashAttempt) key() string { return fmt.Sprintf("%d/%d", a.round, a.table) }

func (a *crashAttempt) String() string {
	s := fmt.Sprintf("attempt %d: result %d %d %d-%d", a.n, a.round, a.table, a.typed[0], a.typed[1])
	if a.replace {
		s += " --replace"
	}
	return fmt.Sprintf("%s (official %d-%d, %s)", s, a.official[0], a.official[1], a.state)
}

// crashGame is what the test knows of a game while it plans attempts.
type crashGame struct {
	round, table int
	started      bool            // an attempt on it has started: it may have a result
	reported     bool            // an attempt on it reported a save: it has a result
	used         map[[2]int]bool // official scores attempted, never reused
}

// crashOfficial is the official score of a typed one: the empty squares go
// to the winner, a draw is 32-32 (WOC IV.8).
func crashOfficial(b, w int) [2]int {
	switch {
	case b > w:
		return [2]int{64 - w, w}
	case w > b:
		return [2]int{b, 64 - b}
	}
	return [2]int{32, 32}
}

// crashScore picks a typed score whose official score the game has never
// been given, so that every stored state names the attempt that made it.
func crashScore(rng *rand.Rand, used map[[2]int]bool) (typed, official [2]int) {
	for range 100 {
		total := 64
		if rng.IntN(10) < 3 {
			total = 13 + rng.IntN(51) // a game ended with empty squares
		}
		b := rng.IntN(total + 1)
		typed = [2]int{b, total - b}
		official = crashOfficial(typed[0], typed[1])
		if !used[official] {
			return typed, official
		}
	}
	for b := range 65 { // nearly every score used: take any fresh one
		if official = [2]int{b, 64 - b}; !used[official] {
			return official, official
		}
	}
	return official, official // all 65 used (never with these figures): the attempt fails as "nothing to change"
}

// crashSetup creates the tournament: crashPlayers players, crashRounds rounds
// of crashTables tables each, entered by hand, no result yet.
func crashSetup(t *testing.T, db, dir string) {
	t.Helper()
	var csv strings.Builder
	csv.WriteString("name,country,rating\n")
	for i := 1; i <= crashPlayers; i++ {
		fmt.Fprintf(&csv, "Player %02d,FRA,%d\n", i, 1500+10*i)
	}
	csvPath := filepath.Join(dir, "players.csv")
	if err := os.WriteFile(csvPath, []byte(csv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	crashRun(t, "--db", db, "new", crashSlug, "--name", "Crash Open", "--rules", "woc", "--rounds", itoa(crashRounds))
	crashRun(t, "--db", db, "player", "import", crashSlug, csvPath, "--override", "a test field of one nation (WOC I.2.1)")
	for r := 1; r <= crashRounds; r++ {
		// Every round is entered ahead, before any result: --force.
		args := []string{"--db", db, "round", "add", crashSlug, "--force"}
		for k := range crashTables {
			black := 2*k + 1                          // odd ids play black
			white := (2*k+1+2*(r-1))%crashPlayers + 1 // an even id, another one each round
			args = append(args, "--pair", fmt.Sprintf("%d-%d", black, white))
		}
		crashRun(t, args...)
	}
}

// crashRun runs a command in-process and fails the test unless it succeeds.
func crashRun(t *testing.T, args ...string) string {
	t.Helper()
	code, stdout, stderr := runMain(t, "", args...)
	if code != 0 {
		t.Fatalf("outflank %q: exit %d: %s", args, code, stderr)
	}
	return stdout
}

// crashSavedLine is what `outflank result` prints once the result is committed.
var crashSavedLine = regexp.MustCompile(`^saved: round (\d+) table (\d+), #\d+ [^:]+ v #\d+ [^:]+: (\d+)-(\d+) \(event #(\d+)\)$`)

// crashChild runs one child: a shell entering the attempts one by one, each
// framed by markers, killed with SIGKILL after delay. It returns whether the
// kill interrupted the child (false when the child finished first), and how
// long the child took to die once killed.
func crashChild(t *testing.T, bin, db string, attempts []*crashAttempt, delay time.Duration) (bool, time.Duration) {
	t.Helper()
	var script strings.Builder
	script.WriteString("set -u\n")
	for i, a := range attempts {
		replace := ""
		if a.replace {
			replace = " --replace"
		}
		fmt.Fprintf(&script, "echo 'start %d'\n\"$OF\" --db \"$DB\" result %s %d %d %d-%d%s 2>&1\necho \"done %d $?\"\n",
			i, crashSlug, a.round, a.table, a.typed[0], a.typed[1], replace, i)
	}
	cmd := exec.Command("sh", "-c", script.String())
	cmd.Env = append(os.Environ(), "OF="+bin, "DB="+db, "OUTFLANK_TEST_AS=main") // the test binary as outflank (TestMain)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // the shell and its outflank: one group to kill
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the child: %v", err)
	}
	time.Sleep(delay)
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // ESRCH if it finished: then nothing was killed
	killedAt := time.Now()
	err := cmd.Wait()
	dying := time.Since(killedAt)
	killed := false
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
		killed = true
	} else if err != nil {
		t.Fatalf("the child failed on its own: %v\n%s", err, out.String())
	}
	crashParse(t, out.String(), attempts)
	return killed, dying
}

// crashParse sets the state of each attempt from the child's output.
func crashParse(t *testing.T, out string, attempts []*crashAttempt) {
	t.Helper()
	lines := strings.Split(out, "\n")
	// The last piece has no newline: a line cut short by the kill, or "".
	// Markers are written whole (one write each, atomic on a pipe), and so is
	// "saved: ..."; a cut marker is harmless to ignore: a cut "start" leaves
	// the attempt not started (its outflank never ran), a cut "done" leaves it
	// in flight (the safe side).
	lines = lines[:len(lines)-1]
	var cur *crashAttempt
	for _, line := range lines {
		if strings.Contains(line, "goroutine ") || strings.Contains(line, "panic") {
			t.Fatalf("outflank printed a stack trace:\n%s", out)
		}
		switch {
		case strings.HasPrefix(line, "start "):
			i, err := strconv.Atoi(strings.TrimPrefix(line, "start "))
			if err != nil || i < 0 || i >= len(attempts) || (cur != nil && cur.state == crashInFlight) {
				t.Fatalf("child output: unexpected %q\n%s", line, out)
			}
			cur = attempts[i]
			cur.state = crashInFlight
		case strings.HasPrefix(line, "done "):
			var i, rc int
			if _, err := fmt.Sscanf(line, "done %d %d", &i, &rc); err != nil || i < 0 || i >= len(attempts) || cur != attempts[i] {
				t.Fatalf("child output: unexpected %q\n%s", line, out)
			}
			switch {
			case rc == 0 && cur.saved != "":
				cur.state = crashSaved
			case rc != 0 && cur.saved == "":
				cur.state = crashFailed
			default:
				t.Fatalf("%v: exit %d, yet printed %q and %q", cur, rc, cur.saved, cur.errors)
			}
		case strings.HasPrefix(line, "saved: "):
			if cur == nil || cur.state != crashInFlight || cur.saved != "" {
				t.Fatalf("child output: unexpected %q\n%s", line, out)
			}
			m := crashSavedLine.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("%v: unexpected saved line %q", cur, line)
			}
			want := fmt.Sprintf("%d %d %d %d", cur.round, cur.table, cur.official[0], cur.official[1])
			if got := strings.Join(m[1:5], " "); got != want {
				t.Fatalf("%v: printed %q: want round, table and official score %s", cur, line, want)
			}
			cur.saved = line
			cur.event, _ = strconv.ParseInt(m[5], 10, 64)
			// A save is reported once it is printed, whatever happens next:
			// the kill may come before the shell's "done" marker.
			cur.state = crashSaved
		case strings.HasPrefix(line, "outflank: "):
			if cur == nil {
				t.Fatalf("child output: unexpected %q\n%s", line, out)
			}
			cur.errors += line + "\n"
		case strings.HasPrefix(line, "official score "):
			// Why a score with empty squares was saved as its official
			// score: printed after the saved line.
			if cur == nil || cur.saved == "" {
				t.Fatalf("child output: unexpected %q\n%s", line, out)
			}
		default:
			t.Fatalf("child output: unexpected line %q\n%s", line, out)
		}
	}
}

// crashOpenRaw opens the database without the store, for the checks the
// store does not offer.
func crashOpenRaw(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// crashCheckIntegrity runs PRAGMA integrity_check (or quick_check) and
// PRAGMA foreign_key_check.
func crashCheckIntegrity(t *testing.T, path, pragma string) {
	t.Helper()
	db := crashOpenRaw(t, path)
	defer db.Close()
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, "PRAGMA "+pragma)
	if err != nil {
		t.Fatalf("PRAGMA %s: %v", pragma, err)
	}
	var msgs []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, s)
	}
	rows.Close()
	if len(msgs) != 1 || msgs[0] != "ok" {
		t.Fatalf("PRAGMA %s: %q", pragma, msgs)
	}
	rows, err = db.QueryContext(ctx, "PRAGMA foreign_key_check")
	if err != nil {
		t.Fatalf("PRAGMA foreign_key_check: %v", err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		_ = rows.Scan(ptrs...)
		t.Errorf("PRAGMA foreign_key_check: %v", vals)
	}
}

// crashExportGame is a game of the tournament file.
type crashExportGame struct {
	Table      int  `json:"table"`
	Black      int  `json:"black"`
	White      int  `json:"white"`
	BlackDiscs *int `json:"black_discs"`
	WhiteDiscs *int `json:"white_discs"`
}

// crashLogEvent is an event of `log --json`.
type crashLogEvent struct {
	ID      int64
	Kind    string
	Summary string
	Changes []struct {
		Entity string          `json:"entity"`
		Key    string          `json:"key"`
		Before json.RawMessage `json:"before"`
		After  json.RawMessage `json:"after"`
	}
	Undoes, UndoneBy int64
}

// crashGameRow is a game row of the audit log.
type crashGameRow struct {
	Table  int `json:"table"`
	Black  int `json:"black"`
	White  int `json:"white"`
	Result *struct {
		Outcome    string `json:"outcome"`
		BlackDiscs int    `json:"black_discs"`
		WhiteDiscs int    `json:"white_discs"`
	} `json:"result"`
}

// crashScoreOf returns the result of a logged game row, or nil.
func crashScoreOf(t *testing.T, raw json.RawMessage) *[2]int {
	t.Helper()
	if raw == nil {
		t.Fatal("a game row is missing from a result.set change")
	}
	var g crashGameRow
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatalf("game row %s: %v", raw, err)
	}
	if g.Result == nil {
		return nil
	}
	if g.Result.Outcome != "normal" {
		t.Errorf("game row %s: outcome %q, want normal", raw, g.Result.Outcome)
	}
	return &[2]int{g.Result.BlackDiscs, g.Result.WhiteDiscs}
}

func crashScoreText(s *[2]int) string {
	if s == nil {
		return "no result"
	}
	return fmt.Sprintf("%d-%d", s[0], s[1])
}

func TestCrashKilledWhileEnteringResults(t *testing.T) {
	sqliteOnly(t, "a writer killed mid-transaction, and the file it leaves")
	if testing.Short() {
		t.Skip("skipped in -short mode: builds the outflank binary and kills it with SIGKILL a few hundred times (10-40 s)")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skipf("no sh to run the child loop: %v", err)
	}
	start := time.Now()
	dir := t.TempDir()
	bin := testBinary(t)
	db := filepath.Join(dir, "crash.db")
	crashSetup(t, db, dir)
	setupEvents := 2 + crashRounds

	kills := crashKills
	if s := os.Getenv("OUTFLANK_CRASH_KILLS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("OUTFLANK_CRASH_KILLS=%q: want a positive whole number", s)
		}
		kills = n
	}
	minKills := min(kills, crashMinKills)
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("OUTFLANK_CRASH_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("OUTFLANK_CRASH_SEED=%q: want a whole number", s)
		}
		seed = n
	}
	t.Logf("seed %d (OUTFLANK_CRASH_SEED=%d repeats the random choices; the timing of kills differs anyway)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 0x6f7574666c616e6b))

	games := map[string]*crashGame{}
	var keys []string
	for r := 1; r <= crashRounds; r++ {
		for tb := 1; tb <= crashTables; tb++ {
			g := &crashGame{round: r, table: tb, used: map[[2]int]bool{}}
			games[fmt.Sprintf("%d/%d", r, tb)] = g
			keys = append(keys, fmt.Sprintf("%d/%d", r, tb))
		}
	}

	setupTime := time.Since(start)
	killStart := time.Now()
	var all []*crashAttempt
	var dying time.Duration
	killed, finished := 0, 0
	for iter := 0; killed < kills && (killed < minKills || time.Since(killStart) < crashBudget); iter++ {
		if iter > 3*kills {
			t.Fatalf("only %d of %d children were killed before they finished: raise crashBatch", killed, iter)
		}
		// Plan a batch. Within it, a game attempted earlier in the batch may
		// have a result by the time of a later attempt: --replace it.
		batch := make([]*crashAttempt, crashBatch)
		startedInBatch := map[string]bool{}
		usedInBatch := map[string]map[[2]int]bool{}
		for i := range batch {
			key := keys[rng.IntN(len(keys))]
			g := games[key]
			used := map[[2]int]bool{}
			for s := range g.used {
				used[s] = true
			}
			for s := range usedInBatch[key] {
				used[s] = true
			}
			a := &crashAttempt{n: len(all) + i, round: g.round, table: g.table}
			a.typed, a.official = crashScore(rng, used)
			a.replace = g.started || startedInBatch[key]
			if g.reported && rng.IntN(20) == 0 {
				// Forgetting --replace on a game that has a result fails
				// without writing anything.
				a.replace, a.mustConflict = false, true
			}
			startedInBatch[key] = true
			if usedInBatch[key] == nil {
				usedInBatch[key] = map[[2]int]bool{}
			}
			usedInBatch[key][a.official] = true
			batch[i] = a
		}
		delay := time.Duration(rng.Int64N(int64(crashMaxDelay)))
		wasKilled, d := crashChild(t, bin, db, batch, delay)
		dying += d
		if wasKilled {
			killed++
		} else {
			finished++
		}
		for _, a := range batch {
			if a.state == crashNotStarted {
				continue // never ran: the next batch plans afresh
			}
			all = append(all, a)
			a.n = len(all) - 1
			g := games[a.key()]
			g.started = true
			g.used[a.official] = true
			if a.state == crashSaved {
				g.reported = true
			}
			if a.mustConflict && a.state != crashInFlight {
				if a.state != crashFailed || !strings.Contains(a.errors, "already has a result") {
					t.Errorf("%v without --replace on a game with a result: want a refusal, got %q %q", a, a.saved, a.errors)
				}
			}
			if a.state == crashFailed && !a.mustConflict {
				t.Errorf("%v failed: %s", a, a.errors)
			}
		}
		if wasKilled && killed%50 == 0 {
			crashCheckIntegrity(t, db, "quick_check") // between kills: catch damage near its cause
		}
	}
	killTime := time.Since(killStart)

	// The database must be whole, and its log an unbroken chain that
	// leads to what is stored.
	crashCheckIntegrity(t, db, "integrity_check")
	if out := crashRun(t, "--db", db, "log", crashSlug, "--verify"); !strings.Contains(out, "is intact") {
		t.Errorf("log --verify after the kills: %q", out)
	}

	// What is stored.
	var file struct {
		Rounds []struct {
			Round int               `json:"round"`
			Games []crashExportGame `json:"games"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(crashRun(t, "--db", db, "export", crashSlug, "--format", "json")), &file); err != nil {
		t.Fatalf("export: %v", err)
	}
	stored := map[string]*[2]int{}
	for _, r := range file.Rounds {
		for _, g := range r.Games {
			key := fmt.Sprintf("%d/%d", r.Round, g.Table)
			if (g.BlackDiscs == nil) != (g.WhiteDiscs == nil) {
				t.Fatalf("game %s: half a score in the export", key)
			}
			if g.BlackDiscs != nil {
				stored[key] = &[2]int{*g.BlackDiscs, *g.WhiteDiscs}
			} else {
				stored[key] = nil
			}
		}
	}
	if len(stored) != len(games) {
		t.Fatalf("the export has %d games, want %d", len(stored), len(games))
	}

	// 1. Every reported save is there, unless a later attempt on the game
	// that was cut short by a kill may have replaced it; every stored result
	// is one that was attempted.
	reports := 0
	for _, key := range keys {
		var acceptable []*[2]int // nil: no result
		acceptable = append(acceptable, nil)
		var trail []string
		for _, a := range all {
			if a.key() != key {
				continue
			}
			trail = append(trail, a.String())
			switch a.state {
			case crashSaved:
				reports++
				s := a.official
				acceptable = []*[2]int{&s} // replaces everything before it
			case crashInFlight:
				if !a.mustConflict { // a refusal cannot land, killed or not
					s := a.official
					acceptable = append(acceptable, &s) // killed: may have landed (committed, not printed)
				}
			}
		}
		got := stored[key]
		ok := false
		for _, s := range acceptable {
			if (s == nil && got == nil) || (s != nil && got != nil && *s == *got) {
				ok = true
			}
		}
		if !ok {
			var want []string
			for _, s := range acceptable {
				want = append(want, crashScoreText(s))
			}
			t.Errorf("game %s holds %s; want one of %s (the last reported save, or an attempt cut short after it). Attempts:\n  %s",
				key, crashScoreText(got), strings.Join(want, ", "), strings.Join(trail, "\n  "))
		}
	}

	// 2. The audit log: one result.set event per stored change, in the
	// order of the attempts, each reported save with the event number it
	// printed, and nothing else.
	var events []crashLogEvent
	if err := json.Unmarshal([]byte(crashRun(t, "--db", db, "log", crashSlug, "--json")), &events); err != nil {
		t.Fatalf("log --json: %v", err)
	}
	if len(events) < setupEvents {
		t.Fatalf("the log has %d events, fewer than the %d of the setup", len(events), setupEvents)
	}
	results := events[setupEvents:]
	next := 0
	landedUnreported := 0
	for _, a := range all {
		var ev *crashLogEvent
		if next < len(results) {
			ev = &results[next]
		}
		matches := ev != nil && len(ev.Changes) == 1 && ev.Changes[0].Key == a.key() &&
			crashScoreText(crashScoreOf(t, ev.Changes[0].After)) == crashScoreText(&a.official)
		switch a.state {
		case crashSaved:
			if !matches || ev.ID != a.event {
				t.Fatalf("%v printed %q, but the next result event of the log is %+v", a, a.saved, ev)
			}
			next++
		case crashInFlight:
			if matches && !a.mustConflict {
				landedUnreported++
				next++
				continue
			}
			if matches {
				t.Fatalf("%v has no --replace on a game that had a result, yet it is in the log as event #%d (%s)", a, ev.ID, ev.Summary)
			}
		default:
			if matches {
				t.Fatalf("%v is in the log as event #%d (%s), yet it %s", a, ev.ID, ev.Summary, a.state)
			}
		}
	}
	if next != len(results) {
		t.Fatalf("the log has %d result events no attempt accounts for; the first: %+v", len(results)-next, results[next])
	}
	// 3. Replaying the log gives the stored games: each event starts from
	// where the previous one on its game left it, and the last one's "after"
	// is the stored game.
	replayed := map[string]*[2]int{}
	for _, ev := range results {
		if ev.Kind != "result.set" || ev.Undoes != 0 || ev.UndoneBy != 0 || len(ev.Changes) != 1 || ev.Changes[0].Entity != "game" {
			t.Fatalf("event #%d is not a single result.set change: %+v", ev.ID, ev)
		}
		c := ev.Changes[0]
		before, after := crashScoreOf(t, c.Before), crashScoreOf(t, c.After)
		if crashScoreText(before) != crashScoreText(replayed[c.Key]) {
			t.Errorf("event #%d on game %s starts from %s, but the events before it left %s", ev.ID, c.Key, crashScoreText(before), crashScoreText(replayed[c.Key]))
		}
		if after == nil {
			t.Errorf("event #%d on game %s removes the result", ev.ID, c.Key)
		}
		if !strings.HasPrefix(ev.Summary, fmt.Sprintf("round %s table %s,", strings.Split(c.Key, "/")[0], strings.Split(c.Key, "/")[1])) ||
			!strings.HasSuffix(ev.Summary, ": "+crashScoreText(after)) {
			t.Errorf("event #%d on game %s (%s): summary %q", ev.ID, c.Key, crashScoreText(after), ev.Summary)
		}
		replayed[c.Key] = after
	}
	for _, key := range keys {
		if crashScoreText(replayed[key]) != crashScoreText(stored[key]) {
			t.Errorf("game %s: the log ends at %s, the database holds %s", key, crashScoreText(replayed[key]), crashScoreText(stored[key]))
		}
	}

	// 4. The database still takes a result.
	var fresh *crashGame
	for _, key := range keys {
		if g := games[key]; !g.started {
			fresh = g
			break
		}
	}
	if fresh != nil {
		crashRun(t, "--db", db, "result", crashSlug, itoa(fresh.round), itoa(fresh.table), "33-31")
	} else {
		// Every game has been tried: replace one, with a score it does not
		// hold (a replacement by the same result changes nothing, and is
		// refused as such).
		score := "64-0"
		if s := stored["1/1"]; s != nil && *s == [2]int{64, 0} {
			score = "0-64"
		}
		crashRun(t, "--db", db, "result", crashSlug, "1", "1", score, "--replace")
	}

	inFlight, failed := 0, 0
	for _, a := range all {
		switch a.state {
		case crashInFlight:
			inFlight++
		case crashFailed:
			failed++
		}
	}
	t.Logf("%d kills (%d children finished before theirs), %d attempts started: %d reported saved, %d cut short by a kill (%d of which had committed), %d refused as expected; %d result events",
		killed, finished, len(all), reports, inFlight, landedUnreported, failed, len(results))
	t.Logf("build and setup %v, kills %v (of which %v waiting for killed children to die), checks %v; total %v",
		setupTime.Round(time.Millisecond), killTime.Round(time.Millisecond), dying.Round(time.Millisecond),
		(time.Since(killStart) - killTime).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}
