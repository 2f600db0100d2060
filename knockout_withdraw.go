package outflank

import (
	"fmt"
	"outflank/words"
	"slices"
)

// KindWithdrawGame is the kind of the change that takes back one knockout
// game (WithdrawGame), beside the other kinds (store.go).
const KindWithdrawGame = "game.withdraw"

// Withdrawn is a knockout game taken back by WithdrawGame: the game, what
// it was in words, and whether the rules still called for it.
type Withdrawn struct {
	Round int
	Game  Game
	Label string
	// Needless is why the rules no longer called for it; "" for a game
	// they did (paired too early, or by mistake), which can be paired
	// again.
	Needless string
}

// WithdrawGame takes back the knockout game at table in round n, alone:
// one the rules no longer call for (NeedlessGames), or one still to be
// played, paired by mistake or too early. The other games keep their
// rounds and tables, so a score sheet printed for them stays right; a
// round left without games keeps its number, unless it is the last one.
// A game played that counts is refused: its result is corrected, not
// withdrawn. Games of the main stage and placement rounds are paired as a
// round, and taken back with undo.
func (t *Tournament) WithdrawGame(n, table int) (*Withdrawn, error) {
	r, ok := t.Round(n)
	if !ok {
		return nil, Errorf(ENOTFOUND, "%s has no round %d (it has %d)", t.Slug, n, len(t.Rounds))
	}
	if !r.Stage.Withdrawable() {
		return nil, Errorf(EINVALID, "round %d is a %s round: only a knockout game (a playoff, semi-final, third place or final) is withdrawn alone; a round paired by mistake is taken back whole with 'outflank undo %s'",
			n, r.Stage, t.Slug)
	}
	g, err := t.Game(n, table)
	if err != nil {
		return nil, err
	}
	w := &Withdrawn{Round: n, Game: *g, Label: string(r.Stage)}
	if ng, ok := t.needlessAt(n, table); ok {
		w.Label, w.Needless = ng.Label, ng.Why
	} else {
		if kg, ok := t.knockoutGame(n, table); ok {
			w.Label = fmt.Sprintf("%s, game %d", kg.label, kg.number)
		}
		if g.Result != nil {
			return nil, Errorf(EINVALID, "%s (round %d table %d) was played (%s) and its match stands on it: correct its result ('outflank result %s %d %d SCORE --replace'), or undo it; only a game the rules no longer call for, or one not played yet, is withdrawn",
				w.Label, n, table, g.Result.Summary(), t.Slug, n, table)
		}
	}
	i := slices.IndexFunc(r.Games, func(x Game) bool { return x.Table == table })
	r.Games = slices.Delete(r.Games, i, i+1)
	if len(r.Games) == 0 && len(r.Byes) == 0 && n == len(t.Rounds) {
		t.Rounds = t.Rounds[:n-1]
	}
	return w, nil
}

// Withdrawable reports whether a game of stage may be withdrawn alone
// (WithdrawGame): the knockout stages', not the main stage's nor a
// placement round's.
func (s Stage) Withdrawable() bool {
	_, _, ok := s.Knockout()
	return ok || s == StagePlayoff
}

// AddKnockoutRoundAt enters a knockout round of a tournament file as the
// file numbers it: its games at the tables given, in increasing order,
// with the gaps that games withdrawn alone left (WithdrawGame), or no game
// at all when each was withdrawn.
func (t *Tournament) AddKnockoutRoundAt(stage Stage, tables []int, pairs []Pair) (*Round, error) {
	if !stage.Withdrawable() {
		return nil, Errorf(EINVALID, "a %s round's tables are numbered one by one from its first", stage)
	}
	if len(tables) != len(pairs) {
		return nil, Errorf(EINVALID, "%s for %s", words.Count(len(tables), "table"), words.Count(len(pairs), "game"))
	}
	for i := 1; i < len(tables); i++ {
		if tables[i] <= tables[i-1] {
			return nil, Errorf(EINVALID, "table %d after table %d: a round's tables go up", tables[i], tables[i-1])
		}
	}
	if len(pairs) == 0 {
		t.Rounds = append(t.Rounds, Round{Number: len(t.Rounds) + 1, Stage: stage})
		return &t.Rounds[len(t.Rounds)-1], nil
	}
	if tables[0] < 1 {
		return nil, Errorf(EINVALID, "table %d: tables are numbered from 1", tables[0])
	}
	r, err := t.addRound(tables[0], stage, pairs, nil)
	if err != nil {
		return nil, err
	}
	for i := range r.Games {
		r.Games[i].Table = tables[i]
	}
	return r, nil
}

// Summary is the audit log's words for the withdrawal.
func (w *Withdrawn) Summary(t *Tournament) string {
	why := "not played yet"
	if w.Needless != "" {
		why = "not needed: " + w.Needless
	}
	return fmt.Sprintf("withdrew round %d table %d (%s): %s v %s, %s", w.Round, w.Game.Table, w.Label, t.Describe(w.Game.Black), t.Describe(w.Game.White), why)
}
