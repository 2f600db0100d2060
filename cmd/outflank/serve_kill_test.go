//go:build unix

package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/rules"
	"outflank/sqlite"
)

// TestServeKilledUnderAcknowledgedWrites: `outflank serve`, taking
// registrations from four API clients at once, is killed with SIGKILL at
// random moments and started again, several times; afterwards every
// registration it answered 201 is in the tournament, and the audit log's
// chain is intact (issue 25, point 6: the server's side of
// TestCrashKilledWhileEnteringResults). A write in flight at the kill may
// or may not be saved: it was never acknowledged.
func TestServeKilledUnderAcknowledgedWrites(t *testing.T) {
	sqliteOnly(t, "a server killed while writing to its file")
	if testing.Short() {
		t.Skip("skipped in -short mode: starts and kills the server 6 times (about 10 s)")
	}
	ctx := context.Background()
	dbPath := filepath.Join(t.TempDir(), "kill.db")
	db, err := sqlite.Open(ctx, dbPath, sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	tour, err := outflank.NewTournament("club", "Killed club", "2026-11-23", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	a := auth.New(db)
	if _, err := a.AddUser(ctx, "td", "a good password", true); err != nil {
		t.Fatal(err)
	}
	token, err := a.AddToken(ctx, "td", "script")
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	var mu sync.Mutex
	acked := map[string]bool{}
	n := 0
	const kills = 6
	for run := range kills {
		cmd := exec.Command(os.Args[0], "--db", dbPath, "serve", "--addr", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), "OUTFLANK_TEST_AS=main")
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		addr := make(chan string, 1)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if m := regexp.MustCompile(`on (http://127\.0\.0\.1:\d+)/`).FindStringSubmatch(sc.Text()); m != nil {
					addr <- m[1]
				}
			}
		}()
		var base string
		select {
		case base = <-addr:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("run %d: the server said no address within 30 s", run)
		}
		stop := make(chan struct{})
		var wg sync.WaitGroup
		client := &http.Client{Timeout: 10 * time.Second}
		for w := range 4 {
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					mu.Lock()
					n++
					name := fmt.Sprintf("Killed %c%d", 'A'+w, n)
					mu.Unlock()
					req, _ := http.NewRequest("POST", base+"/api/t/club/players", strings.NewReader(`{"name": "`+name+`"}`))
					req.Header.Set("Authorization", "Bearer "+token)
					res, err := client.Do(req)
					if err != nil {
						return // the server was killed
					}
					res.Body.Close()
					if res.StatusCode == http.StatusCreated {
						mu.Lock()
						acked[name] = true
						mu.Unlock()
					}
				}
			})
		}
		time.Sleep(time.Duration(300+run*150) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		close(stop)
		wg.Wait()
	}
	if len(acked) < kills {
		t.Fatalf("only %d registrations acknowledged in %d runs: the server did not take writes", len(acked), kills)
	}
	db, err = sqlite.Open(ctx, dbPath, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := db.Tournament(ctx, "club")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, p := range got.Players {
		have[p.Name] = true
	}
	for name := range acked {
		if !have[name] {
			t.Errorf("%s was acknowledged (201) but is not registered after the kills", name)
		}
	}
	var stdout, stderr strings.Builder
	if code := Main([]string{"--db", dbPath, "log", "club", "--verify"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Errorf("log --verify after the kills: %d\n%s%s", code, stdout.String(), stderr.String())
	}
	t.Logf("%d registrations acknowledged, %d registered, over %d kills", len(acked), len(have), kills)
}
