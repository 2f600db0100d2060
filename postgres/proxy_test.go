package postgres

import (
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
)

// Proxy forwards TCP connections to a server, and can cut the ones it
// holds without a word: what a broken network does, as neither end sees
// an error until TCP gives up.
type Proxy struct {
	l      net.Listener
	target string
	mu     sync.Mutex
	conns  []*piped
	open   []net.Conn
}

// piped is one forwarded connection; cut makes it swallow everything.
type piped struct {
	mu  sync.Mutex
	cut bool
}

func (p *piped) isCut() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cut
}

// NewProxy forwards to the server of rawURL and returns the URL through
// the proxy.
func NewProxy(t *testing.T, rawURL string) (*Proxy, string) {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{l: l, target: u.Host}
	t.Cleanup(p.Close)
	go func() {
		for {
			client, err := l.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("tcp", p.target)
			if err != nil {
				client.Close()
				continue
			}
			pc := &piped{}
			p.mu.Lock()
			p.conns = append(p.conns, pc)
			p.open = append(p.open, client, server)
			p.mu.Unlock()
			go forward(pc, server, client)
			go forward(pc, client, server)
		}
	}()
	u.Host = l.Addr().String()
	return p, u.String()
}

// forward copies from src to dst until src ends, then closes dst, as a
// network passes on a close; once the connection is cut, it drops what it
// reads and passes on nothing.
func forward(pc *piped, dst io.WriteCloser, src io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 && !pc.isCut() {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			if !pc.isCut() {
				dst.Close()
			}
			return
		}
	}
}

// CutAll cuts every connection made so far; new ones work.
func (p *Proxy) CutAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, pc := range p.conns {
		pc.mu.Lock()
		pc.cut = true
		pc.mu.Unlock()
	}
}

// Close stops the proxy and closes every connection, cut or not: the
// network is back, and resets what it had swallowed.
func (p *Proxy) Close() {
	p.l.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.open {
		c.Close()
	}
}
