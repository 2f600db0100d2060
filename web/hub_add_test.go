package web

import "net"

// add registers a stream of slug, as the events handler does in two steps
// (reserve, then addReserved); false when the hub is full or closed.
func (h *hub) add(slug string, conn net.Conn) bool {
	if !h.reserve() {
		return false
	}
	return h.addReserved(slug, conn, "")
}
