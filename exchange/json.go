package exchange

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"outflank"
	"outflank/rules"
)

// FormatJSON is the version tag of the tournament file.
const FormatJSON = "outflank/1"

// fileTournament is the tournament file (design.md, "The tournament file").
// Fields may be added in later versions, never renamed.
type fileTournament struct {
	Format    string            `json:"format"`
	Name      string            `json:"name"`
	Slug      string            `json:"slug"`
	Rules     string            `json:"rules"`
	Date      string            `json:"date"`
	Settings  fileSettings      `json:"settings"`
	Players   []outflank.Player `json:"players"`
	Rounds    []fileRound       `json:"rounds"`
	Standings []fileStanding    `json:"standings"`
}

// fileSettings has a pointer per setting: one missing from an imported file
// takes the ruleset's default.
type fileSettings struct {
	Rounds             *int     `json:"rounds"`
	RoundsByPlan       *bool    `json:"rounds_by_plan,omitempty"`
	System             *string  `json:"system,omitempty"`
	BrightwellC        *float64 `json:"brightwell_c"`
	BrightwellCByRules *bool    `json:"brightwell_c_by_rules,omitempty"`
	BrightwellVariant  *string  `json:"brightwell_variant"`
	ByeDiscs           *[2]int  `json:"bye_discs"`
	TimeDefault        *string  `json:"time_default"`
	UnplayedDiscs      *[2]int  `json:"unplayed_discs"`
	AvoidSameCountry   *bool    `json:"avoid_same_country"`
	TieBreak           *string  `json:"tie_break,omitempty"`
	DrawSeed           *uint64  `json:"draw_seed"`
	Minutes            *int     `json:"minutes,omitempty"`
	Absence            *string  `json:"absence,omitempty"`
	ELOSender          *string  `json:"elo_sender,omitempty"`
	ELOCountry         *string  `json:"elo_country,omitempty"`
	JudgeConfirm       *bool    `json:"judge_confirm,omitempty"`
	Place              *string  `json:"place,omitempty"`
	Clocks             *string  `json:"clocks,omitempty"`
	Told               *string  `json:"told_rated,omitempty"`
	ContactNations     *string  `json:"contact_nations,omitempty"`
	LastDay            *string  `json:"last_day,omitempty"`
	Record             *bool    `json:"record,omitempty"`
}

type fileRound struct {
	Round  int        `json:"round"`
	Stage  string     `json:"stage"`
	Method string     `json:"method,omitempty"`
	Seed   string     `json:"seed,omitempty"`
	Games  []fileGame `json:"games"`
	Byes   []int      `json:"byes"`
}

// fileGame flattens the result into the game: black_discs, white_discs,
// outcome and the rest appear only once a result is entered.
type fileGame struct {
	Table int `json:"table"`
	Black int `json:"black"`
	White int `json:"white"`
	// Choice is a knockout game's recorded choice of colour or draw-win
	// (WOC IV.9), absent for other games.
	Choice *outflank.Choice `json:"choice,omitempty"`
	*outflank.Result
}

type fileStanding struct {
	Rank   int      `json:"rank"`
	Equal  bool     `json:"equal"`
	Player int      `json:"player"`
	Points float64  `json:"points"`
	BQ     *float64 `json:"bq"`
	Discs  int      `json:"discs"`
}

// WriteJSON writes t as a tournament file, with its standings.
func WriteJSON(w io.Writer, t *outflank.Tournament) error {
	return writeIndented(w, t.Slug, fileOf(t))
}

// fileOf is t as the tournament file has it.
func fileOf(t *outflank.Tournament) fileTournament {
	s := t.Settings
	f := fileTournament{
		Format: FormatJSON, Name: t.Name, Slug: t.Slug, Rules: string(t.Rules), Date: t.Date,
		Settings: fileSettings{Rounds: &s.Rounds, RoundsByPlan: optional(s.RoundsByPlan), System: optional(s.System), BrightwellC: &s.BrightwellC,
			BrightwellCByRules: optional(s.BrightwellCByRules), Minutes: optional(s.Minutes), BrightwellVariant: &s.BrightwellVariant,
			ByeDiscs: &s.ByeDiscs, TimeDefault: (*string)(&s.TimeDefault), UnplayedDiscs: &s.UnplayedDiscs,
			AvoidSameCountry: &s.AvoidSameCountry, TieBreak: &s.TieBreak, DrawSeed: &s.DrawSeed,
			Absence: optional(s.Absence), ELOSender: optional(s.ELOSender), ELOCountry: optional(s.ELOCountry),
			JudgeConfirm: optional(s.JudgeConfirm), Place: optional(s.Place), Clocks: optional(s.Clocks), Told: optional(s.Told),
			ContactNations: optional(s.ContactNations), LastDay: optional(s.LastDay), Record: optional(s.Record)},
		Players:   t.Players,
		Rounds:    make([]fileRound, len(t.Rounds)),
		Standings: standingsOf(t),
	}
	if f.Players == nil {
		f.Players = []outflank.Player{}
	}
	for i, r := range t.Rounds {
		fr := fileRound{Round: r.Number, Stage: string(r.Stage), Method: r.Method, Seed: r.Seed, Games: make([]fileGame, len(r.Games)), Byes: r.Byes}
		if fr.Byes == nil {
			fr.Byes = []int{}
		}
		for j, g := range r.Games {
			fr.Games[j] = fileGame{Table: g.Table, Black: g.Black, White: g.White, Choice: g.Choice, Result: g.Result}
		}
		f.Rounds[i] = fr
	}
	return f
}

