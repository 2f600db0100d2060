package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
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
	url, stderr := startServeRatings(t)
	var doc struct {
		AsOf    string `json:"as_of"`
		Players []struct {
			WOFID int    `json:"wof_id"`
			Name  string `json:"name"`
		} `json:"players"`
	}
	awaitRatings(t, url, stderr, &doc)
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

// startServeRatings runs `outflank serve --results DIR` and args in a
// process of its own over the web tests' hand-made archive, and returns the
// site's address and the process's stderr.
func startServeRatings(t *testing.T, args ...string) (string, *lockedBuffer) {
	t.Helper()
	d := newTDB(t)
	d.ok("new", "club", "--name", "Club", "--rules", "bof-regional", "--rounds", "3")
	results, err := filepath.Abs("../../web/testdata/ratings/results")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], append([]string{"--db", d.path, "serve", "--addr", "127.0.0.1:0", "--results", results}, args...)...)
	cmd.Env = append(os.Environ(), "OUTFLANK_TEST_AS=main")
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		t.Fatalf("serve printed nothing: %s", stderr.String())
	}
	m := regexp.MustCompile(`^serving .* on (http://127\.0\.0\.1:\d+/)`).FindStringSubmatch(sc.Text())
	if m == nil {
		t.Fatalf("serve printed %q", sc.Text())
	}
	return m[1], stderr
}

// TestServeNamedRatingList: `serve --as-of --until --exclude` publishes that
// list, not today's, and its pages say which (issue 26.10).
func TestServeNamedRatingList(t *testing.T) {
	url, stderr := startServeRatings(t, "--as-of", "2026-01-01", "--until", "2025-12-31", "--exclude", "2024/20240316_Spring_Test_Open.ELO")
	var doc struct {
		AsOf    string `json:"as_of"`
		Until   string `json:"until"`
		Players []struct {
			WOFID int `json:"wof_id"`
		} `json:"players"`
	}
	awaitRatings(t, url, stderr, &doc)
	if doc.AsOf != "2026-01-01" || doc.Until != "2025-12-31" || len(doc.Players) == 0 {
		t.Errorf("/api/ratings: the list of %s to %s with %d players; want 2026-01-01, 2025-12-31", doc.AsOf, doc.Until, len(doc.Players))
	}
	// Without the spring file and the winter one, only the May cup's
	// players (104 to 114) are rated.
	for _, p := range doc.Players {
		if p.WOFID < 104 {
			t.Errorf("player %d is on the list: he played only the files left out", p.WOFID)
		}
	}
	res, err := http.Get(url + "ratings")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var page strings.Builder
	io.Copy(&page, res.Body)
	if want := "The list calculated on 2026-01-01 over the tournaments to 2025-12-31, without 1 file of the archive (2024/20240316_Spring_Test_Open.ELO)"; !strings.Contains(page.String(), want) {
		t.Errorf("/ratings does not say %q", want)
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

// awaitRatings decodes /api/ratings into doc once the list is computed: the
// server answers 503 until then (20 s at most here).
func awaitRatings(t *testing.T, url string, stderr fmt.Stringer, doc any) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		res, err := http.Get(url + "api/ratings")
		if err != nil {
			t.Fatal(err)
		}
		status := res.StatusCode
		if status == http.StatusOK {
			err = json.NewDecoder(res.Body).Decode(doc)
		}
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if status == http.StatusOK {
			return
		}
		if status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			t.Fatalf("/api/ratings: %d\n%s", status, stderr.String())
		}
	}
}
