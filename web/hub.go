package web

import (
	"log/slog"
	"net"
	"runtime"
	"sync"
	"time"
)

// hub keeps the open live streams, by tournament, and writes to them.
//
// A write to a stream never waits for its reader: it is one attempt
// (sendNow), which the socket's buffer takes at once unless the browser has
// stopped reading for hundreds of events; a stream that cannot take an
// event, or takes half of it, is closed, and its browser reconnects and
// gets the current version at once (Last-Event-ID). So one slow phone
// never delays the others, and an event to thousands of streams is a
// burst of small writes, shared between the cores.
//
// The hub takes at most max streams (the file descriptors they hold are
// counted: the pages must still be served); a browser asking for more is
// told to come back later. One client (an address; an IPv6 /64) holds at
// most perClient of them, so that no one can take every place (issue 25).
type hub struct {
	log       *slog.Logger
	max       int
	perClient int
	mu        sync.Mutex
	streams   map[string]map[*stream]struct{}
	n         int
	clients   map[string]int // the streams each client holds or has reserved
	closed    bool
	stop      chan struct{}
}

// stream is a live stream's connection, taken over from the HTTP server.
type stream struct {
	conn net.Conn
	slug string
	// moves says which live games' moves the stream follows: "" none,
	// "all" every game of the tournament, "ROUND/TABLE" one game.
	moves string
	// client is the client holding the stream (streamClient), "" when
	// not counted.
	client string
}

// writeTimeout bounds the writes that may wait: a stream's head, and every
// write where a connection offers no single non-blocking attempt (a system
// other than Unix, a connection that is not a plain socket).
const writeTimeout = 2 * time.Second

// fanOutChunk is the number of streams below which one goroutine writes
// them all: more goroutines would cost more than they gain.
const fanOutChunk = 512

func newHub(log *slog.Logger, max int) *hub {
	if max <= 0 {
		max = defaultMaxStreams()
	}
	h := &hub{log: log, max: max, perClient: defaultStreamsPerClient(max), streams: map[string]map[*stream]struct{}{}, clients: map[string]int{},
		stop: make(chan struct{})}
	go h.heartbeats()
	return h
}

// defaultStreamsPerClient is how many of max streams one client may hold:
// an eighth, and at least 16 (a hall behind one address with a few dozen
// phones on a small server). It takes eight clients to fill the hub.
func defaultStreamsPerClient(max int) int {
	return min(max, 16+max/8)
}

// reservation is what reserveFor gives.
type reservation int

const (
	reserved   reservation = iota // a place is taken
	hubFull                       // every place is taken
	clientFull                    // the client holds its share
)

// reserve takes a place for a stream about to open, false when there is
// none left (the bound). The place is taken before the stream's head is
// written, so that streams arriving together cannot both find the last
// place free: a check, then an add, let a test open two streams where the
// bound allowed one. addReserved fills the place, or release gives it back.
func (h *hub) reserve() bool { return h.reserveFor("") == reserved }

// reserveFor takes a place as reserve does, for client (streamClient),
// who may hold at most perClient; "" is counted in no client's share.
func (h *hub) reserveFor(client string) reservation {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n >= h.max {
		return hubFull
	}
	if client != "" && h.clients[client] >= h.perClient {
		return clientFull
	}
	h.n++
	if client != "" {
		h.clients[client]++
	}
	return reserved
}

// release gives back a place reserve took, when the stream never opened.
func (h *hub) release() { h.releaseFor("") }

// releaseFor gives back a place reserveFor took for client.
func (h *hub) releaseFor(client string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.n--
	h.forget(client)
}

// forget takes a stream off client's share; h.mu is held.
func (h *hub) forget(client string) {
	if client == "" {
		return
	}
	if h.clients[client]--; h.clients[client] <= 0 {
		delete(h.clients, client)
	}
}

// addReserved registers, in a place reserve took, a stream of slug that
// follows the moves of the live games moves names (see stream); false
// once the hub is closed (the place is given back).
func (h *hub) addReserved(slug string, conn net.Conn, moves string) bool {
	return h.addReservedFor(slug, conn, moves, "")
}

// addReservedFor is addReserved for a place reserveFor took for client.
func (h *hub) addReservedFor(slug string, conn net.Conn, moves, client string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		h.n--
		h.forget(client)
		return false
	}
	if h.streams[slug] == nil {
		h.streams[slug] = map[*stream]struct{}{}
	}
	h.streams[slug][&stream{conn: conn, slug: slug, moves: moves, client: client}] = struct{}{}
	return true
}

