package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"time"
)

// pgBin is where Debian installs PostgreSQL 15's programs.
const pgBin = "/usr/lib/postgresql/15/bin"

// pgCluster is a throwaway PostgreSQL cluster the load generator runs for
// itself (-start-postgres): in the run's temporary folder, on a loopback
// port, trusted (nothing but this machine can reach it), stopped at the
// end.
type pgCluster struct {
	data, socket, log string
	port              int
	asUser            string // "postgres" when run as root (initdb refuses root)
	url               string
}

// startPostgres makes a cluster in data (dir or a folder in it) and
// starts it, its socket and log in dir.
func startPostgres(ctx context.Context, dir, data string) (*pgCluster, error) {
	pg := &pgCluster{data: filepath.Join(data, "pgdata"), socket: filepath.Join(dir, "pgsock"), log: filepath.Join(dir, "postgres.log")}
	for _, d := range []string{pg.data, pg.socket} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return nil, err
		}
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("initdb refuses to run as root, and there is no postgres user to run it as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		// The postgres user must reach its folders through the run's.
		if err := os.Chmod(dir, 0o711); err != nil {
			return nil, err
		}
		for _, p := range []string{pg.data, pg.socket} {
			if err := os.Chown(p, uid, gid); err != nil {
				return nil, err
			}
		}
		f, err := os.Create(pg.log)
		if err != nil {
			return nil, err
		}
		f.Close()
		if err := os.Chown(pg.log, uid, gid); err != nil {
			return nil, err
		}
		pg.asUser = "postgres"
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	pg.port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	if err := pg.run(ctx, "initdb", "-D", pg.data, "-U", "outflank", "-A", "trust", "-E", "UTF8", "--no-sync"); err != nil {
		return nil, err
	}
	if err := pg.ctl(ctx, "start"); err != nil {
		return nil, err
	}
	if err := pg.run(ctx, "createdb", "-h", "127.0.0.1", "-p", strconv.Itoa(pg.port), "-U", "outflank", "outflank_load"); err != nil {
		pg.stop()
		return nil, err
	}
	pg.url = fmt.Sprintf("postgres://outflank@127.0.0.1:%d/outflank_load?sslmode=disable", pg.port)
	return pg, nil
}

// run runs one of PostgreSQL's programs, as the postgres user when root.
func (pg *pgCluster) run(ctx context.Context, program string, args ...string) error {
	name, full := filepath.Join(pgBin, program), args
	if pg.asUser != "" {
		name, full = "runuser", append([]string{"-u", pg.asUser, "--", filepath.Join(pgBin, program)}, args...)
	}
	cmd := exec.CommandContext(ctx, name, full...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v: %s", program, err, bytes.TrimSpace(out.Bytes()))
	}
	return nil
}

// ctl runs pg_ctl start, restart or stop on the cluster and waits for it.
func (pg *pgCluster) ctl(ctx context.Context, action string) error {
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c max_connections=300", pg.port, pg.socket)
	return pg.run(ctx, "pg_ctl", "-D", pg.data, "-l", pg.log, "-o", opts, "-m", "fast", "-w", "-t", "60", action)
}

// restart stops the cluster (fast: every connection is cut) and starts it
// again, and returns how long it took.
func (pg *pgCluster) restart(ctx context.Context) (time.Duration, error) {
	start := time.Now()
	err := pg.ctl(ctx, "restart")
	return time.Since(start), err
}

// stop ends the cluster, whatever the run's context.
func (pg *pgCluster) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	pg.run(ctx, "pg_ctl", "-D", pg.data, "-m", "immediate", "-w", "stop")
}
