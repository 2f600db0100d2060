//go:build !unix

package web

import "net"

// sendNow writes msg to conn, waiting briefly: this system offers no write
// that does not wait.
func sendNow(conn net.Conn, msg []byte) bool {
	return sendWaiting(conn, msg)
}

// open cannot tell on this system without waiting: the writes will.
func open(conn net.Conn) bool { return true }

// defaultMaxStreams is a bound this system's descriptors allow.
func defaultMaxStreams() int { return 10000 }
