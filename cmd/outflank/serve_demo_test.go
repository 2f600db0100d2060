//go:build unix

package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"outflank"
	"outflank/sqlite"
)

// TestServeDemo runs `outflank serve --demo` at a fast pace in a process of
// its own: it says where to look; the event is played to its end through
// the director's store calls, and a page following it hears every change;
// SIGTERM ends the live stream with the bye event and the process with 0.
func TestServeDemo(t *testing.T) {
	db := filepath.Join(t.TempDir(), "demo.db")
	cmd := exec.Command(os.Args[0], "--db", db, "serve", "--demo", "--players", "8", "--pace", "2ms", "--seed", "3", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "OUTFLANK_TEST_AS=main")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var printed []string
	next := func(pattern string) []string {
		t.Helper()
		re := regexp.MustCompile(pattern)
		timeout := time.After(60 * time.Second)
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("the demo ended before printing %q:\n%s\n%s", pattern, strings.Join(printed, "\n"), stderr.String())
				}
				printed = append(printed, line)
				if m := re.FindStringSubmatch(line); m != nil {
					return m
				}
			case <-timeout:
				t.Fatalf("no line %q within 60 s:\n%s", pattern, strings.Join(printed, "\n"))
			}
		}
	}
	addr := next(`^serving .* on http://(127\.0\.0\.1:\d+)/`)[1]
	watch := next(`^  watch: +(http://\S+)$`)[1]
	if watch != "http://"+addr+"/t/woc-demo/standings" {
		t.Errorf("watch %s", watch)
	}
	// A page following the event, as live.js does.
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET /t/woc-demo/events HTTP/1.1\r\nHost: "+addr+"\r\n\r\n")
	changes := make(chan int, 1)
	stream := make(chan string, 1)
	go func() {
		br := bufio.NewReader(conn)
		n := 0
		var all strings.Builder
		for {
			line, err := br.ReadString('\n')
			all.WriteString(line)
			if line == "event: change\n" {
				n++
				select {
				case changes <- n:
				default:
				}
			}
			if err != nil {
				stream <- all.String()
				return
			}
		}
	}()
	next(`^demo: the event is over: the event is complete; the winner is #\d+`)
	res, err := http.Get(watch)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(page), "won the final") {
		t.Errorf("the standings at the end: %d\n%s", res.StatusCode, page)
	}
	select {
	case <-changes:
	case <-time.After(5 * time.Second):
		t.Error("the live stream heard no change while the event was played")
	}

	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case rest := <-stream:
		if !strings.HasSuffix(rest, "event: bye\ndata: the server is shutting down\n\n") {
			t.Errorf("the stream ended with %q", rest[max(0, len(rest)-200):])
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the stream did not end within 15 s of SIGTERM")
	}
	for range lines {
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v\n%s", err, stderr.String())
	}

	// The event is in the database, changed as a director changes it.
	ctx := context.Background()
	store, err := sqlite.Open(ctx, db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	tour, err := store.Tournament(ctx, "woc-demo")
	if err != nil {
		t.Fatal(err)
	}
	if !tour.Status().Done || len(tour.Players) != 8 {
		t.Errorf("the demo's event: %d players, %s", len(tour.Players), tour.Status().Text)
	}
	events, err := store.Log(ctx, "woc-demo")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, ev := range events {
		kinds[ev.Kind]++
		if ev.Actor != "demo" {
			t.Fatalf("event #%d by %q", ev.ID, ev.Actor)
		}
	}
	games := 0
	for _, r := range tour.Rounds {
		games += len(r.Games)
	}
	if kinds[outflank.KindCreate] != 1 || kinds[outflank.KindPlayer] != 1 || kinds[outflank.KindRound] == 0 || kinds[outflank.KindResult] != games {
		t.Errorf("the audit log: %v for %d games", kinds, games)
	}
}
