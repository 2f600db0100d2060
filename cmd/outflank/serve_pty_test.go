//go:build linux

package main

import (
	"io"
	"net"
	"strings"
	"testing"

	"outflank/internal/qrcode"
)

// TestServeQRCodeOnTerminal: on a terminal, the addresses come with a QR
// code of the first, black on white; with --base-url, of the base URL.
func TestServeQRCodeOnTerminal(t *testing.T) {
	for _, c := range []struct {
		base, target string
	}{
		{"", "http://192.168.1.23:8080/"},
		{"https://live.example.org/", "https://live.example.org/"},
	} {
		master, slave := openPty(t)
		got := make(chan string)
		go func() {
			b, _ := io.ReadAll(master)
			got <- string(b)
		}()
		e := &env{stdout: newTerminalWriter(slave)}
		e.printAddresses("hall.db", serveOptions{baseURL: c.base}, &net.TCPAddr{IP: net.IPv4zero, Port: 8080}, hall)
		slave.Close()
		tty := <-got
		master.Close()
		code, err := qrcode.Encode(c.target)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(tty, "  scan to open "+c.target+":\n"+code.Terminal(true)) {
			t.Errorf("base URL %q: the terminal got\n%s", c.base, tty)
		}
	}
}
