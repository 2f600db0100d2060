package main

import (
	"fmt"
	"net"
	"slices"

	"outflank/internal/qrcode"
)

// netInterface is what serve needs of a network interface.
type netInterface struct {
	up, loopback bool
	addrs        []net.Addr
}

// systemInterfaces lists this machine's network interfaces.
func systemInterfaces() []netInterface {
	list, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var out []netInterface
	for _, i := range list {
		addrs, err := i.Addrs()
		if err != nil {
			continue
		}
		out = append(out, netInterface{up: i.Flags&net.FlagUp != 0, loopback: i.Flags&net.FlagLoopback != 0, addrs: addrs})
	}
	return out
}

// lanAddresses lists the IPv4 addresses of the interfaces that are up, but
// not this machine's own (loopback): the addresses other machines of the
// hall's network can reach it at. Private addresses (a hall's router
// hands out 192.168.x.y or 10.x.y.z) come first, link-local ones
// (169.254.x.y: no router) last.
func lanAddresses(ifaces []netInterface) []net.IP {
	var ips []net.IP
	for _, i := range ifaces {
		if !i.up || i.loopback {
			continue
		}
		for _, a := range i.addrs {
			var ip net.IP
			switch a := a.(type) {
			case *net.IPNet:
				ip = a.IP
			case *net.IPAddr:
				ip = a.IP
			}
			if ip = ip.To4(); ip == nil || ip.IsLoopback() || ip.IsUnspecified() || ip.IsMulticast() {
				continue
			}
			if !slices.ContainsFunc(ips, ip.Equal) {
				ips = append(ips, ip)
			}
		}
	}
	rank := func(ip net.IP) int {
		switch {
		case ip.IsPrivate():
			return 0
		case ip.IsLinkLocalUnicast():
			return 2
		}
		return 1
	}
	slices.SortStableFunc(ips, func(a, b net.IP) int { return rank(a) - rank(b) })
	return ips
}

// printAddresses says where the site is, and returns its address on this
// machine. When the server listens on every network (--addr :PORT), it
// lists each address the hall's phones can open and, on a terminal, draws
// a QR code of the first (or of --base-url) for the players to scan.
func (e *env) printAddresses(dbPath string, o serveOptions, at *net.TCPAddr, ifaces func() []netInterface) string {
	if !at.IP.IsUnspecified() {
		local := "http://" + at.String() + "/"
		e.printf(e.stdout, "serving %s on %s (Ctrl-C stops)\n", dbPath, local)
		if o.baseURL != "" {
			e.printf(e.stdout, "  the site's address for players (--base-url): %s\n", o.baseURL)
		}
		return local
	}
	local := fmt.Sprintf("http://127.0.0.1:%d/", at.Port)
	e.printf(e.stdout, "serving %s on port %d of every network of this machine (Ctrl-C stops)\n", dbPath, at.Port)
	e.printf(e.stdout, "  on this machine:   %s\n", local)
	lan := lanAddresses(ifaces())
	for _, ip := range lan {
		e.printf(e.stdout, "  players open:      http://%s/\n", net.JoinHostPort(ip.String(), fmt.Sprint(at.Port)))
	}
	if len(lan) == 0 {
		e.printf(e.stdout, "  no network besides this machine's own: join the hall's network (Wi-Fi or cable) for phones to reach the site\n")
	}
	target := o.baseURL
	if target != "" {
		e.printf(e.stdout, "  the site's address for players (--base-url): %s\n", target)
	} else if len(lan) > 0 {
		target = fmt.Sprintf("http://%s/", net.JoinHostPort(lan[0].String(), fmt.Sprint(at.Port)))
	}
	if target != "" {
		e.printQR(target)
	}
	return local
}

// printQR draws a QR code of target, black on white, when stdout is a
// terminal: in a file or a pipe it would be noise.
func (e *env) printQR(target string) {
	f := terminalFile(e.stdout)
	if f == nil {
		return
	}
	code, err := qrcode.Encode(target)
	if err != nil {
		return
	}
	e.printf(e.stdout, "  scan to open %s:\n", target)
	// Outflank's own drawing and colours, never stored text: written to
	// the terminal directly, as the progress bars are.
	_, _ = f.WriteString(code.Terminal(true))
}
