package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// cli runs the outflank command line on the run's database, as a
// director would, and returns what it printed on stdout.
type cli struct {
	bin, db string
}

func (c cli) run(ctx context.Context, stdin string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, c.bin, append([]string{"--db", c.db, "--as", "outflank-load"}, args...)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("outflank %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errOut.String()))
	}
	return out.String(), nil
}

// credentials are the scripted clients' rights: a director's API token,
// and a judge's link ("/j/SECRET") per tournament.
type credentials struct {
	token  string
	judges map[string]string
}

// setUpTournaments creates k tournaments of players each, pairs their
// first round with `outflank pair`, and makes the director's token and
// the judges' links, all with the command line.
func setUpTournaments(ctx context.Context, c cli, dir string, k, players, rounds int) ([]*tourney, credentials, error) {
	cred := credentials{judges: map[string]string{}}
	csv := filepath.Join(dir, "players.csv")
	var b strings.Builder
	b.WriteString("name,country,rating\n")
	for i := range players {
		fmt.Fprintf(&b, "Player%d Load,FRA,%d\n", i+1, 1200+i%800)
	}
	if err := os.WriteFile(csv, []byte(b.String()), 0o644); err != nil {
		return nil, cred, err
	}
	if _, err := c.run(ctx, "load-test-password\n", "user", "add", "loadtd", "--admin", "--password-stdin"); err != nil {
		return nil, cred, err
	}
	var list []*tourney
	for i := range k {
		slug := fmt.Sprintf("load-%d", i+1)
		steps := [][]string{
			{"new", slug, "--name", fmt.Sprintf("Load test %d", i+1), "--rules", "custom", "--rounds", fmt.Sprint(rounds)},
			{"player", "import", slug, csv},
			{"pair", slug},
			{"user", "grant", "loadtd", slug},
		}
		for _, args := range steps {
			if _, err := c.run(ctx, "", args...); err != nil {
				return nil, cred, err
			}
		}
		link, err := c.run(ctx, "", "judge", "add", slug, "--label", "load", "--base-url", "http://127.0.0.1")
		if err != nil {
			return nil, cred, err
		}
		_, path, ok := strings.Cut(strings.TrimSpace(link), "127.0.0.1")
		if !ok || !strings.HasPrefix(path, "/j/") {
			return nil, cred, fmt.Errorf("judge add printed %q, not a link", link)
		}
		cred.judges[slug] = path
		list = append(list, newTourney(slug, players/2, rounds, uint64(i+1)))
	}
	token, err := c.run(ctx, "", "token", "add", "loadtd", "load")
	if err != nil {
		return nil, cred, err
	}
	cred.token = strings.TrimSpace(token)
	return list, cred, nil
}

var (
	sessionPattern = regexp.MustCompile(`outflank_session=([^;]+)`)
	csrfPattern    = regexp.MustCompile(`data-csrf="([^"]+)"`)
)

// judgeLogin opens a judge's link on the instance at addr, as the judge's
// phone does, and reads the session's cookie and CSRF token from the
// board of round 1, table 1.
func judgeLogin(ctx context.Context, client *http.Client, addr, slug, link string) (judgeSession, error) {
	var s judgeSession
	get := func(path string) (*http.Response, []byte, error) {
		req, err := http.NewRequestWithContext(ctx, "GET", "http://"+addr+path, nil)
		if err != nil {
			return nil, nil, err
		}
		if s.cookie != "" {
			req.Header.Set("Cookie", s.cookie)
		}
		resp, err := client.Do(req)
		if err != nil {
			return nil, nil, err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		return resp, body, err
	}
	resp, _, err := get(link)
	if err != nil {
		return s, fmt.Errorf("opening the judge's link: %w", err)
	}
	m := sessionPattern.FindStringSubmatch(strings.Join(resp.Header.Values("Set-Cookie"), "; "))
	if m == nil {
		return s, fmt.Errorf("the judge's link gave no session (status %d)", resp.StatusCode)
	}
	s.cookie = "outflank_session=" + m[1]
	resp, body, err := get("/t/" + slug + "/judge/1/1")
	if err != nil {
		return s, fmt.Errorf("opening the judge's board: %w", err)
	}
	m = csrfPattern.FindStringSubmatch(string(body))
	if m == nil {
		return s, fmt.Errorf("the judge's board has no CSRF token (status %d)", resp.StatusCode)
	}
	s.csrf = m[1]
	return s, nil
}
