package qrcode

import "strings"

// Terminal draws the code for a terminal, two rows of modules per line of
// text: each character is the upper and lower module of a column (█ both
// dark, ▀ the upper, ▄ the lower, a space neither), so that the modules
// come out about square in a terminal's cells. With color, every line is
// drawn black on white whatever the terminal's colours (ANSI SGR 30 and
// 107, reset at the end of the line), so the code reads the same on a
// dark terminal as on a light one; without it, the dark modules are the
// terminal's text colour, which reads on a light terminal only.
func (c *Code) Terminal(color bool) string {
	var b strings.Builder
	for y := 0; y < c.Size; y += 2 {
		if color {
			b.WriteString("\x1b[30;107m")
		}
		for x := range c.Size {
			switch up, down := c.Dark(x, y), y+1 < c.Size && c.Dark(x, y+1); {
			case up && down:
				b.WriteString("█")
			case up:
				b.WriteString("▀")
			case down:
				b.WriteString("▄")
			default:
				b.WriteByte(' ')
			}
		}
		if color {
			b.WriteString("\x1b[0m")
		}
		b.WriteByte('\n')
	}
	return b.String()
}
