package exchange

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"

	"outflank"
	"outflank/rules"
	"outflank/wof"
)

// ReadELO builds a tournament from a WOF .ELO file under ruleset id. The
// file's odd lines, and what the mapping had to decide, come back as
// warnings; only a file with nothing usable is an error. path names the
// file, for the slug and the warnings.
//
// Mapping (docs/formats.md): players keep their WOF ids and get tournament
// ids in file order; a player who appears only in games is registered as
// "WOF <id>"; each round's games go to one round, split into several when a
// player plays twice in it (files without round markers); the games after
// "%%Added results" become playoff rounds; the first player is black unless
// the line says W, or says nothing. The result operator decides the result:
// discs that contradict it, or are missing, make a result with unknown discs.
//
// An .ELO file has no bye lines: the import compares each player line's
// score and disc count with the player's games, and puts back the byes
// (and, where the ruleset scores a round missed with discs, the absences)
// that make them agree, saying so; every other difference is a warning
// (checkHeader; docs/formats.md).
func ReadELO(r io.Reader, id rules.ID, path string) (*outflank.Tournament, []string, error) {
	return ReadELOAs(r, id, path, "")
}

// ReadELOAs is ReadELO storing the tournament under slug ("" for one made
// from the file's name), so that every hint its warnings give ("'outflank
// result SLUG ...'") names the tournament as it will be stored.
func ReadELOAs(r io.Reader, id rules.ID, path, slug string) (*outflank.Tournament, []string, error) {
	b, err := readELO(r, id, path, slug)
	if err != nil {
		return nil, nil, err
	}
	return b.t, b.warnings, nil
}

// readELO is ReadELOAs, giving the builder with what the header check found.
func readELO(r io.Reader, id rules.ID, path, slug string) (*eloBuilder, error) {
	f, warns, err := wof.Read(r)
	if err != nil {
		return nil, outflank.Errorf(outflank.EINVALID, "not a readable .ELO file: %v", err)
	}
	var warnings []string
	for _, w := range warns {
		warnings = append(warnings, w.String())
	}
	name := f.Tournament
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		warnings = append(warnings, "no %%Tournament: line; named after the file")
	}
	name, warnings = eloTournamentName(name, path, warnings)
	date := ""
	if !f.DateFrom.IsZero() {
		date = fmt.Sprintf("%04d-%02d-%02d", f.DateFrom.Year, f.DateFrom.Month, f.DateFrom.Day)
	}
	if slug == "" {
		slug = slugOf(path)
	}
	t, err := outflank.NewTournament(slug, name, date, id, 0)
	if err != nil {
		return nil, err
	}
	b := &eloBuilder{t: t, reg: t.Registrar(), ids: map[int]int{}, warnings: warnings, file: f, written: map[int]int{}, unknown: map[int]int{}}
	for _, r := range f.Rounds {
		b.marked = b.marked || r.Number > 0
	}
	b.finalsInLastRound()
	for _, p := range f.Players {
		b.addPlayer(p)
	}
	for _, r := range f.Rounds {
		b.players(r.Games)
	}
	b.players(f.Added)
	for _, r := range f.Rounds {
		b.addGames(outflank.StageSwiss, r.Games, roundName(r))
	}
	if len(f.Added) > 0 {
		b.addGames(outflank.StagePlayoff, f.Added, "added results")
	}
	if len(t.Rounds) == 0 {
		b.warn("the file has no games")
	}
	// The rounds of the main stage are the event's (the Brightwell
	// constant of AOF and BOF follows them); the added results are not.
	main := 0
	for _, r := range t.Rounds {
		if r.Stage == outflank.StageSwiss {
			main++
		}
	}
	t.Settings = outflank.DefaultSettings(mustRuleset(id), max(main, 1))
	// The header's sender and country go back into the file exported.
	for _, h := range []struct {
		what, value string
		dst         *string
	}{{"sender", f.Sender, &t.Settings.ELOSender}, {"country", f.Country, &t.Settings.ELOCountry}} {
		v, err := outflank.ELOHeader(h.what, h.value)
		if err != nil {
			b.warn("%%%%%s: line left out: %s", strings.ToUpper(h.what[:1])+h.what[1:], outflank.ErrorMessage(err))
			continue
		}
		*h.dst = v
	}
	if !f.DateTo.IsZero() && f.DateTo != f.DateFrom {
		t.Settings.LastDay = fmt.Sprintf("%04d-%02d-%02d", f.DateTo.Year, f.DateTo.Month, f.DateTo.Day)
		if err := t.Validate(); err != nil {
			b.warn("%%%%Date: the last day %s left out: %s", f.DateTo, outflank.ErrorMessage(err))
			t.Settings.LastDay = ""
		}
	}
	t.Settings.Record = true
	b.checks = b.checkHeader()
	b.stageAdded()
	return b, nil
}

