package pgtest

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// account is a user the server's programs run as.
type account struct{ uid, gid uint32 }

// dirPrefix names the temporary folders of throwaway clusters.
const dirPrefix = "outflank-pgtest-"

// cluster is a throwaway PostgreSQL cluster in a temporary folder.
type cluster struct {
	bin  string // the folder of initdb, pg_ctl and postgres
	dir  string // the temporary folder: data/, the socket, the log
	port int
	// as runs the server's programs as an unprivileged user when this
	// process is root (initdb refuses to run as root); nil otherwise.
	as *account
}

// findBin returns the folder of initdb and pg_ctl: from PATH, else the
// newest /usr/lib/postgresql/*/bin (Debian does not put them on PATH).
func findBin() (string, error) {
	if dir := os.Getenv(EnvBin); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err != nil {
			return "", fmt.Errorf("initdb not found in %s=%s; apt-get install postgresql, or fix %s", EnvBin, dir, EnvBin)
		}
		return dir, nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "pg_ctl")); err == nil {
			return dir, nil
		}
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	slices.SortFunc(matches, func(a, b string) int {
		return versionOf(b) - versionOf(a)
	})
	for _, m := range matches {
		dir := filepath.Dir(m)
		if _, err := os.Stat(filepath.Join(dir, "pg_ctl")); err == nil {
			return dir, nil
		}
	}
	return "", errors.New("initdb not found (on PATH or in /usr/lib/postgresql/*/bin); apt-get install postgresql")
}

// versionOf reads 15 from /usr/lib/postgresql/15/bin/initdb.
func versionOf(path string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(path))))
	return n
}

// newCluster makes a cluster in a new temporary folder and starts it.
func newCluster(bin string) (*cluster, error) {
	c := &cluster{bin: bin}
	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, err
	}
	c.dir = dir
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root, and there is no 'postgres' user to run initdb as (initdb refuses root): %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.as = &account{uid: uint32(uid), gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	// owner marks the folder as this process's: a later test binary
	// removes the folder of one that died without stopping its cluster.
	if err := os.WriteFile(filepath.Join(dir, "owner"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if out, err := c.run("initdb", "-D", c.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	for attempt := 0; ; attempt++ {
		if c.port, err = freePort(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		if err = c.start(); err == nil {
			return c, nil
		}
		if attempt == 2 {
			os.RemoveAll(dir)
			return nil, err
		}
	}
}

func (c *cluster) data() string { return filepath.Join(c.dir, "data") }

// url is the URL of database name, as the superuser, over TCP.
func (c *cluster) url(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, name)
}

// start starts the server and waits until it accepts connections.
func (c *cluster) start() error {
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300",
		c.port, c.dir)
	out, err := c.run("pg_ctl", "start", "-w", "-t", "60", "-D", c.data(), "-l", filepath.Join(c.dir, "log"), "-o", opts)
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "log"))
		return fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, tail(string(log), 2000))
	}
	return nil
}

// stop stops the server: mode is fast or immediate.
func (c *cluster) stop(mode string) error {
	out, err := c.run("pg_ctl", "stop", "-w", "-t", "60", "-m", mode, "-D", c.data())
	if err != nil {
		return fmt.Errorf("pg_ctl stop: %v\n%s", err, out)
	}
	return nil
}

// destroy stops the server, if running, and removes the folder.
func (c *cluster) destroy() error {
	var err error
	if c.running() {
		if err = c.stop("fast"); err != nil {
			err = c.stop("immediate")
		}
	}
	if rmErr := os.RemoveAll(c.dir); err == nil {
		err = rmErr
	}
	return err
}

// running reports whether the server is running (its pid file exists).
func (c *cluster) running() bool {
	_, err := os.Stat(filepath.Join(c.data(), "postmaster.pid"))
	return err == nil
}

// run runs one of the cluster's programs, as the unprivileged user if
// need be, in the cluster's folder.
func (c *cluster) run(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if c.as != nil {
		c.as.apply(cmd)
		cmd.Env = append(cmd.Env, "HOME="+c.dir, "USER=postgres")
	}
	return cmd.CombinedOutput()
}

// freePort returns a loopback port that nothing listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// reapStale stops and removes the clusters of test binaries that died
// without stopping theirs (killed by a timeout or a signal).
func reapStale() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	bin, _ := findBin()
	for _, dir := range dirs {
		data, err := os.ReadFile(filepath.Join(dir, "owner"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
		if err != nil || alive(pid) {
			continue
		}
		c := &cluster{bin: bin, dir: dir}
		if info, err := os.Stat(dir); err == nil && os.Geteuid() == 0 {
			c.as = owner(info)
		}
		if c.running() {
			c.stop("immediate")
		}
		os.RemoveAll(dir)
	}
}

// withDatabase returns the URL u naming database name instead.
func withDatabase(u, name string) string {
	parsed, err := url.Parse(u)
	if err != nil || (parsed.Scheme != "postgres" && parsed.Scheme != "postgresql") {
		return u + " dbname=" + name // a keyword/value connection string
	}
	parsed.Path = "/" + name
	return parsed.String()
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
