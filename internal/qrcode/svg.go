package qrcode

import (
	"fmt"
	"html"
	"strings"
)

// SVG draws the code as an SVG image, one unit a module, quiet zone
// included: a white square and one path of the dark modules, a
// rectangle for each run of them along a row. It scales to any size
// without blurring (crispEdges); title names what the code holds.
func (c *Code) SVG(title string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img">`, c.Size, c.Size)
	fmt.Fprintf(&b, "<title>%s</title>", html.EscapeString(title))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, c.Size, c.Size)
	for y := range c.Size {
		for x := 0; x < c.Size; {
			if !c.Dark(x, y) {
				x++
				continue
			}
			run := 1
			for x+run < c.Size && c.Dark(x+run, y) {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x, y, run, run)
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	b.WriteByte('\n')
	return []byte(b.String())
}