// writeIndented writes v, the file of tournament slug, as indented JSON.
func writeIndented(w io.Writer, slug string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("exchange: encoding %s: %w", slug, err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// ReadJSON reads a tournament file and rebuilds the tournament through the
// domain's methods, so the file must obey every rule a director's input
// does. Standings in the file are ignored: they are recomputed.
func ReadJSON(r io.Reader) (*outflank.Tournament, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxJSONSize+1))
	if err != nil {
		return nil, outflank.Errorf(outflank.EINVALID, "reading the tournament file: %v", err)
	}
	if len(data) > MaxJSONSize {
		return nil, outflank.Errorf(outflank.EINVALID, "the tournament file is larger than %d MB", MaxJSONSize>>20)
	}
	var f fileTournament
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return nil, jsonError(data, err)
	}
	if f.Format != FormatJSON {
		return nil, outflank.Errorf(outflank.EINVALID, "format %q: this is not an %s tournament file", f.Format, FormatJSON)
	}
	rounds := 0
	if f.Settings.Rounds != nil {
		rounds = *f.Settings.Rounds
	}
	t, err := outflank.NewTournament(f.Slug, f.Name, f.Date, rules.ID(f.Rules), rounds)
	if err != nil {
		return nil, err
	}
	f.Settings.applyTo(&t.Settings)
	if err := t.Validate(); err != nil {
		return nil, err
	}
	if err := buildPlayers(t, f.Players); err != nil {
		return nil, err
	}
	for i, fr := range f.Rounds {
		if err := buildRound(t, i+1, fr); err != nil {
			return nil, err
		}
	}
	if err := markAbsent(t, f.Players); err != nil {
		return nil, err
	}
	return t, withdraw(t, f.Players)
}

// MaxJSONSize bounds a tournament file, and so the memory ReadJSON takes:
// 5,000 players and 13 rounds of transcripts take about 5 MB, 100,000
// games without transcripts 25 MB. Callers may bound it lower.
const MaxJSONSize = 256 << 20

