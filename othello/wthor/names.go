package wthor

import (
	"bufio"
	"bytes"
	"io"
	"math"
)

// NameFile is a name file: WTHOR.JOU (players) or WTHOR.TRN (tournaments).
// Names[i] is the player or tournament that game records call i.
type NameFile struct {
	Header
	Names []string
}

// Name returns name i, or false when the file has no name i. Game records
// use uint16 indices, hence the parameter type.
func (f *NameFile) Name(i uint16) (string, bool) {
	if f == nil || int(i) >= len(f.Names) {
		return "", false
	}
	return f.Names[i], true
}

// nameKind tells the two name files apart: the size of their records and
// the word for what they name, used in error messages.
type nameKind struct {
	size int
	what string
}

var (
	players     = nameKind{size: PlayerRecordSize, what: "player"}
	tournaments = nameKind{size: TournamentRecordSize, what: "tournament"}
)

// ReadPlayers reads a player file (WTHOR.JOU, 20-byte records) from r, to
// its end. Names are decoded from Latin-1. The header's record count must
// match the records that follow exactly, and each name must end with a NUL
// followed only by NULs; invalid data is reported as a *FormatError.
func ReadPlayers(r io.Reader) (*NameFile, error) { return readNames(r, players) }

// ReadTournaments reads a tournament file (WTHOR.TRN, 26-byte records) from
// r, to its end, as ReadPlayers reads a player file.
func ReadTournaments(r io.Reader) (*NameFile, error) { return readNames(r, tournaments) }

// WritePlayers writes f to w as a player file (WTHOR.JOU). The header is
// written as f.Header except NumRecords, which is set to len(f.Names).
// Each name is encoded in Latin-1 and must fit its 20-byte record with its
// NUL, so at most 19 characters; a longer name, a character outside Latin-1
// or a NUL inside a name is reported as a *FormatError naming the record
// and the name, before anything is written.
func WritePlayers(w io.Writer, f *NameFile) error { return writeNames(w, f, players) }

// WriteTournaments writes f to w as a tournament file (WTHOR.TRN), as
// WritePlayers writes a player file; the records have 26 bytes, so names
// have at most 25 characters.
func WriteTournaments(w io.Writer, f *NameFile) error { return writeNames(w, f, tournaments) }

// readNames reads a name file of the given kind.
func readNames(r io.Reader, kind nameKind) (*NameFile, error) {
	in := newRecordReader(r)
	h, err := in.header(kind.what)
	if err != nil {
		return nil, err
	}
	want := uint64(h.NumRecords)
	f := &NameFile{Header: h, Names: make([]string, 0, in.capacity(want, kind.size))}
	rec := make([]byte, kind.size)
	for i := range want {
		off := in.off
		if err := in.record(rec, i, want, kind.what); err != nil {
			return nil, err
		}
		name, err := decodeName(rec, kind.what, i, off)
		if err != nil {
			return nil, err
		}
		f.Names = append(f.Names, name)
	}
	if err := in.end(want, kind.size, kind.what); err != nil {
		return nil, err
	}
	return f, nil
}

// decodeName decodes record rec, name i of the file, found at offset off.
func decodeName(rec []byte, what string, i uint64, off int64) (string, error) {
	n := bytes.IndexByte(rec, 0)
	if n < 0 {
		return "", formatErrorf(off+int64(len(rec))-1, "%s %d: name %q has no NUL within its %d-byte record",
			what, i, decodeLatin1(rec), len(rec))
	}
	name := decodeLatin1(rec[:n])
	// Real records are padded with NULs. Anything else after the NUL would
	// be lost on writing, so it is refused to keep the round trip exact.
	for j := n + 1; j < len(rec); j++ {
		if rec[j] != 0 {
			return "", formatErrorf(off+int64(j), "%s %d: name %q is followed by byte 0x%02X after its NUL, where only NULs may pad the record",
				what, i, name, rec[j])
		}
	}
	return name, nil
}

// writeNames writes f as a name file of the given kind.
func writeNames(w io.Writer, f *NameFile, kind nameKind) error {
	if f == nil {
		return errNilFile
	}
	if len(f.Names) > math.MaxUint16 {
		return formatErrorf(offNumRecords, "%d %ss, but the header's count holds at most %d", len(f.Names), kind.what, math.MaxUint16)
	}
	for i, name := range f.Names {
		if err := checkName(name, kind, i); err != nil {
			return err
		}
	}

	h := f.Header
	h.NumRecords = uint16(len(f.Names))
	bw := bufio.NewWriterSize(w, min(32<<10, HeaderSize+kind.size*len(f.Names)))
	head := h.encode()
	bw.Write(head[:]) // bufio.Writer keeps the first error and returns it from Flush.
	rec := make([]byte, 0, kind.size)
	for _, name := range f.Names {
		rec = appendLatin1(rec[:0], name)
		for len(rec) < kind.size {
			rec = append(rec, 0)
		}
		bw.Write(rec)
	}
	if err := bw.Flush(); err != nil {
		return writeError(err)
	}
	return nil
}

// checkName reports what in name i a record of the given kind cannot hold.
// It checks exactly what decodeName rejects.
func checkName(name string, kind nameKind, i int) error {
	off := HeaderSize + int64(kind.size)*int64(i)
	n, bad := latin1Len(name)
	switch {
	case bad != nil && bad.invalid:
		return formatErrorf(off+int64(bad.pos), "%s %d: name %q is not valid UTF-8 at character %d", kind.what, i, name, bad.pos+1)
	case bad != nil:
		return formatErrorf(off+int64(bad.pos), "%s %d: name %q: character %q (%U) is not in Latin-1", kind.what, i, name, bad.r, bad.r)
	case n >= kind.size:
		return formatErrorf(off, "%s %d: name %q is %d bytes in Latin-1, but a %d-byte record holds at most %d and a NUL",
			kind.what, i, name, n, kind.size, kind.size-1)
	}
	if j := indexNUL(name); j >= 0 {
		return formatErrorf(off+int64(j), "%s %d: name %q contains a NUL, which would end it early", kind.what, i, name)
	}
	return nil
}

// indexNUL returns the Latin-1 position of the first NUL in name, or -1.
// name is known to be valid Latin-1 text, where a NUL is one byte in both.
func indexNUL(name string) int {
	pos := 0
	for _, r := range name {
		if r == 0 {
			return pos
		}
		pos++
	}
	return -1
}
