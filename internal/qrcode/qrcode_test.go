package qrcode

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"regexp"
	"strings"
	"testing"

	"rsc.io/qr"
)

var texts = []string{
	"http://192.168.1.23:8080/",
	"http://10.0.0.2:8080/t/woc-2026",
	"https://live.example.org/t/woc-2026-mens-and-womens-championship-prague",
	"2026",
}

// modulesOfPNG reads the modules of rsc.io/qr's own drawing of text: a
// PNG of Scale pixels a module, quiet zone included.
func modulesOfPNG(t *testing.T, text string) [][]bool {
	t.Helper()
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(c.PNG()))
	if err != nil {
		t.Fatal(err)
	}
	n := img.Bounds().Dx() / c.Scale
	if img.Bounds().Dx() != n*c.Scale || img.Bounds().Dy() != img.Bounds().Dx() {
		t.Fatalf("%q: a PNG of %v, scale %d", text, img.Bounds(), c.Scale)
	}
	m := make([][]bool, n)
	for y := range m {
		m[y] = make([]bool, n)
		for x := range m[y] {
			m[y][x] = color.GrayModel.Convert(img.At(x*c.Scale+c.Scale/2, y*c.Scale+c.Scale/2)).(color.Gray).Y < 128
		}
	}
	return m
}

// TestModules: the code's modules, quiet zone included, are those of
// rsc.io/qr's own PNG.
func TestModules(t *testing.T) {
	for _, text := range texts {
		c, err := Encode(text)
		if err != nil {
			t.Fatal(err)
		}
		want := modulesOfPNG(t, text)
		if c.Size != len(want) {
			t.Fatalf("%q: %d modules a side, rsc.io/qr's PNG has %d", text, c.Size, len(want))
		}
		if (c.Size-2*Quiet-17)%4 != 0 {
			t.Errorf("%q: %d modules is not a QR version's size plus the quiet zone", text, c.Size)
		}
		for y := range c.Size {
			for x := range c.Size {
				if c.Dark(x, y) != want[y][x] {
					t.Fatalf("%q: module (%d, %d) differs from rsc.io/qr's PNG", text, x, y)
				}
				inQuiet := x < Quiet || y < Quiet || x >= c.Size-Quiet || y >= c.Size-Quiet
				if inQuiet && c.Dark(x, y) {
					t.Fatalf("%q: module (%d, %d) is dark in the quiet zone", text, x, y)
				}
			}
		}
		// The finder pattern's corner: a dark module just inside the zone.
		if !c.Dark(Quiet, Quiet) || !c.Dark(c.Size-Quiet-1, Quiet) || !c.Dark(Quiet, c.Size-Quiet-1) {
			t.Errorf("%q: no finder pattern in a corner", text)
		}
	}
}

// TestTerminal: the drawing has a line for every two rows of modules and
// a character for every column, and gives the modules back; in colour,
// each line is black on white, then reset.
func TestTerminal(t *testing.T) {
	for _, text := range texts {
		c, _ := Encode(text)
		want := modulesOfPNG(t, text)
		plain := c.Terminal(false)
		lines := strings.Split(strings.TrimSuffix(plain, "\n"), "\n")
		if len(lines) != (c.Size+1)/2 {
			t.Fatalf("%q: %d lines for %d rows of modules", text, len(lines), c.Size)
		}
		for i, line := range lines {
			runes := []rune(line)
			if len(runes) != c.Size {
				t.Fatalf("%q: line %d has %d characters, want %d", text, i, len(runes), c.Size)
			}
			for x, r := range runes {
				up, down := strings.ContainsRune("█▀", r), strings.ContainsRune("█▄", r)
				if !strings.ContainsRune("█▀▄ ", r) {
					t.Fatalf("%q: character %q", text, r)
				}
				if up != want[2*i][x] || (2*i+1 < c.Size && down != want[2*i+1][x]) || (2*i+1 == c.Size && down) {
					t.Fatalf("%q: line %d column %d (%q) differs from the modules", text, i, x, r)
				}
			}
		}
		// The quiet zone: the first and last two lines are blank.
		for _, i := range []int{0, 1, len(lines) - 2, len(lines) - 1} {
			if strings.TrimSpace(lines[i]) != "" {
				t.Errorf("%q: line %d of the quiet zone is %q", text, i, lines[i])
			}
		}
		colored := c.Terminal(true)
		for i, line := range strings.Split(strings.TrimSuffix(colored, "\n"), "\n") {
			inner, ok := strings.CutPrefix(line, "\x1b[30;107m")
			inner, ok2 := strings.CutSuffix(inner, "\x1b[0m")
			if !ok || !ok2 || inner != lines[i] {
				t.Fatalf("%q: coloured line %d is %q", text, i, line)
			}
		}
	}
}

// TestSVG: the image is the modules, one unit each, quiet zone included.
func TestSVG(t *testing.T) {
	for _, text := range texts {
		c, _ := Encode(text)
		want := modulesOfPNG(t, text)
		svg := string(c.SVG(text + ` <&>`))
		if !strings.Contains(svg, fmt.Sprintf(`viewBox="0 0 %d %d"`, c.Size, c.Size)) || !strings.Contains(svg, "&lt;&amp;&gt;</title>") {
			t.Fatalf("%q: %s", text, svg)
		}
		got := make([][]bool, c.Size)
		for y := range got {
			got[y] = make([]bool, c.Size)
		}
		d := regexp.MustCompile(` d="([^"]*)"`).FindStringSubmatch(svg)[1]
		for _, m := range regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`).FindAllStringSubmatch(d, -1) {
			var x, y, n, back int
			fmt.Sscan(m[1]+" "+m[2]+" "+m[3]+" "+m[4], &x, &y, &n, &back)
			if n != back {
				t.Fatalf("%q: run %s", text, m[0])
			}
			for i := range n {
				got[y][x+i] = true
			}
		}
		for y := range c.Size {
			for x := range c.Size {
				if got[y][x] != want[y][x] {
					t.Fatalf("%q: module (%d, %d) differs in the SVG", text, x, y)
				}
			}
		}
	}
}
