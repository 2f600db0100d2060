package viewcheck

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"

	"outflank/wof"
)

// The parsers read what each view says of each player: its points, discs
// and Brightwell quotient (NaN where the view has none). Each returns nil
// for a view not rendered, and reports a document it cannot read.

// row is a player's line in the JSON documents (the lists, the
// crosstable, the export's standings: the command line's field names).
type row struct {
	Player int      `json:"player"`
	Points float64  `json:"points"`
	BQ     *float64 `json:"bq"`
	Discs  int      `json:"discs"`
}

func (r row) line() line {
	bq := math.NaN()
	if r.BQ != nil {
		bq = *r.BQ
	}
	return line{points: r.Points, discs: r.Discs, bq: bq}
}

// decode reads a JSON document into v, reporting what it cannot read.
func (c *checker) decode(name string, doc []byte, v any) bool {
	if err := json.Unmarshal(doc, v); err != nil {
		c.errorf("%s: not a JSON document: %v", name, err)
		return false
	}
	return true
}

// collect gathers rows, which must say the same of a player wherever he
// appears (the provisional and final lists).
func (c *checker) collect(name string, rows ...[]row) map[int]line {
	out := map[int]line{}
	for _, rs := range rows {
		for _, r := range rs {
			l := r.line()
			if old, ok := out[r.Player]; ok && (old.points != l.points || old.discs != l.discs || (old.bq != l.bq && !math.IsNaN(old.bq+l.bq))) {
				c.errorf("%s: player %d is on two lines that differ: %+v and %+v", name, r.Player, old, l)
			}
			out[r.Player] = l
		}
	}
	return out
}

// apiStandings reads /api/t/{slug}/standings: the provisional and final
// lists, or (finish) the orders of finish.
func (c *checker) apiStandings(doc []byte, finish bool) map[int]line {
	if doc == nil {
		return nil
	}
	var d struct {
		Provisional []row `json:"provisional"`
		Final       []row `json:"final"`
		Finish      []row `json:"finish"`
	}
	if !c.decode("API standings", doc, &d) {
		return nil
	}
	if finish {
		return c.collect("API order of finish", d.Finish)
	}
	return c.collect("API standings", d.Provisional, d.Final)
}

// apiCrosstable reads /api/t/{slug}/crosstable, and checks that each
// player's cells add up to his discs: his discs in each game, a bye's
// discs, an absence's.
func (c *checker) apiCrosstable(doc []byte) map[int]line {
	if doc == nil {
		return nil
	}
	var d struct {
		Players []struct {
			row
			Cells []struct {
				Kind  string `json:"kind"`
				Discs *int   `json:"discs"`
			} `json:"cells"`
		} `json:"players"`
	}
	if !c.decode("API crosstable", doc, &d) {
		return nil
	}
	var rows []row
	for _, p := range d.Players {
		sum := 0
		for _, cell := range p.Cells {
			switch {
			case cell.Discs != nil:
				sum += *cell.Discs
			case cell.Kind == "bye":
				sum += c.t.Settings.ByeDiscs[0]
			}
		}
		if sum != p.Discs {
			c.errorf("API crosstable: %s's cells add up to %d discs, his line says %d", c.t.Describe(p.Player), sum, p.Discs)
		}
		rows = append(rows, p.row)
	}
	return c.collect("API crosstable", rows)
}

// apiPlayers reads /api/t/{slug}/players: points only.
func (c *checker) apiPlayers(doc []byte) map[int]line {
	if doc == nil {
		return nil
	}
	var d struct {
		Players []struct {
			ID     int     `json:"id"`
			Points float64 `json:"points"`
		} `json:"players"`
	}
	if !c.decode("API player list", doc, &d) {
		return nil
	}
	out := map[int]line{}
	for _, p := range d.Players {
		out[p.ID] = line{points: p.Points, discs: noDiscs, bq: math.NaN()}
	}
	return out
}

// apiPlayer reads /api/t/{slug}/players/{id}: his place in the individual
// list, and his rounds' running points and discs.
func (c *checker) apiPlayer(id int, doc []byte) (list, rounds map[int]line) {
	var d struct {
		Lists []struct {
			List   string   `json:"list"`
			Points float64  `json:"points"`
			BQ     *float64 `json:"bq"`
			Discs  *int     `json:"discs"`
		} `json:"lists"`
		Rounds []struct {
			Counts  bool    `json:"counts"`
			Running float64 `json:"running"`
			Discs   *int    `json:"discs"`
		} `json:"rounds"`
	}
	if !c.decode("API player", doc, &d) {
		return nil, nil
	}
	for _, l := range d.Lists {
		if l.List != "ifrl" {
			continue
		}
		if l.BQ == nil || l.Discs == nil {
			c.errorf("API player %d: the individual list's place has no quotient or discs", id)
			continue
		}
		list = map[int]line{id: {points: l.Points, discs: *l.Discs, bq: *l.BQ}}
	}
	total := line{bq: math.NaN()}
	for _, r := range d.Rounds {
		if r.Counts {
			total.points = r.Running
			if r.Discs != nil {
				total.discs += *r.Discs
			}
		}
	}
	return list, map[int]line{id: total}
}

