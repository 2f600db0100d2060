// Command outflank runs Othello tournaments by the federations' rulebooks.
// See the README for the commands; `outflank help` lists them.
package main

import (
	"flag"
	"io"
	"os"
)

func main() {
	stop := startProfile(os.Stderr)
	code := Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Main runs the command line with args (without the program name) and returns
// the exit code: 0 on success, 1 when the input was wrong (the message on
// stderr says what to do), 2 when the command line itself was wrong.
// Everything printed goes through a terminalWriter (terminal.go).
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out, errOut := newTerminalWriter(stdout), newTerminalWriter(stderr)
	defer out.Flush()
	defer errOut.Flush()
	e := &env{stdin: stdin, stdout: out, stderr: errOut, db: os.Getenv("OUTFLANK_DB"), usage: map[*flag.FlagSet]func(){}}
	if e.db == "" {
		e.db = "outflank.db"
	}
	return e.exit(e.run(args))
}
