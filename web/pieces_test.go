package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"outflank"
	"outflank/report"
)

// hostileRows are rows with names, countries and marks made of everything
// html/template escapes (and a NUL, which the markers of pieces use).
func hostileRows(rng *rand.Rand, n int) []report.Row {
	hostile := []string{"", "Anna", `<script>alert(1)</script>`, `"quoted" & 'single'`, "a+b=c", "Émile Ōta 王", "\x00nul", "\x00piece-0:0\x00", "x>y<z", "&amp;"}
	marks := []string{"", "playoff", "semi-final", "final", `"><script>`}
	rows := make([]report.Row, n)
	for i := range rows {
		rows[i] = report.Row{Rank: i + 1, Equal: rng.IntN(3) == 0, Player: 1 + rng.IntN(5000),
			Name: hostile[rng.IntN(len(hostile))] + hostile[rng.IntN(len(hostile))], Country: hostile[rng.IntN(len(hostile))],
			Mark: marks[rng.IntN(len(marks))], Points: float64(rng.IntN(27)) / 2, BQ: float64(rng.IntN(40000)) / 4, Discs: rng.IntN(900) - 50}
	}
	return rows
}

// TestRenderPiecesAsWhole renders standings pages and their fragments
// with hostile rows both ways, as pieces (the tables as blocks, kept from
// one render to the next, and the page's <main> as the fragment's pieces)
// and whole, as before pieces, and checks they are the same bytes, and
// that the gzip spliced from the pieces unzips to them.
func TestRenderPiecesAsWhole(t *testing.T) {
	p, err := parsePages()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 40 {
		doc := report.Standings{Tournament: "club", List: "ifrl", Provisional: hostileRows(rng, 1+rng.IntN(300)), Label: "after round 2; round 3 in play, 4 of 6 results in <&>"}
		if n%3 == 0 {
			doc.Final = hostileRows(rng, 1+rng.IntN(50))
		}
		v := view{Title: "Standings · <Club> & \x00", Tournament: &outflank.Tournament{Slug: "club", Name: "<Club> \x00"}, Nav: "standings", Live: "/t/club/events?since=3",
			Data: standingsView{Standings: doc, Lists: []string{"ifrl", "wfrl"}, Rounds: []int{1, 2}}}
		for again := range 2 { // the second time, the tables are kept
			main, err := p.renderPieces("standings", true, v, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, fragment := range []bool{true, false} {
				want, err := p.render("standings", fragment, v)
				if err != nil {
					t.Fatal(err)
				}
				pieces := main
				if !fragment {
					if pieces, err = p.renderPieces("standings", false, v, main); err != nil {
						t.Fatal(err)
					}
				}
				if got := joinPieces(pieces); !bytes.Equal(got, want) {
					t.Fatalf("#%d (again %d, fragment %v): pieces\n%q\nwant (whole)\n%q", n, again, fragment, got, want)
				}
				if blocks := countBlocks(pieces); blocks == 0 {
					t.Fatalf("#%d: no table rendered as a block", n)
				}
				zr, err := gzip.NewReader(bytes.NewReader(gzipPieces(pieces)))
				if err != nil {
					t.Fatal(err)
				}
				unzipped, err := io.ReadAll(zr)
				if err != nil || !bytes.Equal(unzipped, want) {
					t.Fatalf("#%d (fragment %v): the gzip unzips to %d bytes (%v), want %d", n, fragment, len(unzipped), err, len(want))
				}
			}
		}
	}
}

func countBlocks(pieces []piece) int {
	n := 0
	for _, p := range pieces {
		if p.blk != nil {
			n++
		}
	}
	return n
}

// TestRowsCacheSeesEveryField renders a table, then the same table with
// one field of one row changed, for every field of a row (and the slug),
// and checks that each is rendered anew, as standingsRows writes it: the
// cache keeps a table by everything it shows.
func TestRowsCacheSeesEveryField(t *testing.T) {
	c := newRowsCache(1000)
	rows := hostileRows(rand.New(rand.NewPCG(5, 6)), 20)
	if got, want := c.block("club", rows).html, []byte(standingsRows("club", rows)); !bytes.Equal(got, want) {
		t.Fatalf("rows\n%s\nwant\n%s", got, want)
	}
	if again := c.block("club", slices.Clone(rows)); !bytes.Equal(again.html, []byte(standingsRows("club", rows))) || again != c.block("club", rows) {
		t.Fatal("the same rows are not taken as kept")
	}
	if got := c.block("other", rows).html; !bytes.Equal(got, []byte(standingsRows("other", rows))) {
		t.Errorf("another slug: %s", got)
	}
	typ := reflect.TypeFor[report.Row]()
	for i := range typ.NumField() {
		changed := slices.Clone(rows)
		f := reflect.ValueOf(&changed[7]).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Float64:
			f.SetFloat(f.Float() + 0.5)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		default:
			t.Fatalf("report.Row.%s: a %s; teach this test to change it", typ.Field(i).Name, f.Kind())
		}
		want := []byte(standingsRows("club", changed))
		if bytes.Equal(want, []byte(standingsRows("club", rows))) {
			t.Fatalf("report.Row.%s changed, the same rows: teach this test to change it visibly", typ.Field(i).Name)
		}
		if got := c.block("club", changed).html; !bytes.Equal(got, want) {
			t.Errorf("report.Row.%s changed: the table kept before is served:\n%s\nwant\n%s", typ.Field(i).Name, got, want)
		}
	}
}

