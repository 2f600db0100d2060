package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestHistogramPercentiles(t *testing.T) {
	h := newHistogram()
	if h.percentile(50) != 0 {
		t.Errorf("empty: %s", h.percentile(50))
	}
	for i := 1; i <= 1000; i++ {
		h.add(time.Duration(i) * time.Millisecond)
	}
	h.add(-time.Second) // counts as 0
	h.add(2 * time.Minute)
	for _, c := range []struct {
		p    float64
		want time.Duration
	}{
		{50, 500 * time.Millisecond},
		{99, 992 * time.Millisecond},
		{100, 2 * time.Minute},
	} {
		// A bucket is a millisecond wide: the answer is its upper bound.
		if got := h.percentile(c.p); got < c.want || got > c.want+time.Millisecond {
			t.Errorf("p%g = %s, want %s", c.p, got, c.want)
		}
	}
	if h.n != 1002 || h.max != 2*time.Minute {
		t.Errorf("n %d, max %s", h.n, h.max)
	}
}

func TestMeasureDelivery(t *testing.T) {
	ms := func(n int64) int64 { return n * int64(time.Millisecond) }
	// Versions 5, 6 and 7 written at 0, 10 and 20 ms; the stream saw 4
	// early, 6 at 100 ms (5 and 6 together), went back to 5 after a
	// reconnection elsewhere, and 7 at 1,500 ms.
	writes := []delivery{{7, ms(20)}, {5, ms(0)}, {6, ms(10)}, {9, ms(30)}}
	sortDeliveries(writes)
	seen := []sighting{{4, ms(-50)}, {6, ms(100)}, {5, ms(200)}, {7, ms(1500)}}
	st := &deliveryStats{hist: newHistogram()}
	st.measureDelivery(writes, seen, time.Second)
	if st.hist.n != 3 || st.missed != 1 || st.late != 1 || st.streamsLate != 1 {
		t.Fatalf("n %d, missed %d, late %d, streams late %d", st.hist.n, st.missed, st.late, st.streamsLate)
	}
	if st.hist.max != 1480*time.Millisecond {
		t.Errorf("max %s, want 1.48s (7 written at 20 ms, seen at 1,500)", st.hist.max)
	}
	if p := st.hist.percentile(50); p != 101*time.Millisecond {
		t.Errorf("p50 %s, want 101ms (the middle of 90, 100 and 1,480 ms, to the millisecond above)", p)
	}
	on := &deliveryStats{hist: newHistogram()}
	on.measureDelivery(writes[:3], seen, 2*time.Second)
	if on.streamsLate != 0 || on.late != 0 {
		t.Errorf("within 2 s: %+v", on)
	}
}

func TestDueAt(t *testing.T) {
	start := time.Unix(0, 0)
	if got := dueAt(start, 200, 200); !got.Equal(start.Add(time.Second)) {
		t.Errorf("the 200th write at 200/s is due at %s", got.Sub(start))
	}
	if got := dueAt(start, 3, 1); got.Sub(start) != 333333333*time.Nanosecond {
		t.Errorf("at 3/s: %s", got.Sub(start))
	}
}

