// Package qrcode draws QR codes of the site's addresses: for a terminal,
// in Unicode half blocks, and as SVG, for a page or a projector. The codes
// themselves come from rsc.io/qr; this package adds the quiet zone every
// reader needs around them (four modules, ISO/IEC 18004) and draws them.
package qrcode

import (
	"fmt"

	"rsc.io/qr"
)

// Quiet is the width of the light border around a code, in modules.
const Quiet = 4

// Code is a QR code with its quiet zone: Size modules a side, of which the
// outer Quiet on every side are light.
type Code struct {
	Size int
	code *qr.Code
}

// Encode returns the QR code of text, at error correction level M (15% of
// the code may be lost: a smudged screen, a reflection on a projector).
func Encode(text string) (*Code, error) {
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, fmt.Errorf("qrcode: %q: %w", text, err)
	}
	return &Code{Size: c.Size + 2*Quiet, code: c}, nil
}

// Dark reports whether the module at column x and row y is dark; outside
// the code, every module is light.
func (c *Code) Dark(x, y int) bool {
	return c.code.Black(x-Quiet, y-Quiet)
}
