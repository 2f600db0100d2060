package exchange

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"outflank"
)

// PlayerColumns are the columns a players CSV may have, in any order; only
// name is required (or wof_id, when a WOF player database fills in the rest).
var PlayerColumns = []string{"name", "country", "rating", "gender", "born", "wof_id", "team", "group_a", "citizenship", "resident_since", "additional", "exemption"}

// ReadPlayersCSV reads players from CSV with a header line. Errors name the
// line and the column, and nothing is returned unless every line is good.
func ReadPlayersCSV(r io.Reader) ([]outflank.Player, error) {
	cr := csv.NewReader(r)
	cr.TrimLeadingSpace = true
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true // a player keeps the fields' strings, not the record
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, outflank.Errorf(outflank.EINVALID, "the CSV file is empty: it needs a header line such as name,country,rating")
	}
	if err != nil {
		return nil, csvError(err)
	}
	cols := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if !slices.Contains(PlayerColumns, h) {
			return nil, outflank.Errorf(outflank.EINVALID, "CSV header: unknown column %q; the columns are %s", h, strings.Join(PlayerColumns, ", "))
		}
		if _, dup := cols[h]; dup {
			return nil, outflank.Errorf(outflank.EINVALID, "CSV header: column %q appears twice", h)
		}
		cols[h] = i
	}
	_, hasName := cols["name"]
	_, hasWOF := cols["wof_id"]
	if !hasName && !hasWOF {
		return nil, outflank.Errorf(outflank.EINVALID, "CSV header: a name column (or wof_id, with --players-db) is required")
	}
	var players []outflank.Player
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return players, nil
		}
		if err != nil {
			return nil, csvError(err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(header) {
			return nil, outflank.Errorf(outflank.EINVALID, "CSV line %d: %d fields, but the header has %d", line, len(rec), len(header))
		}
		p, err := playerFromRecord(rec, cols)
		if err != nil {
			return nil, outflank.Errorf(outflank.EINVALID, "CSV line %d: %s", line, outflank.ErrorMessage(err))
		}
		players = append(players, p)
	}
}

func playerFromRecord(rec []string, cols map[string]int) (outflank.Player, error) {
	get := func(col string) string {
		if i, ok := cols[col]; ok {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	p := outflank.Player{Name: get("name"), Country: get("country"), Gender: get("gender"), Born: get("born"), Team: get("team"),
		Citizenship: get("citizenship"), ResidentSince: get("resident_since")}
	var err error
	if p.Rating, err = optionalInt(get("rating"), "rating"); err != nil {
		return p, err
	}
	if p.WOFID, err = optionalInt(get("wof_id"), "wof_id"); err != nil {
		return p, err
	}
	if p.Seeded, err = yesNo(get("group_a"), "group_a", "a"); err != nil {
		return p, err
	}
	// The host's or the WOF's additional player at a WOC (WOC II.2), and
	// the BOF chairman's exemption from the National's residence rule
	// (National 13), as 'player add --additional' and '--exemption'.
	if p.Additional, err = yesNo(get("additional"), "additional", ""); err != nil {
		return p, err
	}
	p.Exemption = get("exemption")
	return p, nil
}

// yesNo reads a yes/no cell: empty is no; also is one more word for yes
// ("a" for group A).
func yesNo(s, col, also string) (bool, error) {
	switch v := strings.ToLower(s); {
	case v == "" || v == "0" || v == "no" || v == "false" || v == "n":
		return false, nil
	case v == "1" || v == "yes" || v == "true" || v == "y" || also != "" && v == also:
		return true, nil
	}
	return false, outflank.Errorf(outflank.EINVALID, "%s %q: write yes or no", col, s)
}

func optionalInt(s, col string) (int, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, outflank.Errorf(outflank.EINVALID, "%s %q is not a whole number", col, s)
	}
	return n, nil
}

func csvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return outflank.Errorf(outflank.EINVALID, "CSV line %d: %v", pe.Line, pe.Err)
	}
	return outflank.Errorf(outflank.EINVALID, "reading CSV: %v", err)
}

// WriteResultsCSV writes one line per game: round, stage, table, the two
// players, the official discs, the outcome and the transcript; then one line
// per bye, and one per round missed while marked absent (outcome "absent",
// a game not played with the unplayed-game discs: BOF general rule 11), so
// that the lines add up to the disc counts of the standings. The cells of free text, the names and the transcript, are
// neutralised so that a spreadsheet cannot run them (spreadsheetText); the
// stage and the outcome are fixed words.
func WriteResultsCSV(w io.Writer, t *outflank.Tournament) error {
	cw := csv.NewWriter(w)
	name := func(id int) string {
		if p, ok := t.Player(id); ok {
			return spreadsheetText(p.Name)
		}
		return ""
	}
	rows := [][]string{{"round", "stage", "table", "black_id", "black", "white_id", "white", "black_discs", "white_discs", "outcome", "moves"}}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			row := []string{itoa(r.Number), string(r.Stage), itoa(g.Table), itoa(g.Black), name(g.Black), itoa(g.White), name(g.White), "", "", "", ""}
			if res := g.Result; res != nil {
				row[7], row[8], row[9], row[10] = itoa(res.BlackDiscs), itoa(res.WhiteDiscs), string(res.Outcome), spreadsheetText(res.Moves)
			}
			rows = append(rows, row)
		}
		for _, id := range r.Byes {
			rows = append(rows, []string{itoa(r.Number), string(r.Stage), "", itoa(id), name(id), "", "bye",
				itoa(t.Settings.ByeDiscs[0]), itoa(t.Settings.ByeDiscs[1]), "bye", ""})
		}
		for _, id := range t.Missed(r.Number) {
			rows = append(rows, []string{itoa(r.Number), string(r.Stage), "", itoa(id), name(id), "", "absent",
				itoa(t.Settings.UnplayedDiscs[0]), itoa(t.Settings.UnplayedDiscs[1]), "absent", ""})
		}
	}
	if err := cw.WriteAll(rows); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }
