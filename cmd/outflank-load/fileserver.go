package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// fileServerMode is the first argument with which this program runs as the
// yardstick: Go's own http.FileServer serving a folder on loopback, in a
// process of its own like the server it is compared with.
const fileServerMode = "-serve-files"

func runFileServer(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: outflank-load -serve-files DIR")
		return 2
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	srv := &http.Server{
		Handler:           http.FileServer(http.Dir(args[0])),
		ReadHeaderTimeout: 5 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	fmt.Printf("serving %s on http://%s/\n", args[0], l.Addr())
	if err := srv.Serve(l); err != http.ErrServerClosed {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
