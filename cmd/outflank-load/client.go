package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"time"
)

// A small HTTP/1.1 client over keep-alive connections: it writes a request
// made once and reads the answer's status, Content-Length and body, so
// that the machine's two cores go to the servers measured more than to the
// client (net/http's client costs several times as much per request).

// request returns the bytes of a GET of path with extra header lines
// ("Name: value\r\n" each).
func request(addr, path, headers string) []byte {
	return []byte("GET " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nUser-Agent: outflank-load\r\n" + headers + "\r\n")
}

// response is what the client reads of an answer.
type response struct {
	status int
	length int64
	etag   string
	gzip   bool
	close  bool
}

// readResponse reads an answer's head; its body, of r.length bytes (-1
// when the head does not say), follows in br.
func readResponse(br *bufio.Reader) (response, error) {
	var r response
	line, err := br.ReadSlice('\n')
	if err != nil {
		return r, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return r, fmt.Errorf("not an HTTP/1.1 answer: %q", line)
	}
	if r.status, err = strconv.Atoi(string(line[9:12])); err != nil {
		return r, fmt.Errorf("status line %q", line)
	}
	r.length = -1
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return r, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return r, fmt.Errorf("header line %q", line)
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if r.length, err = strconv.ParseInt(string(value), 10, 64); err != nil {
				return r, fmt.Errorf("Content-Length %q", value)
			}
		case bytes.EqualFold(name, []byte("ETag")):
			r.etag = string(value)
		case bytes.EqualFold(name, []byte("Content-Encoding")):
			r.gzip = bytes.Equal(value, []byte("gzip"))
		case bytes.EqualFold(name, []byte("Connection")):
			r.close = bytes.EqualFold(value, []byte("close"))
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			return r, errors.New("a chunked answer: the load generator reads only answers with a Content-Length")
		}
	}
	return r, nil
}

// keepAlive is one client connection, reused for request after request.
type keepAlive struct {
	addr string
	conn net.Conn
	br   *bufio.Reader
}

func (k *keepAlive) dial() error {
	if k.conn != nil {
		return nil
	}
	c, err := dialLoopback(k.addr, 10*time.Second)
	if err != nil {
		return err
	}
	k.conn, k.br = c, bufio.NewReaderSize(c, 32<<10)
	return nil
}

// do sends req and reads the answer; with body non-nil, the body is
// appended to *body, else discarded.
func (k *keepAlive) do(req []byte, body *[]byte) (response, error) {
	if err := k.dial(); err != nil {
		return response{}, err
	}
	k.conn.SetDeadline(time.Now().Add(30 * time.Second))
	r, err := k.roundTrip(req, body)
	if err != nil || r.close {
		k.conn.Close()
		k.conn = nil
	}
	return r, err
}

func (k *keepAlive) roundTrip(req []byte, body *[]byte) (response, error) {
	if _, err := k.conn.Write(req); err != nil {
		return response{}, err
	}
	r, err := readResponse(k.br)
	if err == nil && r.length < 0 && r.status != 304 {
		err = errors.New("an answer without Content-Length")
	}
	if err != nil || r.length <= 0 {
		return r, err
	}
	if body == nil {
		_, err = k.br.Discard(int(r.length))
		return r, err
	}
	start := len(*body)
	*body = append(*body, make([]byte, r.length)...)
	_, err = io.ReadFull(k.br, (*body)[start:])
	return r, err
}

func (k *keepAlive) close() {
	if k.conn != nil {
		k.conn.Close()
		k.conn = nil
	}
}

// getOnce fetches path on a connection of its own.
func getOnce(addr, path, headers string) (int, []byte, error) {
	k := &keepAlive{addr: addr}
	defer k.close()
	var body []byte
	r, err := k.do(request(addr, path, headers+"Connection: close\r\n"), &body)
	return r.status, body, err
}
