package sqlite

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
)

// fileHeader is what Open reads of the first 100 bytes of a database file
// (https://www.sqlite.org/fileformat.html, "The Database Header"), before
// SQLite itself opens it.
type fileHeader struct {
	size     int64  // the file's size in bytes
	pageSize int64  // bytes per page
	counter  uint32 // Outflank's commit counter: the user version (offset 60)
	pages    int64  // the database size in pages, 0 when not valid
}

// sqliteMagic starts every SQLite database file.
var sqliteMagic = []byte("SQLite format 3\x00")

// readHeader reads the header of the database file at path. A file of 0
// bytes is an empty database (size 0, nothing else set). A file that does
// not start like a database is an error saying so.
func readHeader(path, name string) (fileHeader, error) {
	f, err := os.Open(path)
	if err != nil {
		return fileHeader{}, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return fileHeader{}, err
	}
	h := fileHeader{size: info.Size()}
	if h.size == 0 {
		return h, nil
	}
	var b [100]byte
	if _, err := io.ReadFull(f, b[:]); err != nil {
		if n := min(h.size, int64(len(sqliteMagic))); !bytes.Equal(b[:n], sqliteMagic[:n]) {
			return h, notOutflank(name, "it is not an SQLite database")
		}
		return h, damaged(name, fmt.Sprintf("it is cut short: %d bytes, less than its own header", h.size))
	}
	if !bytes.Equal(b[:16], sqliteMagic) {
		return h, notOutflank(name, "it is not an SQLite database")
	}
	h.pageSize = int64(binary.BigEndian.Uint16(b[16:18]))
	if h.pageSize == 1 {
		h.pageSize = 65536
	}
	if h.pageSize < 512 || h.pageSize&(h.pageSize-1) != 0 {
		return h, damaged(name, fmt.Sprintf("its header gives an impossible page size, %d", h.pageSize))
	}
	h.counter = binary.BigEndian.Uint32(b[60:64])
	// The size in pages is valid only when the "version-valid-for" number
	// equals the file change counter (fileformat.html, "In-header database
	// size").
	if binary.BigEndian.Uint32(b[92:96]) == binary.BigEndian.Uint32(b[24:28]) {
		h.pages = int64(binary.BigEndian.Uint32(b[28:32]))
	}
	return h, nil
}

// checkSize reports a file shorter than its header says it is. It applies
// only when no write-ahead log holds newer pages: a checkpoint that was
// cut short may legitimately leave the file shorter, and SQLite completes it
// from the log.
func (h fileHeader) checkSize(name string) error {
	if h.size == 0 || h.pages == 0 {
		return nil
	}
	if want := h.pages * h.pageSize; h.size < want {
		return damaged(name, fmt.Sprintf("it is truncated: its header says %d bytes, the file has %d", want, h.size))
	}
	if h.size%h.pageSize != 0 {
		return damaged(name, fmt.Sprintf("its size, %d bytes, is not a whole number of %d-byte pages", h.size, h.pageSize))
	}
	return nil
}
