//go:build unix

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"outflank"
	"outflank/internal/pgtest"
	"outflank/sqlite"
)

// measuredMain, where the system can measure a process's peak memory
// (memory_linux_test.go), runs the command line and reports that peak.
var measuredMain func()

// The test binary doubles as the outflank binary and as a crashing writer,
// for the tests that need another process (another user, a kill, a writer
// that never closes the database): $OUTFLANK_TEST_AS says which it is, and
// $OUTFLANK_RUN_MAIN asks for outflank with its peak memory measured.
func TestMain(m *testing.M) {
	// Every store compares each tournament it serves from memory with a
	// full load (internal/memo), in this process and those it starts.
	if _, set := os.LookupEnv("OUTFLANK_VERIFY_MEMO"); !set {
		os.Setenv("OUTFLANK_VERIFY_MEMO", "1")
	}
	if os.Getenv("OUTFLANK_RUN_MAIN") == "1" && measuredMain != nil {
		measuredMain()
	}
	switch os.Getenv("OUTFLANK_TEST_AS") {
	case "main":
		os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "crashed-writer":
		crashedWriter(os.Args[1:])
	}
	pgtest.Main(m) // stops the PostgreSQL cluster the tests started, if any
}

// crashedWriter enters a result (args: DB SLUG ROUND TABLE BLACK WHITE) and
// exits at once, without closing the database: as a writer killed after
// its commit, it leaves its write-ahead log beside the file, holding the
// change.
func crashedWriter(args []string) {
	if len(args) != 6 {
		fmt.Fprintln(os.Stderr, "crashed-writer: DB SLUG ROUND TABLE BLACK WHITE")
		os.Exit(2)
	}
	n := make([]int, 4)
	for i := range n {
		n[i], _ = strconv.Atoi(args[2+i])
	}
	ctx := outflank.WithActor(context.Background(), "crashed writer")
	db, err := sqlite.Open(ctx, args[0], sqlite.Options{})
	if err == nil {
		_, err = db.Update(ctx, args[1], outflank.KindResult, func(t *outflank.Tournament) (string, error) {
			res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: n[2], White: n[3]}})
			if err != nil {
				return "", err
			}
			_, err = t.SetResult(n[0], n[1], res, outflank.ResultOptions{Replace: true})
			return "result by a writer that crashes", err
		})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("saved")
	os.Exit(0) // no Close: the log stays, as after a kill
}

// testBinary returns a copy of the test binary that every user may run.
func testBinary(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := publicDir(t)
	bin := filepath.Join(dir, "outflank.test")
	src, err := os.Open(self)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return bin
}

// publicDir returns a new folder that every user may enter and read.
func publicDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for d := dir; d != filepath.Dir(d) && d != os.TempDir(); d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// reexec runs the test binary bin as outflank (as == "main") or as a
// crashed writer, with args; asOther runs it as the unprivileged user
// "nobody" when the test runs as root.
func reexec(t *testing.T, bin, as string, asOther bool, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "OUTFLANK_TEST_AS="+as)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if asOther && os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		cmd.Dir = "/"
	}
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode(), out.String(), errOut.String()
	}
	if err != nil {
		t.Fatalf("running %s: %v", bin, err)
	}
	return 0, out.String(), errOut.String()
}
