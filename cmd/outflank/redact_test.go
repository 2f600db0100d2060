package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"outflank"
)

func TestRedactURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"outflank.db", "outflank.db"},
		{"/tmp/a:b@c.db", "/tmp/a:b@c.db"},
		{"postgres://td@localhost/outflank", "postgres://td@localhost/outflank"},
		{"postgres://td:s3cret@localhost:5432/outflank", "postgres://td:xxxxx@localhost:5432/outflank"},
		{"postgresql://td:p%40ss@db.example.org/o?sslmode=require", "postgresql://td:xxxxx@db.example.org/o?sslmode=require"},
		{"postgres://localhost/o?user=td&password=hunter2&sslmode=disable", "postgres://localhost/o?user=td&password=xxxxx&sslmode=disable"},
		{"postgres://td:a@b@host/o", "postgres://td:xxxxx@host/o"},
		{"postgres://td:pw@host/o?password=other", "postgres://td:xxxxx@host/o?password=xxxxx"},
		{"postgres://postgres:o@host/outflank", "postgres://postgres:xxxxx@host/outflank"},
		{"postgres://host/o?sslmode=disable", "postgres://host/o?sslmode=disable"},
	} {
		if got := redactURL(c.in); got != c.want {
			t.Errorf("redactURL(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestRedactError(t *testing.T) {
	dsn := "postgres://td:p%40ss@localhost/o"
	err := redactError(outflank.Errorf(outflank.ENOTFOUND, "cannot reach postgres://td:p%%40ss@localhost/o (password p@ss refused)"), dsn)
	if strings.Contains(err.Error(), "p@ss") || strings.Contains(err.Error(), "p%40ss") || outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("redactError kept the password or lost the code: %q (%s)", err, outflank.ErrorCode(err))
	}
	err = redactError(errors.New("dial: password p@ss"), dsn)
	if strings.Contains(err.Error(), "p@ss") || outflank.ErrorCode(err) != outflank.EINTERNAL {
		t.Errorf("redactError(internal) = %q", err)
	}
}

// TestPostgresPasswordNotPrinted runs commands on a PostgreSQL URL that
// cannot be reached (or, without the PostgreSQL store, is refused): no
// message shows its password.
func TestPostgresPasswordNotPrinted(t *testing.T) {
	const dsn = "postgres://td:Sw0rdf1sh@127.0.0.1:1/outflank?connect_timeout=2"
	for _, args := range [][]string{{"list"}, {"log", "x"}, {"serve", "--addr", "127.0.0.1:0"}, {"new", "x", "--name", "X", "--rules", "woc"}} {
		code, stdout, stderr := runMain(t, "", append([]string{"--db", dsn}, args...)...)
		if code == 0 || strings.Contains(stdout+stderr, "Sw0rdf1sh") {
			t.Errorf("outflank %s: exit %d, stdout %q, stderr %q: want a failure that hides the password", strings.Join(args, " "), code, stdout, stderr)
		}
	}
}

// TestPostgresPasswordHidden: with a password in a PostgreSQL --db, the
// commands' messages and serve's banner name the database without it.
func TestPostgresPasswordHidden(t *testing.T) {
	url := strings.Replace(postgresTestURL(t), "://postgres@", "://postgres:Sw0rdf1sh@", 1)
	if !strings.Contains(url, "Sw0rdf1sh") {
		t.Skipf("cannot put a password in %s", url)
	}
	d := &tdb{t: t, path: url}
	d.ok("new", "x", "--name", "X", "--rules", "woc")
	code, stdout, stderr := runMain(t, "", "--db", url, "log", "nope")
	if code != 1 || strings.Contains(stdout+stderr, "Sw0rdf1sh") || !strings.Contains(stderr, "postgres@127.0.0.1") {
		t.Errorf("log of a missing tournament: exit %d, %q %q", code, stdout, stderr)
	}
	var out, errOut bytes.Buffer
	e := &env{stdout: &out, stderr: &errOut, db: url}
	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	db, err := openStore(ctx, url, false)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := e.serve(ctx, db, serveOptions{addr: "127.0.0.1:0"}, func(string) { stop() }); err != nil {
		t.Fatal(err)
	}
	if banner := out.String() + errOut.String(); strings.Contains(banner, "Sw0rdf1sh") || !strings.Contains(banner, "serving postgres@127.0.0.1:") {
		t.Errorf("serve printed %q", banner)
	}
}
