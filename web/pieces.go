package web

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"html/template"
	"math/rand/v2"
	"strconv"
	"sync"
)

// A page is rendered as pieces: the text its templates write for this
// version, and blocks, HTML rendered before and kept with its deflated
// form (a standings table, rowsCache). A 5,000-player standings page is
// a megabyte of rows, which a result of the round in play leaves as they
// were: its new version writes the few kilobytes around them, and its
// gzip is theirs deflated now and the rows' deflated once (gzipPieces),
// instead of rendering and compressing the megabyte again.
type piece struct {
	text []byte // when blk is nil
	blk  *block
}

// block is HTML kept across renders, and deflated (the first time a gzip
// needs it) on its own: a run of deflate blocks that refers to nothing
// before it and ends on a byte (a sync flush), so that it can be put
// anywhere in a deflate stream.
type block struct {
	html []byte
	once sync.Once
	z    []byte
}

// deflated is the block's deflate run, made the first time it is asked
// for.
func (b *block) deflated() []byte {
	b.once.Do(func() { b.z = deflate(b.html) })
	return b.z
}

// pieceTable is what one render's templates insert into what they write:
// each insertion is written as a marker (a NUL, which html/template never
// lets through from anything it escapes, this render's nonce, the
// insertion's number, a NUL), which the render's pieceWriter replaces
// with the pieces.
type pieceTable struct {
	prefix string // "\x00piece-<nonce>:"
	groups [][]piece
	rows   *rowsCache // where rowsHTML finds the tables rendered before
}

func newPieceTable(rows *rowsCache) *pieceTable {
	return &pieceTable{prefix: fmt.Sprintf("\x00piece-%016x:", rand.Uint64()), rows: rows}
}

// insert returns the marker of pieces, for a template to write.
func (t *pieceTable) insert(pieces ...piece) template.HTML {
	t.groups = append(t.groups, pieces)
	return template.HTML(t.prefix + strconv.Itoa(len(t.groups)-1) + "\x00") // a marker, replaced by pieceWriter
}

// marker reads the marker at the start of p: the pieces it stands for and
// its length.
func (t *pieceTable) marker(p []byte) ([]piece, int, bool) {
	if !bytes.HasPrefix(p, []byte(t.prefix)) {
		return nil, 0, false
	}
	end := bytes.IndexByte(p[len(t.prefix):], 0)
	if end < 0 {
		return nil, 0, false
	}
	i, err := strconv.Atoi(string(p[len(t.prefix) : len(t.prefix)+end]))
	if err != nil || i < 0 || i >= len(t.groups) {
		return nil, 0, false
	}
	return t.groups[i], len(t.prefix) + end + 1, true
}

// pieceWriter collects what a template writes as pieces, the markers of
// its table replaced by what they stand for. The template engine writes
// each value it prints, a marker included, in one Write.
type pieceWriter struct {
	table  *pieceTable
	text   bytes.Buffer
	pieces []piece
}

func (w *pieceWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, 0)
		if i < 0 {
			w.text.Write(p)
			break
		}
		if inserted, size, ok := w.table.marker(p[i:]); ok {
			w.text.Write(p[:i])
			w.flush()
			w.pieces = append(w.pieces, inserted...)
			p = p[i+size:]
			continue
		}
		w.text.Write(p[:i+1])
		p = p[i+1:]
	}
	return n, nil
}

// flush ends the text written so far as a piece.
func (w *pieceWriter) flush() {
	if w.text.Len() > 0 {
		w.pieces = append(w.pieces, piece{text: bytes.Clone(w.text.Bytes())})
		w.text.Reset()
	}
}

// done returns the pieces written.
func (w *pieceWriter) done() []piece {
	w.flush()
	return w.pieces
}

// joinPieces is the bytes of pieces, one after the other.
func joinPieces(pieces []piece) []byte {
	if len(pieces) == 1 && pieces[0].blk == nil {
		return pieces[0].text
	}
	n := 0
	for _, p := range pieces {
		n += p.len()
	}
	body := make([]byte, 0, n)
	for _, p := range pieces {
		body = append(body, p.bytes()...)
	}
	return body
}

// bytes are the piece's bytes: its text or its block's.
func (p piece) bytes() []byte {
	if p.blk != nil {
		return p.blk.html
	}
	return p.text
}

func (p piece) len() int { return len(p.bytes()) }

// gzipHeader is a gzip member's header (RFC 1952 2.3): deflate, no
// name, no time, the fastest compression (XFL 4), an unknown system.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 4, 0xff}

// finalBlock is an empty final deflate block (stored, BFINAL set), which
// ends the stream after byte-aligned runs (RFC 1951 3.2.4).
var finalBlock = []byte{0x01, 0x00, 0x00, 0xff, 0xff}

// gzipPieces is the gzip of joinPieces(pieces): each text piece deflated
// now, each block's kept deflated form, and the checksum and length of
// the whole (RFC 1952). Each run refers only to its own bytes, so the
// runs one after the other are the deflate stream of the whole.
func gzipPieces(pieces []piece) []byte {
	var out bytes.Buffer
	out.Write(gzipHeader)
	crc, size := uint32(0), 0
	for _, p := range pieces {
		if p.blk != nil {
			out.Write(p.blk.deflated())
			crc = crc32.Update(crc, crc32.IEEETable, p.blk.html)
			size += len(p.blk.html)
			continue
		}
		out.Write(deflate(p.text))
		crc = crc32.Update(crc, crc32.IEEETable, p.text)
		size += len(p.text)
	}
	out.Write(finalBlock)
	out.Write(binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, crc), uint32(size)))
	return out.Bytes()
}

// deflaters are compressors at BestSpeed, reused: each holds a megabyte
// of state.
var deflaters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestSpeed)
	return w
}}

// deflate compresses data into a run of deflate blocks that refers to
// nothing before it and ends byte-aligned (a sync flush), not final.
func deflate(data []byte) []byte {
	var buf bytes.Buffer
	w := deflaters.Get().(*flate.Writer)
	w.Reset(&buf)
	w.Write(data)
	w.Flush()
	deflaters.Put(w)
	return buf.Bytes()
}
