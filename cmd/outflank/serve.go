package main

import (
	"context"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"outflank"
	"outflank/sqlite"
	"outflank/web"
)

const serveUsage = "serve [--addr 127.0.0.1:8080] [--base-url URL]"

// runServe serves the web site of every tournament in the database until
// SIGINT or SIGTERM, then shuts down gracefully.
func runServe(e *env, args []string) error {
	fs := e.newFlags("serve", serveUsage)
	addr := fs.String("addr", "127.0.0.1:8080", "the `address` to listen on (:8080 serves the venue's network)")
	baseURL := fs.String("base-url", "", "the `URL` the site is reached at, for absolute links")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("usage: outflank %s", serveUsage)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return e.withStore(func(_ context.Context, db *sqlite.DB) error {
		return e.serve(ctx, db, *addr, *baseURL)
	})
}

// serve runs the site of db on addr until ctx ends.
func (e *env) serve(ctx context.Context, db *sqlite.DB, addr, baseURL string) error {
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	srv, err := web.New(db, db, web.Config{BaseURL: baseURL, Log: log})
	if err != nil {
		return err
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "cannot listen on %s: %v (another program may use the port: try --addr 127.0.0.1:8081)", addr, err)
	}
	e.printf(e.stdout, "serving %s on http://%s/ (Ctrl-C stops)\n", db.Path(), l.Addr())
	return srv.Serve(ctx, l)
}
