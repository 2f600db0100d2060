package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"outflank"
	"outflank/exchange"
	"outflank/wof"
)

// Every file a command reads goes through an input: a stream that fails as
// soon as the file passes its size limit, and before reading anything when
// a regular file's size is already over it. So a file of any size costs
// memory only up to the limit, and a huge file fails at once (docs/cli.md,
// "Size limits").

// fileKind is a kind of file the commands read: its default size limit, and
// the largest limit its reader can take (0: no such bound).
type fileKind struct {
	name    string
	limit   int64
	ceiling int64
}

const (
	kB = 1 << 10
	mB = 1 << 20
	gB = 1 << 30
)

// The kinds of files, with their default limits: generous for real files
// (an .ELO file under 30 KB, joueurs.txt under 1 MB, 5,000 players with 13
// rounds of transcripts about 5 MB), small enough to keep memory in check.
var (
	kindTournament = fileKind{"tournament file", 64 * mB, exchange.MaxJSONSize}
	kindELO        = fileKind{".ELO file", 16 * mB, wof.MaxFileSize}
	kindPlayersCSV = fileKind{"players CSV", 16 * mB, 0}
	kindPlayerDB   = fileKind{"player database", 16 * mB, wof.MaxFileSize}
	kindWthor      = fileKind{"WTHOR file", 64 * mB, 0}
	kindRatingList = fileKind{"rating list", 64 * mB, 0}
)

// maxSizeFlag adds --max-size to fs: the size limit of every file the
// command reads, in place of each kind's default.
func maxSizeFlag(fs *flag.FlagSet) *byteSize {
	s := new(byteSize)
	fs.Var(s, "max-size", "the largest `size` of file read (e.g. 64MB; the default depends on the kind of file: see docs/cli.md)")
	return s
}

// byteSize is a size given on the command line: 64MB, 512KB, 2GB or a
// number of bytes. KB, MB and GB are 1024-based (KiB, MiB and GiB mean the
// same); 0 means not given.
type byteSize int64

func (s *byteSize) String() string {
	if s == nil || *s == 0 {
		return ""
	}
	return formatSize(int64(*s))
}

func (s *byteSize) Set(v string) error {
	n, err := parseSize(v)
	if err != nil {
		return err
	}
	*s = byteSize(n)
	return nil
}

// limitFor returns the limit for a file of kind: the one given with
// --max-size, else the kind's default.
func (s *byteSize) limitFor(kind fileKind) int64 {
	if s != nil && *s > 0 {
		return int64(*s)
	}
	return kind.limit
}

// parseSize reads "64MB", "512 KiB", "2g", "1048576" or "100 bytes".
func parseSize(v string) (int64, error) {
	text := strings.TrimSpace(v)
	digits := strings.TrimRightFunc(text, func(r rune) bool { return r < '0' || r > '9' })
	unit := strings.ToUpper(strings.TrimSpace(text[len(digits):]))
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("write a size such as 64MB, 512KB or 2GB")
	}
	mult := map[string]int64{"": 1, "B": 1, "BYTE": 1, "BYTES": 1, "K": kB, "KB": kB, "KIB": kB, "M": mB, "MB": mB, "MIB": mB, "G": gB, "GB": gB, "GIB": gB}
	m, ok := mult[unit]
	if !ok {
		return 0, fmt.Errorf("unknown unit %q: use KB, MB or GB", text[len(digits):])
	}
	if n > (1<<62)/m {
		return 0, fmt.Errorf("%s is too large", text)
	}
	return n * m, nil
}