type eloBuilder struct {
	t        *outflank.Tournament
	reg      *outflank.Registrar // every player is added through it
	ids      map[int]int         // WOF id -> tournament player id
	warnings []string
	file     *wof.File
	// marked says the file numbers its rounds (%Round: markers).
	marked bool
	// written and unknown tally the main stage's discs as written and its
	// games without discs, by tournament player id (noteWritten).
	written, unknown map[int]int
	// checks are what checkHeader found.
	checks []HeaderCheck
}

func (b *eloBuilder) warn(format string, args ...any) {
	b.warnings = append(b.warnings, fmt.Sprintf(format, args...))
}

var countryCode = regexp.MustCompile(`^[A-Z]{3}$`)

func (b *eloBuilder) addPlayer(p wof.Player) {
	if _, dup := b.ids[p.ID]; dup {
		return
	}
	name := strings.TrimSpace(p.Surname)
	if first := strings.TrimSpace(p.Firstname); first != "" {
		name += ", " + first
	}
	name = b.cleanName(name, p.Line, p.ID)
	if name == "" {
		name = fmt.Sprintf("WOF %d", p.ID)
	}
	pl := outflank.Player{Name: name, WOFID: p.ID, NewToWOF: p.New}
	if c := eloCountry(p.Country); countryCode.MatchString(c) {
		pl.Country = c
	} else if c != "" {
		b.warn("line %d: country %q of %s is not a three-letter code: left out", p.Line, p.Country, name)
	}
	if p.Rating != nil && *p.Rating >= -2000 && *p.Rating <= 4000 {
		pl.Rating = *p.Rating
	}
	b.register(pl, p.Line)
}

// register adds a player, making a repeated name unique with its WOF id.
func (b *eloBuilder) register(pl outflank.Player, line int) {
	added, err := b.reg.Add(pl)
	if err != nil {
		pl.Name = fmt.Sprintf("%s (%d)", pl.Name, pl.WOFID)
		b.warn("line %d: %s; registered as %q", line, outflank.ErrorMessage(err), pl.Name)
		if added, err = b.reg.Add(pl); err != nil {
			b.warn("line %d: %s: player left out", line, outflank.ErrorMessage(err))
			return
		}
	}
	b.ids[pl.WOFID] = added.ID
}

// players registers the players of games who have no player line, in the
// order they play.
func (b *eloBuilder) players(games []wof.Game) {
	for _, g := range games {
		b.player(g.First)
		b.player(g.Second)
	}
}

// player returns the tournament id of WOF id, registering an unknown one.
func (b *eloBuilder) player(wofID int) int {
	if id, ok := b.ids[wofID]; ok {
		return id
	}
	b.warn("player %d plays but has no player line: registered as \"WOF %d\"", wofID, wofID)
	b.register(outflank.Player{Name: fmt.Sprintf("WOF %d", wofID), WOFID: wofID}, 0)
	return b.ids[wofID]
}

