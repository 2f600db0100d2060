package web_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/web"
)

// TestTerminalLog: the server's own log (serve's terminal) has no line
// per request, only a line per change, naming the tournament, the change
// and who made it, whatever process made it; the requests go to the
// access log when there is one (issue 24: 66 KB of requests in ten
// minutes pushed the addresses and the QR code off the director's
// terminal).
func TestTerminalLog(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	var terminal, access syncBuffer
	addr, stop := s.served(web.Config{Log: slog.New(slog.NewTextHandler(&terminal, nil)), AccessLog: slog.New(slog.NewTextHandler(&access, nil))})
	defer stop()
	for range 5 {
		for _, p := range []string{"/t/club", "/t/club/standings", "/api/t/club/pairings/1"} {
			res, err := http.Get("http://" + addr + p)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}
	ctx := outflank.WithActor(context.Background(), "alice")
	for table, score := range map[int]outflank.Discs{1: {Black: 40, White: 24}, 2: {Black: 30, White: 34}} {
		if _, err := s.db.Update(ctx, "club", outflank.KindResult, func(t *outflank.Tournament) (string, error) {
			res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score})
			if err != nil {
				return "", err
			}
			_, err = t.SetResult(1, table, res, outflank.ResultOptions{})
			return fmt.Sprintf("round 1 table %d: %d-%d", table, score.Black, score.White), err
		}); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{`summary="round 1 table 1: 40-24"`, `summary="round 1 table 2: 30-34"`}
	deadline := time.Now().Add(5 * time.Second)
	for {
		got := terminal.String()
		all := true
		for _, w := range want {
			all = all && strings.Contains(got, w)
		}
		if all {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the terminal does not say %q within 5 s:\n%s", want, got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	got := terminal.String()
	if strings.Contains(got, "msg=request") || strings.Contains(got, "/standings") {
		t.Errorf("the terminal lists requests:\n%s", got)
	}
	changes := 0
	for line := range strings.Lines(got) {
		if strings.Contains(line, "msg=change") {
			changes++
			if !strings.Contains(line, "tournament=club") || !strings.Contains(line, "by=alice") || !strings.Contains(line, "kind=result") {
				t.Errorf("a change's line does not say where, what and who: %s", line)
			}
		}
	}
	if changes != 2 {
		t.Errorf("%d change lines for two results:\n%s", changes, got)
	}
	if n := strings.Count(access.String(), "msg=request"); n < 15 {
		t.Errorf("the access log has %d request lines for 15 requests:\n%s", n, access.String())
	}
}
