package web

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// luminance is a colour's relative luminance (WCAG 2.2, "relative
// luminance"), from #rgb or #rrggbb.
func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	hex = strings.TrimPrefix(hex, "#")
	if len(hex) == 3 {
		hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || len(hex) != 6 {
		t.Fatalf("colour %q", hex)
	}
	lin := func(c uint64) float64 {
		s := float64(c) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(v>>16&0xff) + 0.7152*lin(v>>8&0xff) + 0.0722*lin(v&0xff)
}

// contrast is the contrast ratio of two colours.
func contrast(t *testing.T, a, b string) float64 {
	la, lb := luminance(t, a), luminance(t, b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestFocusRingContrast: the focus indicator of the site, the print pages
// and the projector has a ring of at least 3:1 against every background
// it can be drawn on in that style sheet (WCAG 1.4.11, 2.4.13; issue 25,
// point 11): each rule with :focus-visible sets an outline and a ring
// (box-shadow), and one of their colours contrasts with each background.
func TestFocusRingContrast(t *testing.T) {
	rule := regexp.MustCompile(`(?m)^([^{}]*:focus-visible[^{}]*)\{([^}]*)\}`)
	colour := regexp.MustCompile(`#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b`)
	for _, c := range []struct {
		file        string
		backgrounds []string
	}{
		// The page, its bands, the header's and the current tab's green.
		{"site.css", []string{"#ffffff", "#f3f5f7", "#0b6e4f", "#fff3c4"}},
		{"print.css", []string{"#ffffff"}},
		// The projector's screen, its header and its bands.
		{"projector.css", []string{"#0d1b16", "#0b6e4f", "#132720"}},
	} {
		css := string(assets[c.file].body)
		rules := rule.FindAllStringSubmatch(css, -1)
		if len(rules) == 0 {
			t.Errorf("%s has no :focus-visible rule", c.file)
			continue
		}
		for _, r := range rules {
			var rings []string
			for _, decl := range strings.Split(r[2], ";") {
				name, value, _ := strings.Cut(decl, ":")
				switch strings.TrimSpace(name) {
				case "outline", "outline-color", "box-shadow":
					rings = append(rings, colour.FindAllString(value, -1)...)
				}
			}
			if len(rings) < 2 {
				t.Errorf("%s: %s draws %d rings, want a light and a dark one", c.file, strings.TrimSpace(r[1]), len(rings))
				continue
			}
			for _, bg := range c.backgrounds {
				best := 0.0
				for _, ring := range rings {
					best = max(best, contrast(t, ring, bg))
				}
				if best < 3 {
					t.Errorf("%s: %s on %s: at most %.2f:1", c.file, strings.TrimSpace(r[1]), bg, best)
				}
			}
		}
	}
}
