package main

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestServeTerminal runs `outflank serve` in a process of its own: the
// terminal shows the addresses and one line per change, never a line per
// request (issue 24: 66 KB of requests in ten minutes scrolled the
// addresses and the QR code away); --access-log FILE keeps the requests in
// that file; a file that cannot be written is refused before serving.
func TestServeTerminal(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "club", "--name", "Club", "--rules", "bof-regional", "--rounds", "3")
	accessLog := filepath.Join(t.TempDir(), "access.log")
	cmd := exec.Command(os.Args[0], "--db", d.path, "serve", "--addr", "127.0.0.1:0", "--access-log", accessLog)
	cmd.Env = append(os.Environ(), "OUTFLANK_TEST_AS=main")
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}()
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		t.Fatalf("serve printed nothing: %s", stderr.String())
	}
	m := regexp.MustCompile(`^serving .* on (http://127\.0\.0\.1:\d+/)`).FindStringSubmatch(sc.Text())
	if m == nil {
		t.Fatalf("serve printed %q", sc.Text())
	}
	for range 20 {
		for _, p := range []string{"", "t/club", "t/club/players", "api/t/club"} {
			res, err := http.Get(m[1] + p)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}
	d.ok("--as", "alice", "player", "add", "club", "--name", "Eve Late")
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(stderr.String(), "Eve Late"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the terminal does not tell of the change within 10 s:\n%s", stderr.String())
		}
	}
	terminal := stderr.String()
	if lines := strings.Count(terminal, "\n"); lines > 3 || strings.Contains(terminal, "msg=request") || !strings.Contains(terminal, "by=alice") {
		t.Errorf("the terminal after 80 requests and a change (%d lines):\n%s", lines, terminal)
	}
	logged, err := os.ReadFile(accessLog)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(logged), "msg=request"); n < 80 || !strings.Contains(string(logged), "path=/t/club/players") {
		t.Errorf("the access log has %d requests:\n%.2000s", n, logged)
	}
	if info, err := os.Stat(accessLog); err == nil && info.Mode().Perm()&0o077 != 0 {
		t.Errorf("the access log may be read by others: %v", info.Mode())
	}

	code, _, errText := runMain(t, "", "--db", d.path, "serve", "--addr", "127.0.0.1:0", "--access-log", t.TempDir())
	if code != 1 || !strings.Contains(errText, "--access-log") {
		t.Errorf("an access log that is a folder: exit %d, %q", code, errText)
	}
}
