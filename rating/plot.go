package rating

import (
	"bytes"
	"fmt"
	"html"
	"math"
)

// PlotSVG draws a player's history as a self-contained SVG image: his
// rating at each list date as a line (a hollow point where he was not on
// the published list), a band for its ± uncertainty (cut at
// ±300 so that one weak list does not flatten the rest), years along the
// bottom and ratings up the side. title (escaped here) is drawn at the top.
// The image scales to its container's width; it needs no script, font or
// network.
func PlotSVG(points []Point, title string) []byte {
	const (
		// Small enough that the labels stay readable on a phone, where
		// the image is shrunk to the screen's width.
		w, h                     = 480, 230
		left, right, top, bottom = 44, 10, 30, 26
		band                     = 300
	)
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="100%%" role="img" aria-label="%s" font-family="sans-serif" font-size="12">`, w, h, html.EscapeString("Rating history: "+title))
	fmt.Fprintf(&b, `<title>%s</title>`, html.EscapeString("Rating history: "+title))
	fmt.Fprintf(&b, `<text x="%d" y="18" font-size="14" font-weight="bold">%s</text>`, left, html.EscapeString(title))
	if len(points) == 0 {
		fmt.Fprintf(&b, `<text x="%d" y="%d">No rating on any list yet.</text></svg>`, left, h/2)
		return b.Bytes()
	}
	// Ranges: dates as fractional years, ratings padded to round hundreds.
	year := func(d Date) float64 { return float64(d.Year) + (float64(d.Month)-1)/12 + float64(d.Day-1)/365 }
	x0, x1 := year(points[0].Date), year(points[len(points)-1].Date)
	if x1-x0 < 1 {
		x0, x1 = x0-0.5, x1+0.5
	}
	y0, y1 := math.Inf(1), math.Inf(-1)
	for _, p := range points {
		u := math.Min(p.Uncertainty, band)
		y0, y1 = math.Min(y0, p.Rating-u), math.Max(y1, p.Rating+u)
	}
	y0, y1 = math.Floor(y0/100)*100, math.Ceil(y1/100)*100
	if y1-y0 < 200 {
		y1 = y0 + 200
	}
	px := func(x float64) float64 { return left + (x-x0)/(x1-x0)*(w-left-right) }
	py := func(y float64) float64 { return top + (y1-y)/(y1-y0)*(h-top-bottom) }

	// Grid and labels.
	step := 100.0
	for (y1-y0)/step > 6 {
		step *= 2
	}
	for y := y0; y <= y1; y += step {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>`, left, w-right, py(y), py(y))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%.0f</text>`, left-4, py(y)+4, y)
	}
	every := 1
	for (x1-x0)/float64(every) > 7 {
		every++
	}
	for yr := int(math.Ceil(x0)); float64(yr) <= x1; yr++ {
		if yr%every != 0 {
			continue
		}
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#eee"/>`, px(float64(yr)), px(float64(yr)), top, h-bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`, px(float64(yr)), h-bottom+16, yr)
	}

	// Uncertainty band, then the rating line and its points.
	b.WriteString(`<path fill="#cfe0f5" d="`)
	for k, p := range points {
		cmd := "L"
		if k == 0 {
			cmd = "M"
		}
		fmt.Fprintf(&b, "%s%.1f %.1f", cmd, px(year(p.Date)), py(p.Rating+math.Min(p.Uncertainty, band)))
	}
	for k := len(points) - 1; k >= 0; k-- {
		p := points[k]
		fmt.Fprintf(&b, "L%.1f %.1f", px(year(p.Date)), py(p.Rating-math.Min(p.Uncertainty, band)))
	}
	b.WriteString(`Z"/>`)
	b.WriteString(`<polyline fill="none" stroke="#1f5fa8" stroke-width="2" points="`)
	for _, p := range points {
		fmt.Fprintf(&b, "%.1f,%.1f ", px(year(p.Date)), py(p.Rating))
	}
	b.WriteString(`"/>`)
	for _, p := range points {
		fill := "#1f5fa8"
		if !p.Listed {
			fill = "#fff" // off the published list that date
		}
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s" stroke="#1f5fa8"><title>%s: %d ± %.0f</title></circle>`,
			px(year(p.Date)), py(p.Rating), fill, p.Date, p.Rounded(), p.Uncertainty)
	}
	b.WriteString(`</svg>`)
	return b.Bytes()
}
