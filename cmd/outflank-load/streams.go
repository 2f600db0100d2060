package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// stream is one live stream the load generator holds open, as a phone
// showing the event does.
type stream struct {
	version atomic.Int64 // the last change event's version
	at      atomic.Int64 // when it came (UnixNano)
	fetched atomic.Int64 // the version of the content fetched after it
	fetchAt atomic.Int64 // when that fetch ended (UnixNano)
	open    atomic.Bool  // the stream opened
	bye     atomic.Bool  // the "bye" event came
	eof     atomic.Bool  // then the end of the stream
}

// measureStreams opens c.streams live streams at once on a fresh server,
// measures its memory, saves results and times their delivery, then stops
// the server and counts the streams that ended cleanly.
func measureStreams(ctx context.Context, c config, dir string, ev *fixture, stdout, stderr io.Writer) error {
	srv, err := startChild(ctx, "outflank serve", filepath.Join(dir, "serve-streams.log"), c.bin, "--db", ev.path, "serve", "--addr", "127.0.0.1:0")
	if err != nil {
		return err
	}
	stopped := false
	defer func() {
		if !stopped {
			srv.stop(15 * time.Second)
		}
	}()
	if err := waitHealthy(ctx, srv.addr); err != nil {
		return err
	}
	page := "/t/" + ev.slug + "/standings"
	for _, p := range []string{page, page + "?fragment=1"} {
		if status, _, err := getOnce(srv.addr, p, "Accept-Encoding: gzip\r\n"); err != nil || status != 200 {
			return fmt.Errorf("GET %s: %d %v", p, status, err)
		}
	}
	before, err := srv.settledMemory(10 * time.Second)
	if err != nil {
		return err
	}

	// Every stream at once: one goroutine each, dialling together.
	fmt.Fprintf(stderr, "opening %d streams at once ...\n", c.streams)
	streams := make([]*stream, c.streams)
	fetches := make(chan fetchJob, c.streams)
	var opened, failed atomic.Int64
	var firstErr atomic.Value
	var readers sync.WaitGroup
	start := time.Now()
	var wg sync.WaitGroup
	for i := range streams {
		streams[i] = &stream{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			br, err := openStream(srv.addr, "/t/"+ev.slug+"/events")
			if err != nil {
				failed.Add(1)
				firstErr.CompareAndSwap(nil, err)
				return
			}
			opened.Add(1)
			streams[i].open.Store(true)
			readers.Add(1)
			go func() {
				defer readers.Done()
				streams[i].read(br, i, c.refetch, fetches)
			}()
		}()
	}
	wg.Wait()
	openTime := time.Since(start)
	fmt.Fprintf(stdout, "live streams on %s: %d opened at once in %s, %d failed", ev.slug, opened.Load(), openTime.Round(time.Millisecond), failed.Load())
	if err, ok := firstErr.Load().(error); ok {
		fmt.Fprintf(stdout, " (first: %v)", err)
	}
	fmt.Fprintln(stdout)
	if opened.Load() == 0 {
		return fmt.Errorf("no stream opened")
	}
	open := slices.DeleteFunc(slices.Clone(streams), func(s *stream) bool { return !s.open.Load() })
	after, err := srv.settledMemory(20 * time.Second)
	if err != nil {
		return err
	}
	_, peak, _ := srv.memory()
	live, err := liveClients(srv.addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "  server memory (VmRSS): %.1f MB before, %.1f MB with the streams open (peak %.1f MB): %.1f KB per stream; /healthz counts %d live clients\n",
		mb(before), mb(after), mb(peak), float64(after-before)/1024/float64(opened.Load()), live)

	// Results saved one by one; every stream must have each within 1 s.
	if c.refetch {
		for range c.fetchConn {
			go fetcher(srv.addr, page+"?fragment=1", fetches, streams)
		}
	}
	worst := time.Duration(0)
	for k := range c.updates {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
		saved, version, err := ev.saveResult(ctx)
		if err != nil {
			return err
		}
		got, lats := waitDelivered(open, version, saved, 5*time.Second, func(s *stream) (int64, int64) { return s.version.Load(), s.at.Load() })
		fmt.Fprintf(stdout, "  result %d saved (version %d): %d of %d streams had the change event within %s of the commit (p50 %s, p99 %s)",
			k+1, version, got, opened.Load(), ms(lats[len(lats)-1]), ms(lats[len(lats)/2]), ms(lats[len(lats)*99/100]))
		worst = max(worst, lats[len(lats)-1])
		if c.refetch {
			got, lats := waitDelivered(open, version, saved, 10*time.Second, func(s *stream) (int64, int64) { return s.fetched.Load(), s.fetchAt.Load() })
			fmt.Fprintf(stdout, "; %d had fetched the new content within %s", got, ms(lats[len(lats)-1]))
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "  slowest delivery of a change event to all streams: %s after the commit\n", ms(worst))

	// SIGTERM: every stream gets "bye", then the end of the stream.
	took, err := srv.stop(15 * time.Second)
	stopped = true
	if err != nil {
		return err
	}
	done := make(chan struct{})
	go func() { readers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
	var bye, eof int
	for _, s := range open {
		if s.bye.Load() {
			bye++
		}
		if s.eof.Load() {
			eof++
		}
	}
	fmt.Fprintf(stdout, "  SIGTERM: the server ended in %s; %d streams got the bye event, %d then the end of the stream\n\n", took.Round(time.Millisecond), bye, eof)
	return nil
}

// openStream opens a live stream and reads its head.
func openStream(addr, path string) (*bufio.Reader, error) {
	_, br, err := openStreamConn(addr, path)
	return br, err
}

// read follows the stream until its end.
func (s *stream) read(br *bufio.Reader, i int, refetch bool, fetches chan<- fetchJob) {
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			if err == io.EOF && s.bye.Load() {
				s.eof.Store(true)
			}
			return
		}
		switch {
		case bytes.HasPrefix(line, []byte("id: ")):
			v, err := strconv.ParseInt(string(bytes.TrimSpace(line[4:])), 10, 64)
			if err != nil {
				continue
			}
			s.at.Store(time.Now().UnixNano())
			s.version.Store(v)
			if refetch {
				fetches <- fetchJob{stream: i, version: v}
			}
		case bytes.Equal(line, []byte("event: bye\n")):
			s.bye.Store(true)
		}
	}
}

