package report

import (
	"fmt"
	"strings"

	"outflank"
	"outflank/othello"
)

// GameRecord is one game as the web API gives it: where it was played, its
// players, its result as stored (null until entered) and its transcript
// replayed (null when none was recorded), with the field names of `game
// replay --json`.
type GameRecord struct {
	Tournament string           `json:"tournament"`
	Round      int              `json:"round"`
	Stage      string           `json:"stage"`
	Table      int              `json:"table"`
	Black      GamePlayer       `json:"black"`
	White      GamePlayer       `json:"white"`
	Result     *outflank.Result `json:"result"`
	Replay     *Replay          `json:"replay"`
	// A knockout game names its match and its number in it, as a round's
	// pairings do (Table): "final", "final", 1.
	Match      string `json:"match,omitempty"`
	MatchLabel string `json:"match_label,omitempty"`
	MatchGame  int    `json:"match_game,omitempty"`

	// Game is the replayed transcript, position by position, for the pages
	// that show it; nil without a transcript.
	Game *othello.Game `json:"-"`
}

// GamePlayer is a player of a game.
type GamePlayer struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Country string `json:"country"`
	Rating  int    `json:"rating"`
}

// GameRecordOf draws up the game at table in round n. A round or table
// that does not exist is ENOTFOUND, with a message that says which do.
func GameRecordOf(t *outflank.Tournament, n, table int) (GameRecord, error) {
	r, ok := t.Round(n)
	switch {
	case !ok && len(t.Rounds) == 0:
		return GameRecord{}, outflank.Errorf(outflank.ENOTFOUND, "%s has no rounds yet, so no round %d.", t.Name, n)
	case !ok:
		return GameRecord{}, outflank.Errorf(outflank.ENOTFOUND, "%s has no round %d: its rounds are 1 to %d.", t.Name, n, len(t.Rounds))
	case len(r.Games) == 0:
		return GameRecord{}, outflank.Errorf(outflank.ENOTFOUND, "Round %d of %s has no games, only byes.", n, t.Name)
	}
	var g *outflank.Game
	for i := range r.Games {
		if r.Games[i].Table == table {
			g = &r.Games[i]
		}
	}
	if g == nil {
		return GameRecord{}, outflank.Errorf(outflank.ENOTFOUND, "Round %d of %s has no table %d: its games are at %s.", n, t.Name, table, tableList(r.Games))
	}
	doc := GameRecord{Tournament: t.Slug, Round: n, Stage: string(r.Stage), Table: table,
		Black: gamePlayer(t, g.Black), White: gamePlayer(t, g.White), Result: g.Result}
	if m, ok := matchGames(t, r)[table]; ok {
		doc.Match, doc.MatchLabel, doc.MatchGame = m.name, m.label, m.game
	}
	if g.Result != nil && g.Result.Moves != "" {
		game, err := othello.ReplayTranscript(g.Result.Moves)
		if err != nil {
			// Transcripts are replayed before they are stored: this one
			// was damaged since.
			return GameRecord{}, fmt.Errorf("report: round %d table %d of %s: the stored transcript: %w", n, table, t.Slug, err)
		}
		replay := ReplayOf(game)
		doc.Game, doc.Replay = game, &replay
	}
	return doc, nil
}

// Heading names the game for the boards that show it alone (the judge's,
// the viewer): "Final, game 1" for a knockout game, the match being what
// players and judges call it; "Round 3, table 2" otherwise.
func (g GameRecord) Heading() string {
	if g.MatchLabel != "" {
		return fmt.Sprintf("%s%s, game %d", strings.ToUpper(g.MatchLabel[:1]), g.MatchLabel[1:], g.MatchGame)
	}
	return fmt.Sprintf("Round %d, table %d", g.Round, g.Table)
}

func gamePlayer(t *outflank.Tournament, id int) GamePlayer {
	gp := GamePlayer{ID: id}
	if p, ok := t.Player(id); ok {
		gp.Name, gp.Country, gp.Rating = p.Name, p.Country, p.Rating
	}
	return gp
}

// tableList names a round's tables: "tables 1 to 8" when they follow each
// other, else one by one.
func tableList(games []outflank.Game) string {
	first, last := games[0].Table, games[len(games)-1].Table
	if last-first+1 == len(games) {
		if first == last {
			return fmt.Sprintf("table %d", first)
		}
		return fmt.Sprintf("tables %d to %d", first, last)
	}
	tables := make([]string, len(games))
	for i, g := range games {
		tables[i] = fmt.Sprint(g.Table)
	}
	return "tables " + strings.Join(tables, ", ")
}