func TestPaceKeepsTheRate(t *testing.T) {
	var times []time.Time
	start := time.Now()
	n, _ := pace(context.Background(), start, 100, 300*time.Millisecond, func(i int) {
		if i != len(times) {
			t.Errorf("tick %d after %d", i, len(times))
		}
		times = append(times, time.Now())
	})
	if n != 30 || len(times) != 30 {
		t.Fatalf("%d ticks at 100/s in 300 ms, want 30", n)
	}
	for i, at := range times {
		if at.Before(dueAt(start, 100, i)) {
			t.Errorf("tick %d early", i)
		}
	}
	// Behind its schedule, it catches up at once and says how far behind.
	n, behind := pace(context.Background(), start.Add(-time.Second), 100, time.Second+50*time.Millisecond, func(int) {})
	if n != 105 || behind < 900*time.Millisecond {
		t.Errorf("behind: %d ticks, %s behind", n, behind)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, _ := pace(ctx, time.Now().Add(time.Second), 100, time.Second, func(int) {}); n != 0 {
		t.Errorf("cancelled: %d ticks", n)
	}
}

func TestTourneyRounds(t *testing.T) {
	tr := newTourney("t", 2, 2, 1)
	a, _ := tr.next(true)
	b, _ := tr.next(false)
	if a.kind != writeJudge || b.kind != writeResult || a.table != 1 || b.table != 2 {
		t.Fatalf("first writes: %+v %+v", a, b)
	}
	if _, ok := tr.next(false); ok {
		t.Fatal("a write before any table has its result")
	}
	tr.finish(a, true)
	// While table 2 is written, the director corrects table 1.
	if c, ok := tr.next(false); !ok || c.kind != writeResult || c.table != 1 {
		t.Fatalf("a correction: %+v %v", c, ok)
	}
	tr.finish(b, false) // refused: table 2 is written again
	c, _ := tr.next(false)
	if c.table != 2 || c.round != 1 {
		t.Fatalf("table 2 again: %+v", c)
	}
	tr.finish(c, true)
	p, ok := tr.next(true)
	if !ok || p.kind != writePair || p.round != 2 {
		t.Fatalf("the pairing: %+v %v", p, ok)
	}
	if r, ok := tr.next(false); !ok || r.kind != writeResult || r.round != 1 {
		t.Fatalf("a correction of round 1 while pairing: %+v %v", r, ok)
	}
	tr.finish(p, false) // a pairing refused is tried again
	if p, _ = tr.next(true); p.kind != writePair {
		t.Fatalf("the pairing again: %+v", p)
	}
	tr.finish(p, true)
	d, _ := tr.next(false)
	e, _ := tr.next(false)
	if d.round != 2 || e.round != 2 || d.kind != writeResult {
		t.Fatalf("round 2: %+v %+v", d, e)
	}
	tr.finish(d, true)
	tr.finish(e, true)
	// The last round: results replaced at random tables.
	for range 5 {
		r, ok := tr.next(true)
		if !ok || r.kind != writeResult || r.round != 2 {
			t.Fatalf("a replacement: %+v %v", r, ok)
		}
		tr.finish(r, true)
	}
}

func TestVerifyWrites(t *testing.T) {
	rec := func(slug string, kind writeKind, round, table int, score string, event int64) *writeRecord {
		return &writeRecord{slug: slug, kind: kind, round: round, table: table, score: score, status: 201, event: event}
	}
	records := []*writeRecord{
		rec("a", writeResult, 1, 1, "40-24", 4),
		rec("a", writeJudge, 1, 2, "33-31", 5),
		rec("a", writePair, 2, 0, "", 6),
		rec("a", writeResult, 2, 1, "64-0", 8),
		{slug: "a", kind: writeResult, round: 2, table: 1, score: "10-54", message: "connection reset"},
	}
	good := func() map[string]*stored {
		return map[string]*stored{"a": {
			log: []logEntry{{ID: 1, Kind: "tournament.create", Summary: "created A"}, {ID: 2, Kind: "player.add", Summary: "imported"}, {ID: 3, Kind: "round.add", Summary: "paired round 1 (first round)"},
				{ID: 4, Kind: "result.set", Summary: "round 1 table 1, #1 A v #2 B: 40-24"}, {ID: 5, Kind: "result.set", Summary: "round 1 table 2, #3 C v #4 D: 33-31"},
				{ID: 6, Kind: "round.add", Summary: "paired round 2: 2 games"}, {ID: 8, Kind: "result.set", Summary: "round 2 table 1, #1 A v #3 C: 64-0"}},
			scores: map[gameKey]string{{1, 1}: "40-24", {1, 2}: "33-31", {2, 1}: "64-0"},
		}}
	}
	v := verifyWrites(records, good())
	if v.nProblems != 0 || v.accepted != 4 || v.inLog != 4 || v.tables != 3 || v.unanswered != 0 {
		t.Fatalf("all there: %+v", v)
	}

	lost := good()
	lost["a"].log = append(lost["a"].log[:6], logEntry{ID: 9, Kind: "result.set", Summary: "round 2 table 1, #1 A v #3 C: 10-54"})
	lost["a"].scores[gameKey{2, 1}] = "10-54"
	v = verifyWrites(records, lost)
	if v.nProblems != 1 || !strings.Contains(v.problems[0], "#8") || v.unanswered != 1 {
		t.Errorf("a write lost, another unanswered saved: %+v", v)
	}

	wrong := good()
	wrong["a"].scores[gameKey{1, 2}] = "31-33"
	wrong["a"].verified = errors.New("the chain breaks at #5")
	v = verifyWrites(records, wrong)
	if v.nProblems != 2 || v.chainsBroken != 1 {
		t.Errorf("a score differs, a chain broken: %+v", v)
	}

	log := good()["a"].log
	t0 := time.Date(2026, 11, 26, 22, 0, 0, 0, time.UTC)
	for i := range log {
		log[i].At = t0.Add(time.Duration(i) * time.Second)
	}
	got := deliveriesOf(log, t0.Add(3*time.Second)) // the run began after the pairing of round 1
	if len(got) != 4 || got[0] != (delivery{4, t0.Add(3 * time.Second).UnixNano()}) || got[3].version != 7 {
		t.Errorf("deliveries: %v", got)
	}
}

func TestClusterFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-only", "cluster", "-duration", "6m"},
		{"-only", "cluster", "-instances", "0"},
		{"-only", "cluster", "-db", "postgres://db.example.com/x"},
		{"-only", "cluster", "-db", "mysql://127.0.0.1/x"},
		{"-only", "cluster", "-restart-db-at", "10s"},
		{"-only", "cluster", "-kill-one-at", "3m"},
		{"-only", "cluster", "-players", "201"},
		{"-only", "cluster", "-fill-disk-at", "10s", "-fill-disk-for", "2m"},
		{"-only", "cluster", "-start-postgres", "-db", "postgres://127.0.0.1/x"},
	} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errOut.String())
		}
	}
	if err := checkLoopbackURL("postgres://u@127.0.0.1:5432/x?sslmode=disable"); err != nil {
		t.Error(err)
	}
}

