package web

import (
	"bytes"
	"fmt"
	"html/template"
	"math/rand/v2"
	"testing"

	"outflank/report"
)

// rowsTemplate is how the "rows" template rendered each row before
// standingsRows: the reference it must match byte for byte.
const rowsTemplate = `{{$slug := .Slug}}{{range .Rows}}<tr data-player="{{.Player}}"><td class="num">{{rank .Rank .Equal}}</td><td class="name"><a href="/t/{{$slug}}/players/{{.Player}}">{{.Name}}</a>{{with .Country}} <span class="country">{{.}}</span>{{end}}{{with .Mark}} <span class="mark mark-{{.}}">{{stage .}}</span>{{end}}</td><td class="num">{{num .Points}}</td><td class="num">{{num .BQ}}</td><td class="num">{{.Discs}}</td></tr>
{{end}}`

// TestStandingsRowsAsTemplate renders random rows with hostile names,
// countries and marks (every character html/template escapes, scripts,
// quotes, non-ASCII) both ways and checks the bytes are the same.
func TestStandingsRowsAsTemplate(t *testing.T) {
	ref := template.Must(template.New("rows").Funcs(templateFuncs).Parse(rowsTemplate))
	hostile := []string{"", "Anna", `<script>alert(1)</script>`, `"quoted" & 'single'`, "a+b=c", "Émile Ōta 王", "\x00nul", "x>y<z", "&amp;", "javascript:alert(1)"}
	marks := []string{"", "playoff", "semi-final", "final", "third-place", "women-final", `"><script>`}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, slug := range []string{"woc-2026", "a", "big"} {
		for n := range 200 {
			rows := make([]report.Row, 1+rng.IntN(4))
			for i := range rows {
				rows[i] = report.Row{Rank: 1 + rng.IntN(5000), Equal: rng.IntN(3) == 0, Player: 1 + rng.IntN(5000),
					Name: hostile[rng.IntN(len(hostile))] + hostile[rng.IntN(len(hostile))], Country: hostile[rng.IntN(len(hostile))],
					Mark: marks[rng.IntN(len(marks))], Points: float64(rng.IntN(27)) / 2, BQ: float64(rng.IntN(40000)) / 4, Discs: rng.IntN(900) - 50}
			}
			var want bytes.Buffer
			if err := ref.Execute(&want, map[string]any{"Slug": slug, "Rows": rows}); err != nil {
				t.Fatal(err)
			}
			if got := string(standingsRows(slug, rows)); got != want.String() {
				t.Fatalf("%s #%d: rows\n%s\nwant (html/template)\n%s\nfrom %s", slug, n, got, want.String(), fmt.Sprint(rows))
			}
		}
	}
}

// BenchmarkStandingsRows renders 5,000 rows both ways.
func BenchmarkStandingsRows(b *testing.B) {
	rows := make([]report.Row, 5000)
	for i := range rows {
		rows[i] = report.Row{Rank: i + 1, Player: i + 1, Name: fmt.Sprintf("Player %04d", i+1), Country: "GBR", Points: 6.5, BQ: 812.25, Discs: 420}
	}
	b.Run("template", func(b *testing.B) {
		ref := template.Must(template.New("rows").Funcs(templateFuncs).Parse(rowsTemplate))
		for b.Loop() {
			var buf bytes.Buffer
			ref.Execute(&buf, map[string]any{"Slug": "big", "Rows": rows})
		}
	})
	b.Run("standingsRows", func(b *testing.B) {
		for b.Loop() {
			standingsRows("big", rows)
		}
	})
}
