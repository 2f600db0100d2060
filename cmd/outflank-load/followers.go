package main

import (
	"bufio"
	"bytes"
	"context"
	"math/rand/v2"
	"net"
	"strconv"
	"sync/atomic"
	"time"
)

// follower is a live stream of a cluster run, as a phone following one
// tournament on one instance: it records every change event it receives
// and, when the stream ends, reconnects (after the server's retry
// delay, as a browser does) with the last version it saw.
type follower struct {
	slug     string
	instance int
	seen     []sighting // owned by follow until it returns
	opened   atomic.Bool
	// reconnects counts the streams opened again after one ended;
	// failures the attempts to open one that failed.
	reconnects int
	failures   int
	lastErr    string
}

// follow keeps the stream open until ctx ends. addr gives the instance's
// address at each attempt (an instance restarted keeps its address).
func (f *follower) follow(ctx context.Context, addr func(int) string, first chan<- error) {
	retry := 2 * time.Second
	last := int64(-1)
	for attempt := 0; ctx.Err() == nil; attempt++ {
		path := "/t/" + f.slug + "/events"
		if last >= 0 {
			path += "?since=" + strconv.FormatInt(last, 10)
		}
		conn, br, err := openStreamConn(addr(f.instance), path)
		if attempt == 0 {
			first <- err
		}
		if err != nil {
			f.failures++
			f.lastErr = err.Error()
		} else {
			if f.opened.Swap(true) {
				f.reconnects++
			}
			stop := context.AfterFunc(ctx, func() { conn.Close() })
			last, retry = f.read(br, last, retry)
			stop()
			conn.Close()
		}
		wait := retry/2 + rand.N(retry) // as browsers spread their retries
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
	}
}

// read records the stream's change events until it ends, and returns the
// last version seen and the retry delay the server asked for.
func (f *follower) read(br *bufio.Reader, last int64, retry time.Duration) (int64, time.Duration) {
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return last, retry
		}
		switch {
		case bytes.HasPrefix(line, []byte("id: ")):
			v, err := strconv.ParseInt(string(bytes.TrimSpace(line[4:])), 10, 64)
			if err != nil {
				continue
			}
			f.seen = append(f.seen, sighting{version: v, at: time.Now().UnixNano()})
			last = max(last, v)
		case bytes.HasPrefix(line, []byte("retry: ")):
			if n, err := strconv.Atoi(string(bytes.TrimSpace(line[7:]))); err == nil && n > 0 {
				retry = min(time.Duration(n)*time.Millisecond, time.Minute)
			}
		}
	}
}

// openStreamConn opens a live stream and reads its head; the events follow
// in the reader.
func openStreamConn(addr, path string) (net.Conn, *bufio.Reader, error) {
	c, err := dialLoopback(addr, 30*time.Second)
	if err != nil {
		return nil, nil, err
	}
	c.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := c.Write(request(addr, path, "Accept: text/event-stream\r\n")); err != nil {
		c.Close()
		return nil, nil, err
	}
	br := bufio.NewReaderSize(c, 1024)
	r, err := readResponse(br)
	if err == nil && r.status != 200 {
		err = &statusError{r.status}
	}
	if err != nil {
		c.Close()
		return nil, nil, err
	}
	c.SetDeadline(time.Time{})
	return c, br, nil
}

type statusError struct{ status int }

func (e *statusError) Error() string { return "status " + strconv.Itoa(e.status) }