// addGames enters games as rounds of stage, starting a new round whenever a
// player would play twice in the current one.
func (b *eloBuilder) addGames(stage outflank.Stage, games []wof.Game, name string) {
	var batch []*wof.Game
	busy := map[int]bool{}
	flush := func() {
		if len(batch) > 0 {
			b.addRound(stage, batch, name)
		}
		batch = batch[:0]
		clear(busy)
	}
	for i := range games {
		g := &games[i]
		if g.First == g.Second {
			b.warn("line %d: player %d plays against himself: game left out", g.Line, g.First)
			continue
		}
		if busy[g.First] || busy[g.Second] {
			b.warn("line %d: a player plays twice in %s: a new round starts here", g.Line, name)
			flush()
		}
		busy[g.First], busy[g.Second] = true, true
		batch = append(batch, g)
	}
	flush()
}

func (b *eloBuilder) addRound(stage outflank.Stage, games []*wof.Game, name string) {
	pairs := make([]outflank.Pair, len(games))
	for i, g := range games {
		black, white := b.ids[g.First], b.ids[g.Second]
		if g.FirstColor == wof.White {
			black, white = white, black
		}
		pairs[i] = outflank.Pair{Black: black, White: white}
	}
	r, err := b.t.AddRound(stage, pairs, nil)
	if err != nil {
		b.warn("%s: %s: round left out", name, outflank.ErrorMessage(err))
		return
	}
	for i, g := range games {
		res := b.result(g)
		// An added game keeps its result as written: a draw whose draw-win
		// the file cannot say (stageAdded).
		if _, err := b.t.SetResult(r.Number, r.Games[i].Table, res, outflank.ResultOptions{AsRecorded: stage != outflank.StageSwiss}); err != nil {
			b.warn("line %d: %s", g.Line, outflank.ErrorMessage(err))
			continue
		}
		if stage == outflank.StageSwiss {
			b.noteWritten(g, pairs[i].Black, pairs[i].White, res.DiscsUnknown)
		}
	}
}

// result turns a game line into a result: its discs when they are possible
// and agree with the operator, else a result with unknown discs.
func (b *eloBuilder) result(g *wof.Game) *outflank.Result {
	firstSide := outflank.Black
	if g.FirstColor == wof.White {
		firstSide = outflank.White
	}
	var winner outflank.Side
	switch g.Result {
	case wof.Win:
		winner = firstSide
	case wof.Loss:
		winner = firstSide.Other()
	}
	if g.FirstDiscs == nil || g.SecondDiscs == nil || g.DiscsContradict() {
		return outflank.NominalResult(winner)
	}
	score := outflank.Discs{Black: *g.FirstDiscs, White: *g.SecondDiscs}
	if firstSide == outflank.White {
		score = outflank.Discs{Black: *g.SecondDiscs, White: *g.FirstDiscs}
	}
	res, err := b.t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score})
	if err != nil {
		b.warn("line %d: %s: the result %s counts, with unknown discs", g.Line, outflank.ErrorMessage(err), g.Result)
		return outflank.NominalResult(winner)
	}
	return res
}

func roundName(r wof.Round) string {
	switch {
	case r.Label != "":
		return "round " + r.Label
	case r.Number > 0:
		return fmt.Sprintf("round %d", r.Number)
	}
	return "the games before any round marker"
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// slugOf makes a slug from a file name: "20090110_EGP_Roma.ELO" gives
// "20090110-egp-roma".
func slugOf(path string) string {
	base := strings.ToLower(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
	s := strings.Trim(nonSlug.ReplaceAllString(base, "-"), "-")
	if len(s) > 63 {
		s = strings.Trim(s[:63], "-")
	}
	if s == "" {
		s = "imported"
	}
	return s
}

func mustRuleset(id rules.ID) rules.Ruleset {
	rs, _ := rules.Get(id)
	return rs
}
