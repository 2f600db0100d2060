package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"sync"
	"time"

	"outflank/othello"
	"outflank/simulate"
)

// writeRecord is one write the scripted clients made, and its answer.
type writeRecord struct {
	slug     string
	kind     writeKind
	round    int
	table    int
	score    string // "B-W" of a result
	instance int
	sent     time.Time
	answered time.Time
	status   int    // 0: no answer
	event    int64  // the change it made, when accepted
	message  string // the error the user saw, or the transport's
}

// accepted reports whether the write was saved, as its answer says.
func (w *writeRecord) accepted() bool {
	return w.status >= 200 && w.status < 300 && w.event > 0
}

// writer sends the scripted clients' writes to the instances: a director
// with an API token, table judges with a judge's link (one session per
// tournament and instance).
type writer struct {
	client *http.Client
	token  string
	addrs  func(i int) string
	judges map[judgeKey]judgeSession

	mu      sync.Mutex
	records []*writeRecord
	rng     *rand.Rand
	last    map[tableKey]int // black's discs last sent, per game
}

// tableKey names a game of a tournament.
type tableKey struct {
	slug         string
	round, table int
}

type judgeKey struct {
	slug     string
	instance int
}

// judgeSession is a judge's browser session: its cookie and CSRF token.
type judgeSession struct {
	cookie string
	csrf   string
}

// newHTTPClient is a client that dials loopback only and follows no
// redirects.
func newHTTPClient(conns int) *http.Client {
	tr := &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			return dialLoopback(addr, 10*time.Second)
		},
		MaxIdleConns:        conns * 4,
		MaxIdleConnsPerHost: conns,
		IdleConnTimeout:     time.Minute,
	}
	return &http.Client{Transport: tr, Timeout: 15 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// apiAnswer is what the write routes answer: the change saved (id, or
// event for a judge), or the error.
type apiAnswer struct {
	ID    int64  `json:"id"`
	Event int64  `json:"event"`
	Error string `json:"error"`
}

// do makes the write j on instance inst and records it.
func (w *writer) do(ctx context.Context, j job, inst int) *writeRecord {
	rec := &writeRecord{slug: j.t.slug, kind: j.kind, round: j.round, table: j.table, instance: inst}
	addr := w.addrs(inst)
	var path string
	var body any
	header := http.Header{"Content-Type": {"application/json"}}
	w.mu.Lock()
	switch j.kind {
	case writePair:
		path, body = "/api/t/"+j.t.slug+"/pair", map[string]any{}
		header.Set("Authorization", "Bearer "+w.token)
	case writeResult:
		// A replacement by the same score is refused ("nothing to
		// change"): the score differs from the one sent last.
		if w.last == nil {
			w.last = map[tableKey]int{}
		}
		b := w.rng.IntN(65)
		key := tableKey{j.t.slug, j.round, j.table}
		if last, ok := w.last[key]; ok && last == b {
			b = (b + 1 + w.rng.IntN(64)) % 65
		}
		w.last[key] = b
		rec.score = fmt.Sprintf("%d-%d", b, 64-b)
		path = fmt.Sprintf("/api/t/%s/rounds/%d/results/%d", j.t.slug, j.round, j.table)
		body = map[string]any{"score": rec.score, "replace": true}
		header.Set("Authorization", "Bearer "+w.token)
	case writeJudge:
		// The same game for a table whatever the attempt: a judge's
		// phone resends the transcript it has.
		h := fnv.New64a()
		fmt.Fprintf(h, "%s/%d/%d", j.t.slug, j.round, j.table)
		moves := simulate.PlayGame(rand.New(rand.NewPCG(h.Sum64(), 1)), 1500, 1500)
		if g, err := othello.Replay(moves); err == nil {
			s := g.Final().OfficialScore()
			rec.score = fmt.Sprintf("%d-%d", s.Black, s.White)
		}
		path = fmt.Sprintf("/api/t/%s/judge/%d/%d/result", j.t.slug, j.round, j.table)
		body = map[string]any{"seq": 1, "moves": othello.FormatTranscript(moves), "outcome": "normal"}
		s := w.judges[judgeKey{j.t.slug, inst}]
		header.Set("Cookie", s.cookie)
		header.Set("X-CSRF-Token", s.csrf)
	}
	w.records = append(w.records, rec)
	w.mu.Unlock()
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, "POST", "http://"+addr+path, bytes.NewReader(b))
	if err != nil {
		rec.message = err.Error()
		return rec
	}
	req.Header = header
	rec.sent = time.Now()
	resp, err := w.client.Do(req)
	if err != nil {
		rec.answered, rec.message = time.Now(), err.Error()
		return rec
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	rec.answered, rec.status = time.Now(), resp.StatusCode
	var a apiAnswer
	if jerr := json.Unmarshal(data, &a); jerr != nil && err == nil {
		err = fmt.Errorf("the answer is not JSON: %.80q", data)
	}
	switch {
	case err != nil:
		rec.message = err.Error()
	case a.Error != "":
		rec.message = a.Error
	case resp.StatusCode == http.StatusCreated:
		rec.event = max(a.ID, a.Event)
	case j.kind == writeJudge:
		rec.message = "the judge's result was not entered (pending or flagged)"
	}
	return rec
}

// snapshot returns the records so far.
func (w *writer) snapshot() []*writeRecord {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]*writeRecord(nil), w.records...)
}