// apiPairings reads /api/t/{slug}/pairings/{round}: every seat's points.
func (c *checker) apiPairings(doc []byte) map[int]line {
	var d struct {
		Games []struct {
			Black seat `json:"black"`
			White seat `json:"white"`
		} `json:"games"`
		Byes      []seat `json:"byes"`
		Absent    []seat `json:"absent"`
		Withdrawn []seat `json:"withdrawn"`
	}
	if !c.decode("API pairings", doc, &d) {
		return nil
	}
	seats := append(append(append([]seat{}, d.Byes...), d.Absent...), d.Withdrawn...)
	for _, g := range d.Games {
		seats = append(seats, g.Black, g.White)
	}
	out := map[int]line{}
	for _, s := range seats {
		out[s.ID] = line{points: s.Points, discs: noDiscs, bq: math.NaN()}
	}
	return out
}

type seat struct {
	ID     int     `json:"id"`
	Points float64 `json:"points"`
}

var (
	htmlRow  = regexp.MustCompile(`(?s)<tr data-player="(\d+)">(.*?)</tr>`)
	htmlNums = regexp.MustCompile(`<td class="num">([^<]*)</td>`)
	crossRow = regexp.MustCompile(`(?s)<tr id="p(\d+)">(.*?)</tr>`)
)

// htmlStandings reads the standings page's rows: rank, points, BQ, discs.
func (c *checker) htmlStandings(doc []byte) map[int]line {
	if doc == nil {
		return nil
	}
	var rows []row
	for _, m := range htmlRow.FindAllSubmatch(doc, -1) {
		nums := htmlNums.FindAllSubmatch(m[2], -1)
		if len(nums) != 4 {
			c.errorf("HTML standings: a row of player %s has %d numbers, not rank, points, BQ and discs", m[1], len(nums))
			continue
		}
		rows = append(rows, c.numbers("HTML standings", string(m[1]), nums[1][1], nums[2][1], nums[3][1]))
	}
	if len(rows) == 0 {
		c.errorf("HTML standings: no player's row")
	}
	return c.collect("HTML standings", rows)
}

// htmlCrosstable reads the crosstable page's lines: the last three
// numbers are the points, BQ and discs.
func (c *checker) htmlCrosstable(doc []byte) map[int]line {
	if doc == nil {
		return nil
	}
	var rows []row
	for _, m := range crossRow.FindAllSubmatch(doc, -1) {
		nums := htmlNums.FindAllSubmatch(m[2], -1)
		if len(nums) < 3 {
			c.errorf("HTML crosstable: the line of player %s has no points, BQ and discs", m[1])
			continue
		}
		n := len(nums)
		rows = append(rows, c.numbers("HTML crosstable", string(m[1]), nums[n-3][1], nums[n-2][1], nums[n-1][1]))
	}
	if len(rows) == 0 {
		c.errorf("HTML crosstable: no player's line")
	}
	return c.collect("HTML crosstable", rows)
}

// numbers reads a player's points, BQ and discs as a page or a table
// prints them.
func (c *checker) numbers(name, id string, points, bq, discs []byte) row {
	r := row{}
	var err error
	r.Player, _ = strconv.Atoi(id)
	p, err1 := strconv.ParseFloat(html.UnescapeString(string(points)), 64)
	q, err2 := strconv.ParseFloat(html.UnescapeString(string(bq)), 64)
	r.Discs, err = strconv.Atoi(string(discs))
	if err1 != nil || err2 != nil || err != nil {
		c.errorf("%s: player %s: cannot read points %q, BQ %q, discs %q", name, id, points, bq, discs)
	}
	r.Points, r.BQ = p, &q
	return r
}

var (
	cliStanding = regexp.MustCompile(`(?m)^  \d+=?\s+#(\d+) .*?\s(\S+)\s+(\S+)\s+(\d+)$`)
	cliCross    = regexp.MustCompile(`(?m)^\s*(\d+)  .*\s(\S+)\s+(\S+)\s+(\d+)$`)
)

