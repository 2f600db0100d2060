package web

import (
	"fmt"
	"html/template"
	"strings"
)

// templateFuncs are the helpers every template may call.
var templateFuncs = template.FuncMap{
	"static": staticURL,
	// num prints a number without trailing zeros: 6, 6.5, 812.25.
	"num": func(x float64) string {
		s := fmt.Sprintf("%.2f", x)
		return strings.TrimRight(strings.TrimRight(s, "0"), ".")
	},
	// rank prints a rank, with "=" when it is shared.
	"rank": func(n int, equal bool) string {
		if equal {
			return fmt.Sprintf("%d=", n)
		}
		return fmt.Sprint(n)
	},
}
