package exchange

import (
	"bufio"
	"io"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"outflank"
)

// Text encodings of the files directors bring (a players CSV).
const (
	// EncodingAuto reads UTF-8, or Latin-1 when the text is not UTF-8.
	EncodingAuto = "auto"
	EncodingUTF8 = "utf-8"
	// EncodingLatin1 is Windows-1252, the Latin-1 of Windows (Excel saves
	// CSV files in it): the same letters as ISO 8859-1, and the typographic
	// quotes and dashes where ISO 8859-1 has control characters.
	EncodingLatin1 = "latin-1"
)

// TextReader decodes a stream of text to UTF-8. In EncodingAuto it passes
// ASCII through and decides at the first other byte: the start of a valid
// UTF-8 character means UTF-8, anything else Latin-1 (Latin-1 text with
// accents is almost never valid UTF-8 by accident). It reads as it goes,
// so a file costs no more memory than its lines.
type TextReader struct {
	r   *bufio.Reader
	enc string    // the encoding decided, "" while only ASCII has been read
	dec io.Reader // the Latin-1 decoder, once decided
}

// NewTextReader returns a reader of r's text in encoding (EncodingAuto,
// EncodingUTF8 or EncodingLatin1; "" is EncodingAuto).
func NewTextReader(r io.Reader, encoding string) (*TextReader, error) {
	t := &TextReader{r: bufio.NewReader(r)}
	switch encoding {
	case EncodingAuto, "":
	case EncodingUTF8, "utf8", "UTF-8":
		t.enc = EncodingUTF8
	case EncodingLatin1, "latin1", "iso-8859-1", "windows-1252", "cp1252":
		t.latin1()
	default:
		return nil, outflank.Errorf(outflank.EINVALID, "encoding %q: use auto, utf-8 or latin-1", encoding)
	}
	return t, nil
}

func (t *TextReader) latin1() {
	t.enc, t.dec = EncodingLatin1, charmap.Windows1252.NewDecoder().Reader(t.r)
}

// Encoding is the encoding the text was read as: EncodingUTF8,
// EncodingLatin1, or "" when all of it so far was ASCII (the same in both).
func (t *TextReader) Encoding() string { return t.enc }

func (t *TextReader) Read(p []byte) (int, error) {
	switch {
	case t.dec != nil:
		return t.dec.Read(p)
	case t.enc == EncodingUTF8 || len(p) == 0:
		return t.r.Read(p)
	}
	if t.r.Buffered() == 0 {
		if _, err := t.r.Peek(1); err != nil {
			return 0, err
		}
	}
	buf, _ := t.r.Peek(t.r.Buffered())
	ascii := 0
	for ascii < len(buf) && ascii < len(p) && buf[ascii] < utf8.RuneSelf {
		ascii++
	}
	if ascii > 0 {
		return t.r.Read(p[:ascii])
	}
	// The first byte that is not ASCII decides.
	head, _ := t.r.Peek(utf8.UTFMax)
	if r, size := utf8.DecodeRune(head); r == utf8.RuneError && size <= 1 {
		t.latin1()
		return t.dec.Read(p)
	}
	t.enc = EncodingUTF8
	return t.r.Read(p)
}
