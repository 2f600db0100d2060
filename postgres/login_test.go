package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/internal/pgtest"
	"outflank/internal/storetest"
)

// TestLoginLimitAcrossInstances: two stores on one database, as two
// servers behind a load balancer: a hundred wrong passwords sent at once,
// half to each, are counted one after another by the database: five are
// checked and refused, the other ninety-five are limited, as on one server.
func TestLoginLimitAcrossInstances(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	var services []*auth.Service
	for range 2 {
		s := auth.New(mustOpenURL(t, url))
		s.Now = func() time.Time { return now }
		services = append(services, s)
	}
	if _, err := services[0].AddUser(ctx, "Alice", "alice's password", true); err != nil {
		t.Fatal(err)
	}
	count := storetest.LoginsAtOnce(ctx, 100, func(i int) error {
		_, _, err := services[i%2].Login(ctx, "Alice", fmt.Sprintf("guess %d", i), "203.0.113.7")
		return err
	})
	if count[outflank.EUNAUTHORIZED] != auth.MaxFailures || count[outflank.ELIMIT] != 100-auth.MaxFailures {
		t.Errorf("100 guesses at once on two servers: %v; want %d refused after a check and the rest limited", count, auth.MaxFailures)
	}
	// The right password is limited too, on either server, until the
	// window has passed.
	for i, s := range services {
		if _, _, err := s.Login(ctx, "Alice", "alice's password", "198.51.100.1"); outflank.ErrorCode(err) != outflank.ELIMIT {
			t.Errorf("server %d, the right password at once: %v", i+1, err)
		}
	}
	now = now.Add(auth.FailureWindow + time.Second)
	if _, _, err := services[1].Login(ctx, "Alice", "alice's password", "203.0.113.7"); err != nil {
		t.Errorf("a minute later: %v", err)
	}
}

// TestLoginAttemptsTakenBack: the attempt a right password takes back no
// longer counts, on any server.
func TestLoginAttemptsTakenBack(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := mustOpenURL(t, url), mustOpenURL(t, url)
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	keys := []string{"user:alice", "addr:192.0.2.1"}
	for i := range 4 {
		limited, attempt, err := a.LoginAttempt(ctx, keys, at, at.Add(-time.Minute), 5)
		if err != nil || limited != "" || len(attempt) != 2 {
			t.Fatalf("attempt %d: %q %v %v", i+1, limited, attempt, err)
		}
		if i > 0 {
			if err := a.LoginSucceeded(ctx, attempt); err != nil {
				t.Fatal(err)
			}
		}
	}
	// One failure is left: four more reach the limit of five.
	for i := range 4 {
		if limited, _, err := b.LoginAttempt(ctx, keys, at, at.Add(-time.Minute), 5); err != nil || limited != "" {
			t.Fatalf("attempt %d on the other server: %q %v", i+1, limited, err)
		}
	}
	if limited, attempt, err := a.LoginAttempt(ctx, keys, at, at.Add(-time.Minute), 5); err != nil || limited != "user:alice" || attempt != nil {
		t.Errorf("the sixth failure: %q %v %v, want user:alice limited", limited, attempt, err)
	}
	if limited, _, err := a.LoginAttempt(ctx, []string{"addr:192.0.2.1", "user:alice"}, at, at.Add(-time.Minute), 5); err != nil || limited != "addr:192.0.2.1" {
		t.Errorf("the first key at its limit is named: %q %v", limited, err)
	}
	// Failures older than since no longer count.
	later := at.Add(2 * time.Minute)
	if limited, _, err := b.LoginAttempt(ctx, keys, later, later.Add(-time.Minute), 5); err != nil || limited != "" {
		t.Errorf("two minutes later: %q %v", limited, err)
	}
}

// TestLoginAttemptsAtOnce: two hundred attempts on one key made at once
// through two stores: exactly max are recorded, the others limited.
func TestLoginAttemptsAtOnce(t *testing.T) {
	ctx := context.Background()
	dbs := twoStores(t)
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	count := storetest.LoginsAtOnce(ctx, 200, func(i int) error {
		limited, _, err := dbs[i%2].LoginAttempt(ctx, []string{"user:x", fmt.Sprintf("addr:%d", i)}, at, at.Add(-time.Minute), 5)
		if err == nil && limited != "" {
			err = outflank.Errorf(outflank.ELIMIT, "%s limited", limited)
		}
		return err
	})
	if count[""] != 5 || count[outflank.ELIMIT] != 195 {
		t.Errorf("200 attempts at once: %v, want 5 recorded and 195 limited", count)
	}
}

// TestServerKeyShared: two stores on one database, as two servers behind a
// load balancer, asking for the login key at once, get the same key (the
// login form's token shown by one is taken by the other); another name is
// another key.
func TestServerKeyShared(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := mustOpenURL(t, url), mustOpenURL(t, url)
	keys := make(chan []byte, 2)
	for _, db := range []interface {
		ServerKey(context.Context, string) ([]byte, error)
	}{a, b} {
		go func() {
			k, err := db.ServerKey(ctx, "login")
			if err != nil {
				t.Error(err)
			}
			keys <- k
		}()
	}
	first, second := <-keys, <-keys
	if len(first) != 32 || string(first) != string(second) {
		t.Errorf("the two servers' login keys: %x and %x; want one key of 32 bytes", first, second)
	}
	other, err := a.ServerKey(ctx, "another")
	if err != nil || string(other) == string(first) {
		t.Errorf("another key: %x, %v", other, err)
	}
}