// fetchJob is a page fetching its content after a change event.
type fetchJob struct {
	stream  int
	version int64
}

// fetcher fetches content for the pages, on one keep-alive connection.
func fetcher(addr, path string, jobs <-chan fetchJob, streams []*stream) {
	k := &keepAlive{addr: addr}
	defer k.close()
	req := request(addr, path, "Accept-Encoding: gzip\r\n")
	for job := range jobs {
		r, err := k.do(req, nil)
		if err != nil || r.status != 200 || !strings.HasPrefix(r.etag, fmt.Sprintf(`"v%d-`, job.version)) {
			if err == nil {
				err = fmt.Errorf("%d, ETag %s", r.status, r.etag)
			}
			fmt.Fprintf(os.Stderr, "fetching the content of version %d: %v\n", job.version, err)
			continue
		}
		s := streams[job.stream]
		s.fetchAt.Store(time.Now().UnixNano())
		s.fetched.Store(job.version)
	}
}

// waitDelivered waits up to max for every stream to reach version (as
// seen), and returns how many did and their delays after saved, sorted
// (those that did not count as max).
func waitDelivered(streams []*stream, version int64, saved time.Time, max time.Duration, seen func(*stream) (v, at int64)) (int, []time.Duration) {
	deadline := saved.Add(max)
	for time.Now().Before(deadline) {
		all := true
		for _, s := range streams {
			if v, _ := seen(s); v < version {
				all = false
				break
			}
		}
		if all {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	got := 0
	lats := make([]time.Duration, 0, len(streams))
	for _, s := range streams {
		v, at := seen(s)
		if v < version {
			lats = append(lats, max)
			continue
		}
		got++
		lats = append(lats, time.Unix(0, at).Sub(saved))
	}
	slices.Sort(lats)
	return got, lats
}

// liveClients reads the live clients the server counts, from /healthz.
func liveClients(addr string) (int, error) {
	status, body, err := getOnce(addr, "/healthz", "")
	if err != nil || status != 200 {
		return 0, fmt.Errorf("/healthz: %d %v", status, err)
	}
	var h struct {
		LiveClients int `json:"live_clients"`
	}
	err = json.Unmarshal(body, &h)
	return h.LiveClients, err
}

func mb(n int64) float64 { return float64(n) / (1 << 20) }