// cliStandings reads 'standings SLUG --list ifrl': "  rank  #id name
// points BQ discs".
func (c *checker) cliStandings(doc []byte) map[int]line {
	if doc == nil {
		return nil
	}
	var rows []row
	for _, m := range cliStanding.FindAllSubmatch(doc, -1) {
		rows = append(rows, c.numbers("CLI standings", string(m[1]), m[2], m[3], m[4]))
	}
	if len(rows) == 0 {
		c.errorf("CLI standings: no player's line in %q", firstLines(doc))
	}
	return c.collect("CLI standings", rows)
}

// cliCrosstable reads 'crosstable SLUG': "rank  name cells... points BQ
// discs"; a line names its player by his rank, which the API's crosstable
// ties to his id.
func (c *checker) cliCrosstable(doc, api []byte) map[int]line {
	if doc == nil {
		return nil
	}
	var d struct {
		Players []struct {
			Rank   int `json:"rank"`
			Player int `json:"player"`
		} `json:"players"`
	}
	if api == nil || !c.decode("API crosstable", api, &d) {
		c.errorf("CLI crosstable: its lines name players by rank, and the API's crosstable, which gives their ids, is missing")
		return nil
	}
	byRank := map[string]int{}
	for _, p := range d.Players {
		byRank[strconv.Itoa(p.Rank)] = p.Player
	}
	var rows []row
	for _, m := range cliCross.FindAllSubmatch(doc, -1) {
		id, ok := byRank[string(m[1])]
		if !ok {
			continue
		}
		rows = append(rows, c.numbers("CLI crosstable", strconv.Itoa(id), m[2], m[3], m[4]))
	}
	if len(rows) != len(d.Players) {
		c.errorf("CLI crosstable: %d players' lines, the API's crosstable has %d", len(rows), len(d.Players))
	}
	return c.collect("CLI crosstable", rows)
}

// exportJSON reads the outflank/1 file's standings.
func (c *checker) exportJSON(doc []byte) map[int]line {
	if doc == nil {
		return nil
	}
	var d struct {
		Standings []row `json:"standings"`
	}
	if !c.decode("JSON export", doc, &d) {
		return nil
	}
	return c.collect("JSON export", d.Standings)
}

// exportELO reads the .ELO file's player lines: points and discs, under
// the WOF id. (An export before issue 26 wrote a player without one as
// 900000 + his tournament id; today's refuses him: exchange.NoWOFID.)
func (c *checker) exportELO(doc []byte) map[int]line {
	if doc == nil {
		return nil
	}
	f, _, err := wof.Read(bytes.NewReader(doc))
	if err != nil {
		c.errorf(".ELO export: cannot read it: %v", err)
		return nil
	}
	ids := map[int]int{}
	for _, p := range c.t.Players {
		if p.WOFID != 0 {
			ids[p.WOFID] = p.ID
		} else {
			ids[900000+p.ID] = p.ID
		}
	}
	out := map[int]line{}
	for _, p := range f.Players {
		id, ok := ids[p.ID]
		if !ok || p.Score == nil || p.Discs == nil {
			c.errorf(".ELO export: the line of WOF id %d names no player, or has no score and discs", p.ID)
			continue
		}
		out[id] = line{points: *p.Score, discs: *p.Discs, bq: math.NaN()}
	}
	return out
}

// exportCSV adds up the results CSV's lines of the main stage: each
// game's discs, each bye's, each absence's. Its points are not compared:
// the CSV does not name a draw-win's winner.
func (c *checker) exportCSV(doc []byte) map[int]line {
	if doc == nil {
		return nil
	}
	records, err := csv.NewReader(bytes.NewReader(doc)).ReadAll()
	if err != nil || len(records) == 0 {
		c.errorf("CSV export: cannot read it: %v", err)
		return nil
	}
	out := map[int]line{}
	for _, p := range c.t.Players {
		out[p.ID] = line{bq: math.NaN(), points: math.NaN()}
	}
	add := func(idText, discsText string) {
		id, err1 := strconv.Atoi(idText)
		discs, err2 := strconv.Atoi(discsText)
		if err1 != nil || err2 != nil {
			c.errorf("CSV export: cannot read player %q's discs %q", idText, discsText)
			return
		}
		l := out[id]
		l.discs += discs
		out[id] = l
	}
	for _, rec := range records[1:] {
		if len(rec) < 10 || (rec[1] != "swiss" && rec[1] != "round-robin") || rec[7] == "" {
			continue // a knockout game, or a game in play
		}
		add(rec[3], rec[7])
		if rec[5] != "" {
			add(rec[5], rec[8])
		}
	}
	return out
}

func firstLines(doc []byte) string {
	lines := strings.SplitN(string(doc), "\n", 4)
	return strings.Join(lines[:min(3, len(lines))], "\n")
}