// TestRowsCacheBounded checks that the cache keeps at most its rows,
// forgetting the tables used least recently.
func TestRowsCacheBounded(t *testing.T) {
	c := newRowsCache(100)
	rng := rand.New(rand.NewPCG(7, 8))
	var tables [][]report.Row
	for range 10 {
		rows := hostileRows(rng, 30)
		tables = append(tables, rows)
		c.block("club", rows)
	}
	if c.rows > 100 || len(c.kept) != 3 {
		t.Errorf("%d rows in %d tables kept, want at most 100 (3 tables)", c.rows, len(c.kept))
	}
	first := c.kept[0].blk
	if c.block("club", tables[7]) != first {
		t.Error("the table used least recently but kept is not served")
	}
}

// TestPieceWriter writes text with markers of a table's pieces, and NULs
// and markers of other tables that must stay as they are, in writes of
// every size that keep each marker whole, and checks what it collects.
func TestPieceWriter(t *testing.T) {
	table := newPieceTable(nil)
	other := newPieceTable(nil)
	blk := &block{html: []byte("<tr>kept</tr>")}
	m1 := string(table.insert(piece{blk: blk}))
	m2 := string(table.insert(piece{text: []byte("<main>")}, piece{blk: blk}, piece{text: []byte("</main>")}))
	foreign := string(other.insert(piece{text: []byte("other")}))
	parts := []string{"<p>a\x00b</p>", m1, "text", m2, foreign, table.prefix + "9\x00", "\x00", m1, "end"}
	want := "<p>a\x00b</p><tr>kept</tr>text<main><tr>kept</tr></main>" + foreign + table.prefix + "9\x00" + "\x00<tr>kept</tr>end"
	rng := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		w := &pieceWriter{table: table}
		for i := 0; i < len(parts); {
			n := 1 + rng.IntN(3) // parts written together
			var b bytes.Buffer
			for ; n > 0 && i < len(parts); n-- {
				b.WriteString(parts[i])
				i++
			}
			w.Write(b.Bytes())
		}
		pieces := w.done()
		if got := string(joinPieces(pieces)); got != want {
			t.Fatalf("collected\n%q\nwant\n%q", got, want)
		}
		if countBlocks(pieces) != 3 {
			t.Fatalf("%d blocks, want 3", countBlocks(pieces))
		}
	}
}