// count returns the number of open streams.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n
}

// publish tells every stream of slug that it is now at version.
func (h *hub) publish(slug string, version int64) {
	h.send(slug, []byte(changeEvent(version)))
}

// send writes msg to every stream of slug (every stream when slug is ""),
// and closes those that cannot take it.
func (h *hub) send(slug string, msg []byte) {
	h.remove(fanOut(h.snapshot(slug), func(s *stream) bool { return sendNow(s.conn, msg) }))
}

// sendMove writes msg, a live game's move, to the streams of slug that
// follow that game (game is "ROUND/TABLE") or every game: the game's
// viewers and the event's page, not every page of the tournament.
func (h *hub) sendMove(slug, game string, msg []byte) {
	var list []*stream
	for _, s := range h.snapshot(slug) {
		if s.moves == "all" || s.moves == game {
			list = append(list, s)
		}
	}
	h.remove(fanOut(list, func(s *stream) bool { return sendNow(s.conn, msg) }))
}

// snapshot lists the streams of slug (every stream when slug is "").
func (h *hub) snapshot(slug string) []*stream {
	h.mu.Lock()
	defer h.mu.Unlock()
	var list []*stream
	for sl, set := range h.streams {
		if slug != "" && sl != slug {
			continue
		}
		for s := range set {
			list = append(list, s)
		}
	}
	return list
}

// fanOut calls do on every stream, in parallel when there are many, and
// returns those for which it failed.
func fanOut(list []*stream, do func(*stream) bool) []*stream {
	workers := min(runtime.GOMAXPROCS(0), (len(list)+fanOutChunk-1)/fanOutChunk)
	if workers <= 1 {
		var failed []*stream
		for _, s := range list {
			if !do(s) {
				failed = append(failed, s)
			}
		}
		return failed
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed []*stream
	per := (len(list) + workers - 1) / workers
	for start := 0; start < len(list); start += per {
		part := list[start:min(start+per, len(list))]
		wg.Go(func() {
			if f := fanOut(part, do); len(f) > 0 {
				mu.Lock()
				failed = append(failed, f...)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return failed
}

// remove closes streams and forgets them.
func (h *hub) remove(list []*stream) {
	if len(list) == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range list {
		if set := h.streams[s.slug]; set != nil {
			if _, ok := set[s]; ok {
				delete(set, s)
				h.n--
				h.forget(s.client)
				if len(set) == 0 {
					delete(h.streams, s.slug)
				}
			}
		}
		s.conn.Close()
	}
}

// heartbeats sends a comment to every stream now and then, so that
// proxies keep the connection open, and closes the streams whose browser
// has gone.
func (h *hub) heartbeats() {
	t := time.NewTicker(heartbeatEvery)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			h.remove(fanOut(h.snapshot(""), func(s *stream) bool { return open(s.conn) && sendNow(s.conn, []byte(":\n\n")) }))
		}
	}
}

// closeAll ends every stream cleanly (a last "bye" event, then the end of
// the connection) and refuses new ones: the server is shutting down.
func (h *hub) closeAll() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	close(h.stop)
	h.mu.Unlock()
	list := h.snapshot("")
	fanOut(list, func(s *stream) bool {
		sendNow(s.conn, []byte(byeEvent))
		closeWrite(s.conn)
		return true
	})
	h.remove(list)
}

// writeAndClose writes msg to conn, waiting up to writeTimeout, then ends
// the connection.
func writeAndClose(conn net.Conn, msg string) {
	conn.SetWriteDeadline(time.Now().Add(writeTimeout))
	conn.Write([]byte(msg))
	closeWrite(conn)
	conn.Close()
}

// closeWrite ends what the server sends on conn (a TCP FIN after the last
// event), before the connection is closed.
func closeWrite(conn net.Conn) {
	if c, ok := conn.(interface{ CloseWrite() error }); ok {
		c.CloseWrite()
	}
}

// sendWaiting writes msg to conn, waiting up to a tenth of a second for
// the connection to take it: where no write that does not wait is offered.
func sendWaiting(conn net.Conn, msg []byte) bool {
	conn.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	n, err := conn.Write(msg)
	return err == nil && n == len(msg)
}
