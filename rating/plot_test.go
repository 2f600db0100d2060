package rating

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

func TestPlotSVGIsWellFormedAndEscaped(t *testing.T) {
	points := []Point{
		{Date: Date{2024, 1, 1}, Player: Player{Rating: 1750, Uncertainty: 120, Active: true, Listed: true}},
		{Date: Date{2024, 7, 1}, Player: Player{Rating: 1820, Uncertainty: 90, Active: true, Listed: true}},
		{Date: Date{2025, 1, 1}, Player: Player{Rating: 1900.4, Uncertainty: 900}},
	}
	for _, ps := range [][]Point{points, nil, points[:1]} {
		svg := PlotSVG(ps, `<script>alert("x")</script> & co`)
		if bytes.Contains(svg, []byte("<script>")) {
			t.Fatal("the title's markup is not escaped")
		}
		d := xml.NewDecoder(bytes.NewReader(svg))
		circles := 0
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("not well-formed XML: %v\n%s", err, svg)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "circle" {
				circles++
			}
		}
		if circles != len(ps) {
			t.Errorf("%d points drawn, want %d", circles, len(ps))
		}
	}
	if svg := string(PlotSVG(points, "A")); !strings.Contains(svg, "2025-01-01: 1900 ± 900") || !strings.Contains(svg, ">2024<") {
		t.Errorf("the plot lacks a point's label or a year: %s", svg)
	}
}
