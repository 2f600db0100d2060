package web

import (
	"fmt"
	"strings"
)

// positionRows says a position (64 letters from a1 to h8: b, w or .) row
// by row in words, for a screen reader: the viewer's board is one image.
// A run of squares of one colour is said once ("a4 to c4 empty"), a row
// with no disc is "empty". static/viewer.js says each position it shows
// the same way.
func positionRows(board string) []string {
	names := map[byte]string{'b': "black", 'w': "white", '.': "empty"}
	if len(board) != 64 {
		return nil
	}
	sq := func(col, row int) string { return fmt.Sprintf("%c%d", 'a'+col, row+1) }
	rows := make([]string, 8)
	for r := range 8 {
		var parts []string
		from := 0
		for c := 1; c <= 8; c++ {
			if c < 8 && board[r*8+c] == board[r*8+from] {
				continue
			}
			run := sq(from, r)
			if c-1 > from {
				run += " to " + sq(c-1, r)
			}
			parts = append(parts, run+" "+names[board[r*8+from]])
			from = c
		}
		if len(parts) == 1 && board[r*8] == '.' {
			parts = []string{"empty"}
		}
		rows[r] = fmt.Sprintf("Row %d: %s", r+1, strings.Join(parts, ", "))
	}
	return rows
}
