package main

import (
	"errors"
	"flag"
	"io"
	"strings"
)

// errHelpShown is returned when -h or --help printed a command's usage: the
// command stops and the exit code is 0.
var errHelpShown = errors.New("help shown")

// newFlags returns a flag set for one command, whose usage line is usage.
// The flag package's own error printing is silenced: parse errors become
// usage errors, and -h prints the usage on stdout (see flagError).
func (e *env) newFlags(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	e.usage[fs] = func() {
		e.printf(e.stdout, "usage: outflank %s\n", usage)
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parseFlags parses args with fs, allowing flags after positional arguments
// ("FILE --players X", as the command-line contract writes them); "--" ends
// the flags. It returns the positional arguments.
func (e *env) parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, e.flagError(fs, err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// flagError turns an error of fs.Parse into a usage error, or into
// errHelpShown after printing the usage for -h.
func (e *env) flagError(fs *flag.FlagSet, err error) error {
	if errors.Is(err, flag.ErrHelp) {
		e.usage[fs]()
		return errHelpShown
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		msg = "unknown flag " + name
	}
	if fs.Name() == globalFlags {
		return usagef("%s", msg)
	}
	return usagef("%s: %s", fs.Name(), msg)
}
