package sqlite

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"os"
)

// A write-ahead log (the "-wal" file beside the database) holds committed
// transactions not yet copied into the database file. SQLite trusts it
// blindly: put an older copy of the database (a backup) beside the log a
// crashed command left, and SQLite lays the log's pages over pages they
// were never written for, which reads as wrong data or damage. Nothing in
// the log names the file it belongs to, so every Outflank write
// transaction increments a commit counter kept in page 1's header (PRAGMA
// user_version, offset 60; SQLite's own file change counter is not
// incremented reliably in WAL mode). The first transaction of a log was
// written on top of the database file as it then was, with counter c0,
// and gives page 1 the counter c0+1; the database file only ever receives
// pages copied from the log. So the file belongs with the log exactly when
// its counter lies between c0 and the counter of the last committed page 1
// of the log (https://www.sqlite.org/walformat.html,
// https://www.sqlite.org/fileformat.html).

// walSummary is what checkWAL needs of a write-ahead log.
type walSummary struct {
	pageSize int64
	// committed is set when the log holds at least one committed
	// transaction.
	committed bool
	// firstHasPage1 is set when the first committed transaction wrote page
	// 1; first is then the commit counter in it.
	firstHasPage1 bool
	first         uint32
	// lastPage1 is set when a committed transaction wrote page 1; last is
	// then the commit counter of the last such page 1.
	lastPage1 bool
	last      uint32
}

// WAL file magic numbers: checksums in little-endian or big-endian words.
const (
	walMagicLE = 0x377f0682
	walMagicBE = 0x377f0683
)

// readWAL reads the valid, committed part of a write-ahead log: the
// frames whose salts match the header and whose running checksums hold, up
// to the last commit frame. A missing or empty log reads as empty.
func readWAL(path string) (walSummary, error) {
	var s walSummary
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 64<<10)
	var hdr [32]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return s, nil // shorter than a header: holds nothing
	}
	var order binary.ByteOrder
	switch binary.BigEndian.Uint32(hdr[0:4]) {
	case walMagicLE:
		order = binary.LittleEndian
	case walMagicBE:
		order = binary.BigEndian
	default:
		return s, nil // not a log SQLite would read either
	}
	s.pageSize = int64(binary.BigEndian.Uint32(hdr[8:12]))
	if s.pageSize < 512 || s.pageSize > 65536 || s.pageSize&(s.pageSize-1) != 0 {
		return s, nil
	}
	s0, s1 := walChecksum(order, 0, 0, hdr[:24])
	if s0 != binary.BigEndian.Uint32(hdr[24:28]) || s1 != binary.BigEndian.Uint32(hdr[28:32]) {
		return s, nil // a header SQLite would ignore, and so the log
	}
	salt := hdr[16:24]
	frame := make([]byte, 24+s.pageSize)
	// pending is what the frames since the last commit frame would add.
	var pendingHasPage1, txHasPage1 bool
	var pendingCounter uint32
	firstTx := true
	for {
		if _, err := io.ReadFull(r, frame); err != nil {
			return s, nil // the log ends here (possibly mid-frame)
		}
		if string(frame[8:16]) != string(salt) {
			return s, nil // a frame of an earlier generation of the log
		}
		s0, s1 = walChecksum(order, s0, s1, frame[:8])
		s0, s1 = walChecksum(order, s0, s1, frame[24:])
		if s0 != binary.BigEndian.Uint32(frame[16:20]) || s1 != binary.BigEndian.Uint32(frame[20:24]) {
			return s, nil // a torn or stale frame: the valid log ends before it
		}
		if binary.BigEndian.Uint32(frame[0:4]) == 1 {
			// Page 1's header starts the page: the user version is at
			// its offset 60.
			counter := binary.BigEndian.Uint32(frame[24+60 : 24+64])
			if firstTx && !txHasPage1 {
				s.first = counter
			}
			pendingHasPage1, txHasPage1 = true, true
			pendingCounter = counter
		}
		if binary.BigEndian.Uint32(frame[4:8]) != 0 { // a commit frame
			if firstTx {
				s.firstHasPage1 = txHasPage1
				firstTx = false
			}
			s.committed = true
			if pendingHasPage1 {
				s.lastPage1, s.last = true, pendingCounter
			}
			pendingHasPage1, txHasPage1 = false, false
		}
	}
}

// walChecksum continues SQLite's WAL checksum over data (a multiple of 8
// bytes), whose words are read in order.
func walChecksum(order binary.ByteOrder, s0, s1 uint32, data []byte) (uint32, uint32) {
	for i := 0; i+8 <= len(data); i += 8 {
		s0 += order.Uint32(data[i:]) + s1
		s1 += order.Uint32(data[i+4:]) + s0
	}
	return s0, s1
}

// belongs reports whether a database file with header h can be the file
// the log was written for (see the comment at the top of this file). A log
// that cannot tell (nothing committed, or a first transaction that did not
// write page 1, as older versions of Outflank wrote) is given the benefit of
// the doubt.
func (s walSummary) belongs(h fileHeader) bool {
	if !s.committed || !s.firstHasPage1 || !s.lastPage1 {
		return true
	}
	if h.size > 0 && h.pageSize != s.pageSize {
		return false
	}
	c := int64(h.counter) // 0 for an empty file: the log created page 1
	return c >= int64(s.first)-1 && c <= int64(s.last)
}