// formatSize writes n bytes in the largest unit that divides it: "16 MB".
func formatSize(n int64) string {
	switch {
	case n%gB == 0:
		return fmt.Sprintf("%d GB", n/gB)
	case n%mB == 0:
		return fmt.Sprintf("%d MB", n/mB)
	case n%kB == 0:
		return fmt.Sprintf("%d KB", n/kB)
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// input is a file opened for reading within a size limit. Read it through
// its methods only; Len tells the bytes left in a regular file, a hint that
// lets readers allocate once.
type input struct {
	path  string
	file  *os.File
	size  int64 // the size of a regular file, -1 for a pipe or device
	limit int64
	kind  fileKind
	// read counts the bytes taken from the file; over is set once it
	// passes the limit.
	read int64
	over bool
	buf  *bufio.Reader
}

// openInput opens path for reading. Its limit is set by setLimit, before
// anything but peek reads it.
func openInput(path string) (*input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fileError(path, err)
	}
	if info.IsDir() {
		f.Close()
		return nil, outflank.Errorf(outflank.EINVALID, "%s is a folder: give a file", path)
	}
	in := &input{path: path, file: f, size: -1, limit: -1}
	if info.Mode().IsRegular() {
		in.size = info.Size()
	}
	in.buf = bufio.NewReaderSize(source{in}, 64*kB)
	return in, nil
}

// openLimited opens path as a file of kind within the limit of --max-size.
// A regular file over the limit fails here, before anything is read.
func openLimited(path string, kind fileKind, maxSize *byteSize) (*input, error) {
	in, err := openInput(path)
	if err != nil {
		return nil, err
	}
	if err := in.setLimit(kind, maxSize); err != nil {
		in.Close()
		return nil, err
	}
	return in, nil
}

// setLimit sets the limit for a file of kind and checks a regular file's
// size against it.
func (in *input) setLimit(kind fileKind, maxSize *byteSize) error {
	in.kind, in.limit = kind, maxSize.limitFor(kind)
	if kind.ceiling > 0 {
		in.limit = min(in.limit, kind.ceiling)
	}
	if in.size > in.limit || in.read > in.limit {
		in.over = true
		return in.tooLarge()
	}
	return nil
}

// peek returns the first bytes of the file, up to n, without consuming them.
func (in *input) peek(n int) []byte {
	b, _ := in.buf.Peek(n)
	return b
}

// Read reads the file, failing once it passes the limit.
func (in *input) Read(p []byte) (int, error) { return in.buf.Read(p) }

// Len returns the bytes left to read in a regular file within the limit, 0
// when unknown: a hint for allocating, never trusted for correctness.
func (in *input) Len() int {
	if in.size < 0 {
		return 0
	}
	left := min(in.size, in.limit+1) - in.read + int64(in.buf.Buffered())
	return int(max(left, 0))
}

// Close closes the file.
func (in *input) Close() error { return in.file.Close() }

// overLimit returns the error for a file that passed its limit while being
// read, and nil otherwise. Readers word the failed read their own way, so
// callers ask this first.
func (in *input) overLimit() error {
	if in.over {
		return in.tooLarge()
	}
	return nil
}

// tooLarge is the error for a file over its limit.
func (in *input) tooLarge() error {
	if in.limit == in.kind.ceiling {
		return outflank.Errorf(outflank.EINVALID, "%s is larger than %s, the largest %s Outflank reads (--max-size cannot raise it)", in.path, formatSize(in.limit), in.kind.name)
	}
	suggest := 2 * in.limit
	if in.size > in.limit {
		suggest = (in.size + mB - 1) / mB * mB
	}
	return outflank.Errorf(outflank.EINVALID, "%s is larger than the limit of %s (--max-size): if it is the right file, raise the limit (e.g. --max-size %s)",
		in.path, formatSize(in.limit), strings.ReplaceAll(formatSize(suggest), " ", ""))
}

// errTooLarge is what the stream returns past the limit; overLimit gives
// the message that names the file and the limit.
var errTooLarge = errors.New("file larger than the size limit")

// source reads in's file for its buffer, counting bytes and stopping one
// byte past the limit.
type source struct{ in *input }

func (s source) Read(p []byte) (int, error) {
	in := s.in
	if in.limit >= 0 {
		if in.read > in.limit {
			in.over = true
			return 0, errTooLarge
		}
		if left := in.limit + 1 - in.read; int64(len(p)) > left {
			p = p[:left]
		}
	}
	n, err := in.file.Read(p)
	in.read += int64(n)
	if in.limit >= 0 && in.read > in.limit {
		in.over = true
		return 0, errTooLarge
	}
	return n, err
}

// Ensure input satisfies the readers' size hint.
var _ interface {
	io.Reader
	Len() int
} = (*input)(nil)
