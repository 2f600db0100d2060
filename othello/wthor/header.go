package wthor

import (
	"encoding/binary"
	"time"
)

// Header is the 16-byte header that opens every WTHOR file. Readers keep
// every field as found, so that writing the file back reproduces it; writers
// replace only the record count (NumGames or NumRecords) with the number of
// records actually written.
type Header struct {
	// Century, Year, Month and Day give the date the file was created:
	// 2025-11-27 is stored as 20, 25, 11, 27. See CreationDate.
	Century, Year, Month, Day uint8
	// NumGames is the number of game records in a .wtb file; 0 in name files.
	NumGames uint32
	// NumRecords is the number of names in a name file; 0 in .wtb files.
	NumRecords uint16
	// GamesYear is the year the games of a .wtb file were played (0 in name
	// files); the creation date can be much later, as files are rebuilt.
	GamesYear uint16
	// BoardSize is 0 or 8 for the 8x8 board. The format also allows 10 for
	// 10x10 Othello, which Outflank does not play: game files with it are
	// rejected. Name files leave it 0 and it is not checked there.
	BoardSize uint8
	// GameType is kept as found; it is 0 in every real file seen.
	GameType uint8
	// Depth is the number of empty squares from which the federation's
	// solver computed TheoreticalScore by perfect play (24 in the real files).
	Depth uint8
	// Reserved is kept as found; it is 0 in every real file seen.
	Reserved uint8
}

// Offsets of the header fields, used to point errors at them.
const (
	offNumGames   = 4
	offNumRecords = 8
	offBoardSize  = 12
)

// CreationYear returns the year the file was created, such as 2025.
func (h Header) CreationYear() int { return int(h.Century)*100 + int(h.Year) }

// CreationDate returns the date the file was created. The fields are
// returned as stored, without checking that they form a real date.
func (h Header) CreationDate() (year int, month time.Month, day int) {
	return h.CreationYear(), time.Month(h.Month), int(h.Day)
}

// SetCreationDate stores the date of t as the creation date. Years outside
// 0-25599, which a century byte cannot hold, are stored modulo 25600.
func (h *Header) SetCreationDate(t time.Time) {
	year, month, day := t.Date()
	year = ((year % 25600) + 25600) % 25600
	h.Century, h.Year = uint8(year/100), uint8(year%100)
	h.Month, h.Day = uint8(month), uint8(day)
}

// parseHeader decodes the 16 bytes of b.
func parseHeader(b *[HeaderSize]byte) Header {
	le := binary.LittleEndian
	return Header{
		Century:    b[0],
		Year:       b[1],
		Month:      b[2],
		Day:        b[3],
		NumGames:   le.Uint32(b[offNumGames:]),
		NumRecords: le.Uint16(b[offNumRecords:]),
		GamesYear:  le.Uint16(b[10:]),
		BoardSize:  b[offBoardSize],
		GameType:   b[13],
		Depth:      b[14],
		Reserved:   b[15],
	}
}

// encode returns the 16 bytes of h; it is the inverse of parseHeader.
func (h Header) encode() [HeaderSize]byte {
	var b [HeaderSize]byte
	le := binary.LittleEndian
	b[0], b[1], b[2], b[3] = h.Century, h.Year, h.Month, h.Day
	le.PutUint32(b[offNumGames:], h.NumGames)
	le.PutUint16(b[offNumRecords:], h.NumRecords)
	le.PutUint16(b[10:], h.GamesYear)
	b[offBoardSize], b[13], b[14], b[15] = h.BoardSize, h.GameType, h.Depth, h.Reserved
	return b
}

// checkBoardSize reports a game file's board size that Outflank cannot use,
// for readers and writers alike.
func checkBoardSize(size uint8) error {
	switch size {
	case 0, 8:
		return nil
	case 10:
		return formatErrorf(offBoardSize, "board size 10 (10x10 Othello) is not supported: Outflank plays on 8x8 only")
	}
	return formatErrorf(offBoardSize, "unknown board size %d (0 or 8 mean 8x8)", size)
}
