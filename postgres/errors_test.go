package postgres_test

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/pgtest"
	"outflank/postgres"
)

// TestOpenErrors: a URL that cannot be read, a server that is not there
// and a database that does not exist each give an error that names the
// server and database, says what to do, and never shows the password.
func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().(*net.TCPAddr).Port
	l.Close()
	good, err := url.Parse(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	good.Path = "/no_such_database"
	for _, tc := range []struct {
		name, url, code string
		want            []string
	}{
		{"unreadable URL", "postgres://bob:s3cret@127.0.0.1:notaport/tourney", outflank.EINVALID,
			[]string{"postgres://", "bob"}},
		{"nobody listening", fmt.Sprintf("postgres://bob:s3cret@127.0.0.1:%d/tourney?sslmode=disable", closed), outflank.EUNAVAILABLE,
			[]string{fmt.Sprintf("127.0.0.1:%d/tourney", closed), "connection refused", "check that the server is running"}},
		{"no such database", good.String(), outflank.EINVALID,
			[]string{"no_such_database", "no such database", "createdb"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, err := postgres.Open(ctx, tc.url)
			if err == nil {
				db.Close()
				t.Fatal("Open succeeded")
			}
			if got := outflank.ErrorCode(err); got != tc.code {
				t.Errorf("code %q, want %q (%v)", got, tc.code, err)
			}
			msg := outflank.ErrorMessage(err)
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q does not say %q", msg, w)
				}
			}
			if strings.Contains(msg, "s3cret") || strings.Contains(err.Error(), "s3cret") {
				t.Errorf("message %q shows the password", msg)
			}
		})
	}
}
