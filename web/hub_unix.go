//go:build unix

package web

import (
	"net"
	"syscall"
)

// sendNow writes msg to conn in one attempt that does not wait, and reports
// whether all of it went.
func sendNow(conn net.Conn, msg []byte) bool {
	raw := rawConn(conn)
	if raw == nil {
		return sendWaiting(conn, msg)
	}
	var n int
	var werr error
	err := raw.Write(func(fd uintptr) bool {
		for {
			n, werr = syscall.Write(int(fd), msg)
			if werr != syscall.EINTR {
				return true
			}
		}
	})
	return err == nil && werr == nil && n == len(msg)
}

// open reports whether conn's browser still holds it: a read that does not
// wait finds nothing yet, rather than the end of the connection. What a
// browser sends on a stream is read and ignored.
func open(conn net.Conn) bool {
	raw := rawConn(conn)
	if raw == nil {
		return true // the writes will tell
	}
	var buf [256]byte
	var n int
	var rerr error
	err := raw.Read(func(fd uintptr) bool {
		for {
			n, rerr = syscall.Read(int(fd), buf[:])
			if rerr != syscall.EINTR {
				return true
			}
		}
	})
	switch {
	case err != nil:
		return false
	case rerr == syscall.EAGAIN:
		return true
	case rerr != nil:
		return false
	}
	return n > 0 // 0: the end of the connection
}

// rawConn returns the socket beneath conn, or nil.
func rawConn(conn net.Conn) syscall.RawConn {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return raw
}

// defaultMaxStreams leaves, of the files this process may open, an eighth
// (at least 256) to the pages, the database and the rest.
func defaultMaxStreams() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur > 1<<20 {
		return 100000
	}
	soft := int(lim.Cur)
	return max(16, soft-max(256, soft/8))
}
