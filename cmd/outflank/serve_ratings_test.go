package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestServeRatings runs `outflank serve --results DIR` in a process of its
// own over the web tests' hand-made archive: the site answers at once,
// /api/ratings says 503 until the list is computed, then serves it, the
// players named from joueurs.txt found beside the folder.
func TestServeRatings(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "club", "--name", "Club", "--rules", "bof-regional", "--rounds", "3")
	results, err := filepath.Abs("../../web/testdata/ratings/results")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "--db", d.path, "serve", "--addr", "127.0.0.1:0", "--results", results)
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
	var doc struct {
		AsOf    string `json:"as_of"`
		Players []struct {
			WOFID int    `json:"wof_id"`
			Name  string `json:"name"`
		} `json:"players"`
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		res, err := http.Get(m[1] + "api/ratings")
		if err != nil {
			t.Fatal(err)
		}
		status := res.StatusCode
		if status == http.StatusOK {
			err = json.NewDecoder(res.Body).Decode(&doc)
		}
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if status == http.StatusOK {
			break
		}
		if status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			t.Fatalf("/api/ratings: %d\n%s", status, stderr.String())
		}
	}
	if doc.AsOf != time.Now().Format("2006-01-02") && doc.AsOf != time.Now().Add(-time.Hour).Format("2006-01-02") {
		t.Errorf("the list is as of %s, not today", doc.AsOf)
	}
	named := false
	for _, p := range doc.Players {
		named = named || p.WOFID == 101 && p.Name == "ANDERSEN, Anna"
	}
	if len(doc.Players) == 0 || !named {
		t.Errorf("/api/ratings: %+v", doc)
	}
	// The line is written before the list is shown, but reaches this
	// process through a pipe: wait for it a little.
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(stderr.String(), "computed the rating list"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("the log does not say the list was computed:\n%s", stderr.String())
			break
		}
	}
}

// lockedBuffer collects a child's output, which os/exec copies in a
// goroutine of its own, so that the test can read it meanwhile.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
