package main

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeFlags: flags that cannot work are refused before anything is
// served or created.
func TestServeFlags(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "existing.db")
	os.WriteFile(existing, nil, 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"serve", "--pace", "1s"}, 2, "--pace goes with --demo"},
		{[]string{"serve", "--players", "8"}, 2, "--players goes with --demo"},
		{[]string{"serve", "extra"}, 2, "usage: outflank serve"},
		{[]string{"serve", "--base-url", "ftp://example.org"}, 1, "--base-url \"ftp://example.org\""},
		{[]string{"serve", "--base-url", "live.example.org"}, 1, "give the address players open"},
		{[]string{"serve", "--players-db", existing}, 2, "--players-db goes with --results"},
		{[]string{"serve", "--results", filepath.Join(dir, "none")}, 1, "give the folder of the WOF result archive"},
		{[]string{"serve", "--results", existing}, 1, "give the folder of the WOF result archive"},
		{[]string{"serve", "--results", dir, "--players-db", dir}, 1, "give the WOF player database file"},
		{[]string{"serve", "--as-of", "2026-01-01"}, 2, "--as-of, --until and --exclude go with --results"},
		{[]string{"serve", "--results", dir, "--as-of", "2026-13-01"}, 1, `--as-of "2026-13-01": give a day`},
		{[]string{"serve", "--results", dir, "--as-of", "2026-01-01", "--until", "2026-02-01"}, 1, "--until 2026-02-01 is after the list's calculation date 2026-01-01"},
		{[]string{"--db", existing, "serve", "--demo"}, 1, existing + " exists: the demo makes a new database"},
		{[]string{"--db", filepath.Join(dir, "new.db"), "serve", "--demo", "--players", "2"}, 1, "the demo plays 4 to 500"},
		{[]string{"--db", filepath.Join(dir, "new.db"), "serve", "--demo", "--pace", "0s"}, 1, "--pace 0s"},
	} {
		code, _, stderr := runMain(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("outflank %s: exit %d, %q; want %d and %q", strings.Join(c.args, " "), code, stderr, c.code, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "new.db")); err == nil {
		t.Error("a refused demo created its database")
	}
}

// hall is a machine in a hall: loopback, Wi-Fi on the hall's router, a
// link-local cable, a network that is down.
func hall() []netInterface {
	ipnet := func(s string) net.Addr {
		ip, n, _ := net.ParseCIDR(s)
		n.IP = ip
		return n
	}
	return []netInterface{
		{up: true, loopback: true, addrs: []net.Addr{ipnet("127.0.0.1/8"), ipnet("::1/128")}},
		{up: true, addrs: []net.Addr{ipnet("169.254.10.3/16")}},
		{up: true, addrs: []net.Addr{ipnet("fe80::1/64"), ipnet("192.168.1.23/24"), ipnet("2001:db8::5/64")}},
		{up: false, addrs: []net.Addr{ipnet("10.8.0.2/24")}},
		{up: true, addrs: []net.Addr{ipnet("203.0.113.9/24"), ipnet("192.168.1.23/24")}},
	}
}

func TestLANAddresses(t *testing.T) {
	var got []string
	for _, ip := range lanAddresses(hall()) {
		got = append(got, ip.String())
	}
	if want := "192.168.1.23 203.0.113.9 169.254.10.3"; strings.Join(got, " ") != want {
		t.Errorf("LAN addresses %v, want %s", got, want)
	}
	if len(lanAddresses(hall()[:1])) != 0 {
		t.Error("loopback is not a LAN address")
	}
}

// TestServeAddresses: on one address, serve says it; on every network
// (--addr :PORT), it lists the addresses players open, the hall's first.
func TestServeAddresses(t *testing.T) {
	var out bytes.Buffer
	e := &env{stdout: newTerminalWriter(&out)}
	local := e.printAddresses("hall.db", serveOptions{}, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8081}, hall)
	if local != "http://127.0.0.1:8081/" || out.String() != "serving hall.db on http://127.0.0.1:8081/ (Ctrl-C stops)\n" {
		t.Errorf("one address: %s, %q", local, out.String())
	}
	out.Reset()
	local = e.printAddresses("hall.db", serveOptions{}, &net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, hall)
	want := `serving hall.db on port 8080 of every network of this machine (Ctrl-C stops)
  on this machine:   http://127.0.0.1:8080/
  players open:      http://192.168.1.23:8080/
  players open:      http://203.0.113.9:8080/
  players open:      http://169.254.10.3:8080/
`
	if local != "http://127.0.0.1:8080/" || out.String() != want {
		t.Errorf("every network: %s\n%s\nwant (no QR code: not a terminal)\n%s", local, out.String(), want)
	}
	out.Reset()
	e.printAddresses("hall.db", serveOptions{}, &net.TCPAddr{IP: net.IPv4zero, Port: 8080}, func() []netInterface { return hall()[:1] })
	if !strings.Contains(out.String(), "no network besides this machine's own") {
		t.Errorf("no network:\n%s", out.String())
	}
}