// TestClusterRun runs the cluster load test briefly on SQLite, end to end
// (builds outflank; about 15 s).
func TestClusterRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs outflank serve")
	}
	var out, errOut bytes.Buffer
	code := run([]string{"-only", "cluster", "-duration", "4s", "-streams", "50", "-writes-per-sec", "20", "-tournaments", "2",
		"-players", "20"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d:\n%s\n%s", code, out.String(), errOut.String())
	}
	m := regexp.MustCompile(`writes: (\d+) sent .*, (\d+) accepted`).FindStringSubmatch(out.String())
	if sent, _ := strconv.Atoi(cut(m, 1)); m == nil || m[1] != m[2] || sent < 70 {
		t.Errorf("not about 80 writes sent and all accepted:\n%s", out.String())
	}
	for _, want := range []string{"50 opened", "errors: 0 of", "0 later than 1 s, 0 never seen",
		"50 followed, 0 saw a write later", "0 hash chains broken", "0 results in the log whose answer the writer did not get"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}

// cut returns m[i], or "" when m is nil.
func cut(m []string, i int) string {
	if m == nil {
		return ""
	}
	return m[i]
}

func TestErrorsCounted(t *testing.T) {
	for _, c := range []struct {
		w        writeRecord
		conflict bool
	}{
		{writeRecord{status: 409, message: "round 2 table 18: edit 1 was already recorded with other moves"}, true},
		{writeRecord{status: 409, message: "database x.db stayed locked for 10s by another command that is writing"}, false},
		{writeRecord{status: 400, message: "nothing to change: load-1 already is that way"}, true},
		{writeRecord{status: 400, message: "round 3: no such round"}, false},
		{writeRecord{status: 500, message: "cannot reach PostgreSQL"}, false},
	} {
		if got := expectedConflict(&c.w); got != c.conflict {
			t.Errorf("%d %s: conflict %v", c.w.status, c.w.message, got)
		}
	}
	msg := `Post "http://127.0.0.1:38683/api/t/load-1/rounds/3/results/75": context deadline exceeded`
	if got := groupURL(msg); got != `Post "/api/t/load-1/rounds/N/results/N": context deadline exceeded` {
		t.Errorf("grouped as %q", got)
	}
}

func TestSaveWrites(t *testing.T) {
	path := t.TempDir() + "/writes.csv"
	at := time.Date(2026, 11, 26, 22, 0, 0, 0, time.UTC)
	err := saveWrites(path, []*writeRecord{
		{slug: "a", kind: writeJudge, round: 1, table: 2, score: "33-31", sent: at, answered: at.Add(time.Millisecond), status: 201, event: 5},
		{slug: "a", kind: writeResult, round: 1, table: 3, score: "40-24", message: "EOF"},
	})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	want := "tournament,kind,round,table,score,instance,sent,answered,status,change,message\n" +
		"a,judge result,1,2,33-31,1,2026-11-26T22:00:00Z,2026-11-26T22:00:00.001Z,201,5,\n" +
		"a,director result,1,3,40-24,1,,,0,0,EOF\n"
	if string(b) != want {
		t.Errorf("got\n%s\nwant\n%s", b, want)
	}
}

func TestCrossesMidnight(t *testing.T) {
	at := time.Date(2026, 11, 26, 23, 58, 0, 0, time.UTC)
	if !crossesMidnight(at, 3*time.Minute) || crossesMidnight(at, time.Minute) || crossesMidnight(at.Add(3*time.Minute), 3*time.Minute) {
		t.Error("wrong about midnight")
	}
}
