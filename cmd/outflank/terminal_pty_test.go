//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/term"
)

// ptyRun runs the command line with stdout and/or stderr on a new
// pseudo-terminal, as a person at a terminal would, and returns what the
// terminal received. It skips where no pseudo-terminal can be opened.
func ptyRun(t *testing.T, onStdout, onStderr bool, args ...string) (code int, tty, other string) {
	t.Helper()
	master, slave := openPty(t)
	defer master.Close()
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(master) // ends with EIO once the slave is closed
		got <- b
	}()
	var buf bytes.Buffer
	stdout, stderr := io.Writer(&buf), io.Writer(&buf)
	if onStdout {
		stdout = slave
	}
	if onStderr {
		stderr = slave
	}
	code = Main(args, strings.NewReader(""), stdout, stderr)
	slave.Close()
	return code, string(<-got), buf.String()
}

// openPty opens a new pseudo-terminal in raw mode (no "\n" to "\r\n"),
// or skips the test where none can be opened.
func openPty(t *testing.T) (master, slave *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	var unlock int32
	var n uint32
	if err := ioctl(master, syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); err != nil {
		master.Close()
		t.Skipf("unlocking the pseudo-terminal: %v", err)
	}
	if err := ioctl(master, syscall.TIOCGPTN, unsafe.Pointer(&n)); err != nil {
		master.Close()
		t.Skipf("numbering the pseudo-terminal: %v", err)
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		t.Skipf("opening the pseudo-terminal: %v", err)
	}
	if _, err := term.MakeRaw(int(slave.Fd())); err != nil {
		t.Fatal(err)
	}
	return master, slave
}

func ioctl(f *os.File, req uintptr, arg unsafe.Pointer) error {
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), req, uintptr(arg)); errno != 0 {
		return errno
	}
	return nil
}

// TestExportToTerminalEscapes: export keeps the stored bytes for a file or a
// pipe (TestOutputEscapesStoredNames), but a terminal gets them escaped.
func TestExportToTerminalEscapes(t *testing.T) {
	db := legacyDB(t)
	for _, format := range []string{"json", "csv"} {
		code, tty, _ := ptyRun(t, true, false, "--db", db, "export", "legacy", "--format", format)
		if code != 0 || strings.ContainsAny(tty, "\x1b\x07\x7f\u202e") || !strings.Contains(tty, `\u202egpj.exe`) {
			t.Errorf("export --format %s on a terminal: exit %d:\n%q", format, code, tty)
		}
	}
}

// TestSimulateProgressOnTerminal: the progress bar's carriage returns reach
// a terminal as they are (Outflank's own, not escaped); the event goes to
// stdout.
func TestSimulateProgressOnTerminal(t *testing.T) {
	code, tty, stdout := ptyRun(t, false, true, "simulate", "--rules", "woc", "--players", "10", "--seed", "1")
	if code != 0 || !strings.Contains(tty, "\r[") || !strings.Contains(tty, "planned)") || !strings.Contains(stdout, "seed 1") {
		t.Errorf("simulate with stderr on a terminal: exit %d, terminal %q, stdout %q", code, tty, stdout)
	}
}
