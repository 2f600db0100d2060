package wthor

import (
	"errors"
	"fmt"
)

// FormatError reports data that is not a valid WTHOR file, or a value that a
// WTHOR file cannot hold. Offset is the byte of the file where the problem
// lies: for a reader, the offending byte, or the end of the data when the
// file is too short; for a writer, the byte where the value would have been
// written. Msg says what is wrong in words, naming the game or name and the
// move concerned.
type FormatError struct {
	Offset int64
	Msg    string
}

// Error returns "wthor: byte N: message".
func (e *FormatError) Error() string {
	return fmt.Sprintf("wthor: byte %d: %s", e.Offset, e.Msg)
}

// formatErrorf builds a *FormatError at offset off.
func formatErrorf(off int64, format string, args ...any) *FormatError {
	return &FormatError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// errNilFile is returned by the writers when given no file at all, which is
// a programming error rather than a value the format cannot hold.
var errNilFile = errors.New("wthor: nil file")

// readError wraps an error from the underlying reader, other than the end of
// the data, with the offset at which reading failed. It is not a
// *FormatError: the data may be fine, its source is not.
func readError(off int64, err error) error {
	return fmt.Errorf("wthor: reading byte %d: %w", off, err)
}

// writeError wraps an error from the underlying writer.
func writeError(err error) error {
	return fmt.Errorf("wthor: writing: %w", err)
}