// optional points at v, or is nil when v is its type's zero value, so a
// setting at its default stays out of the file.
func optional[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

func (s fileSettings) applyTo(dst *outflank.Settings) {
	if s.LastDay != nil {
		dst.LastDay = *s.LastDay
	}
	if s.Record != nil {
		dst.Record = *s.Record
	}
	if s.RoundsByPlan != nil {
		dst.RoundsByPlan = *s.RoundsByPlan
	}
	if s.BrightwellC != nil {
		// A constant in the file is the file's, unless it says it follows
		// the ruleset.
		dst.BrightwellC, dst.BrightwellCByRules = *s.BrightwellC, false
	}
	if s.BrightwellCByRules != nil {
		dst.BrightwellCByRules = *s.BrightwellCByRules
	}
	if s.Minutes != nil {
		dst.Minutes = *s.Minutes
	}
	if s.BrightwellVariant != nil {
		dst.BrightwellVariant = *s.BrightwellVariant
	}
	if s.ByeDiscs != nil {
		dst.ByeDiscs = *s.ByeDiscs
	}
	if s.TimeDefault != nil {
		dst.TimeDefault = rules.TimeDefault(*s.TimeDefault)
	}
	if s.UnplayedDiscs != nil {
		dst.UnplayedDiscs = *s.UnplayedDiscs
	}
	if s.AvoidSameCountry != nil {
		dst.AvoidSameCountry = *s.AvoidSameCountry
	}
	if s.TieBreak != nil {
		dst.TieBreak = *s.TieBreak
	}
	if s.DrawSeed != nil {
		dst.DrawSeed = *s.DrawSeed
	}
	if s.JudgeConfirm != nil {
		dst.JudgeConfirm = *s.JudgeConfirm
	}
	for _, v := range []struct{ from, to *string }{{s.System, &dst.System}, {s.Absence, &dst.Absence}, {s.ELOSender, &dst.ELOSender}, {s.ELOCountry, &dst.ELOCountry},
		{s.Place, &dst.Place}, {s.Clocks, &dst.Clocks}, {s.Told, &dst.Told}, {s.ContactNations, &dst.ContactNations}} {
		if v.from != nil {
			*v.to = *v.from
		}
	}
}

// buildPlayers registers the players with their ids; absences and
// withdrawals come last, once the rounds they played are in.
func buildPlayers(t *outflank.Tournament, players []outflank.Player) error {
	reg := t.Registrar()
	for i, p := range players {
		if p.ID <= 0 {
			return outflank.Errorf(outflank.EINVALID, "players[%d] (%s): every player needs a positive id", i, p.Name)
		}
		p.WithdrawnAfterRound = nil
		if _, err := reg.Add(p); err != nil {
			return outflank.Errorf(outflank.EINVALID, "players[%d] (id %d): %s", i, p.ID, outflank.ErrorMessage(err))
		}
	}
	return nil
}

func buildRound(t *outflank.Tournament, n int, fr fileRound) error {
	if fr.Round != n {
		return outflank.Errorf(outflank.EINVALID, "rounds[%d] is numbered %d: rounds are numbered 1, 2, 3... in order", n-1, fr.Round)
	}
	stage, err := outflank.ParseStage(fr.Stage)
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "round %d: %s", n, outflank.ErrorMessage(err))
	}
	// Tables are numbered on, one by one, from the round's first: 1, or
	// the next free table of a knockout time slot.
	first := 1
	if len(fr.Games) > 0 {
		first = fr.Games[0].Table
	}
	pairs := make([]outflank.Pair, len(fr.Games))
	tables := make([]int, len(fr.Games))
	knockout := stage.Withdrawable() && len(fr.Byes) == 0
	for j, g := range fr.Games {
		if (g.Table != first+j && !knockout) || g.Table < 1 {
			return outflank.Errorf(outflank.EINVALID, "round %d: games[%d] is table %d: tables are numbered from 1 (or a knockout round's first table) one by one, in order", n, j, g.Table)
		}
		pairs[j], tables[j] = outflank.Pair{Black: g.Black, White: g.White}, g.Table
	}
	var r *outflank.Round
	if knockout {
		// A knockout game withdrawn alone leaves its table empty, or its
		// round without games (Tournament.WithdrawGame).
		r, err = t.AddKnockoutRoundAt(stage, tables, pairs)
	} else {
		r, err = t.AddRoundAt(first, stage, pairs, fr.Byes)
	}
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "round %d: %s", n, outflank.ErrorMessage(err))
	}
	r.Method, r.Seed = fr.Method, fr.Seed
	for _, g := range fr.Games {
		if g.Choice == nil {
			continue
		}
		if err := t.SetChoice(n, g.Table, *g.Choice); err != nil {
			return outflank.Errorf(outflank.EINVALID, "round %d table %d: %s", n, g.Table, outflank.ErrorMessage(err))
		}
	}
	for _, g := range fr.Games {
		if g.Result == nil {
			continue
		}
		if err := t.Settings.Check(g.Result); err != nil {
			return outflank.Errorf(outflank.EINVALID, "round %d table %d: %s", n, g.Table, outflank.ErrorMessage(err))
		}
		// As recorded: a drawn one-game match may wait for its choice of
		// colour or draw-win (an imported .ELO file's).
		if _, err := t.SetResult(n, g.Table, g.Result, outflank.ResultOptions{AsRecorded: true}); err != nil {
			return err
		}
	}
	return nil
}

// markAbsent records the players' absences once the rounds are in (and
// before the withdrawals, which may come after an absence).
func markAbsent(t *outflank.Tournament, players []outflank.Player) error {
	for _, p := range players {
		if len(p.AbsentRounds) == 0 {
			continue
		}
		if err := t.MarkAbsent(p.ID, p.AbsentRounds); err != nil {
			return outflank.Errorf(outflank.EINVALID, "player %d (%s): %s", p.ID, p.Name, outflank.ErrorMessage(err))
		}
	}
	return nil
}

func withdraw(t *outflank.Tournament, players []outflank.Player) error {
	for _, p := range players {
		if p.WithdrawnAfterRound == nil {
			continue
		}
		if err := t.Withdraw(p.ID, *p.WithdrawnAfterRound); err != nil {
			return outflank.Errorf(outflank.EINVALID, "player %d (%s): %s", p.ID, p.Name, outflank.ErrorMessage(err))
		}
	}
	return nil
}

// jsonError says where in the file the JSON went wrong.
func jsonError(data []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		line, col := position(data, syntax.Offset)
		return outflank.Errorf(outflank.EINVALID, "tournament file, line %d column %d: %v", line, col, syntax)
	case errors.As(err, &typ):
		line, col := position(data, typ.Offset)
		return outflank.Errorf(outflank.EINVALID, "tournament file, line %d column %d: %s should be %s, not %s", line, col, typ.Field, typ.Type, typ.Value)
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return outflank.Errorf(outflank.EINVALID, "the tournament file is empty or cut short")
	}
	return outflank.Errorf(outflank.EINVALID, "tournament file: %v", err)
}

func position(data []byte, offset int64) (line, col int) {
	line, col = 1, 1
	for i := int64(0); i < offset && i < int64(len(data)); i++ {
		if data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
