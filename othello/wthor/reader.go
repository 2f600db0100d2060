package wthor

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// maxTrailingCount bounds how far a reader counts trailing bytes for its
// error message, so that an endless input still fails promptly.
const maxTrailingCount = 1 << 20

// maxPrealloc bounds the records allocated up front from a header's count
// when the input's size is unknown: the count is untrusted (a few bytes may
// claim four billion games), so beyond this the slice grows as records
// actually arrive.
const maxPrealloc = 1024

// recordReader reads a WTHOR file record by record, keeping the offset of
// the next byte for error messages.
type recordReader struct {
	in   *bufio.Reader
	off  int64
	size int64 // bytes the input says it holds, or -1 when unknown
}

// newRecordReader wraps r. When r can tell how many bytes it holds (as
// bytes.Reader, strings.Reader and bytes.Buffer can), that size lets
// capacity be allocated exactly; it is a hint only, never trusted for
// correctness.
func newRecordReader(r io.Reader) *recordReader {
	rr := &recordReader{size: -1}
	if l, ok := r.(interface{ Len() int }); ok {
		rr.size = int64(l.Len())
	}
	rr.in = bufio.NewReaderSize(r, 32<<10)
	return rr
}

// capacity returns how many records of recordSize to allocate for a header
// announcing n of them: n when the input is big enough to hold them, else
// what the input can hold, or maxPrealloc when its size is unknown.
func (r *recordReader) capacity(n uint64, recordSize int) int {
	limit := uint64(maxPrealloc)
	if r.size >= 0 {
		limit = uint64(max(r.size-HeaderSize, 0)) / uint64(recordSize)
	}
	return int(min(n, limit))
}

// full fills b. It returns the number of bytes read; err is io.EOF or
// io.ErrUnexpectedEOF when the data ends first (the caller words the
// *FormatError, knowing what was being read), or a wrapped read error.
func (r *recordReader) full(b []byte) (int, error) {
	n, err := io.ReadFull(r.in, b)
	r.off += int64(n)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return n, readError(r.off, err)
	}
	return n, err
}

// header reads the 16-byte header. what names the records the file should
// hold, for the message of a file too short to have a header.
func (r *recordReader) header(what string) (Header, error) {
	var b [HeaderSize]byte
	n, err := r.full(b[:])
	switch {
	case err == nil:
		return parseHeader(&b), nil
	case n == 0 && errors.Is(err, io.EOF):
		return Header{}, formatErrorf(0, "empty file: a %s file starts with a %d-byte header", what, HeaderSize)
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return Header{}, formatErrorf(r.off, "file ends inside the %d-byte header (%d bytes)", HeaderSize, n)
	}
	return Header{}, err
}

// record reads record i of want, each of len(b) bytes, naming them what
// ("game", "player", "tournament") in the error for a file that ends early.
func (r *recordReader) record(b []byte, i, want uint64, what string) error {
	n, err := r.full(b)
	switch {
	case err == nil:
		return nil
	case n == 0 && errors.Is(err, io.EOF):
		return formatErrorf(r.off, "file ends after %s; the header announces %d", plural(i, what), want)
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return formatErrorf(r.off, "file ends inside %s %d (%d of its %d bytes); the header announces %s",
			what, i, n, len(b), plural(want, what))
	}
	return err
}

// end checks that no data follows the want records of recordSize bytes the
// header announced, and reports any as trailing bytes, with a hint when they
// would make whole records (a header count that is too small).
func (r *recordReader) end(want uint64, recordSize int, what string) error {
	start := r.off
	n, err := io.Copy(io.Discard, io.LimitReader(r.in, maxTrailingCount))
	if err != nil {
		return readError(start+n, err)
	}
	if n == 0 {
		return nil
	}
	if n >= maxTrailingCount {
		return formatErrorf(start, "over 1 MiB of trailing data after the %s the header announces", plural(want, what))
	}
	hint := ""
	if n%int64(recordSize) == 0 {
		more := uint64(n) / uint64(recordSize)
		hint = fmt.Sprintf(" (room for %d more %s: is the header's count too small?)", more, noun(more, what))
	}
	return formatErrorf(start, "%s of trailing data after the %s the header announces%s",
		plural(uint64(n), "byte"), plural(want, what), hint)
}

// plural returns "1 game", "2 games" and so on.
func plural(n uint64, what string) string {
	return fmt.Sprintf("%d %s", n, noun(n, what))
}

// noun returns what in the singular for 1 and in the plural otherwise.
func noun(n uint64, what string) string {
	if n == 1 {
		return what
	}
	return what + "s"
}
