package outflank

import "slices"

// KnockoutStageOf returns the stage of the knockout match now undecided
// between players a and b: a playoff of the provisional list (WOC II.3.2),
// or a semi-final, third place or final of any title, as the live
// knockout draws them from the final list (knockout); or the placement
// rounds when both are placement players (EGP II.2, 9-10 players). It
// reports false when the rules call for no such game now: the main stage
// is not over, the two are not drawn against each other, or their match
// is decided or blocked.
//
// An import places a file's added games (the .ELO's %%Added results) with
// it, one game after the other, so that an imported knockout is the data
// the live one would have recorded.
func (t *Tournament) KnockoutStageOf(a, b int) (Stage, bool) {
	k := t.knockout()
	for _, m := range k.open() {
		if m.has(a, b) && m.Blocked == "" {
			return m.Stage, true
		}
	}
	if p := k.placement; p != nil && slices.Contains(p.players, a) && slices.Contains(p.players, b) {
		return StagePlacement, true
	}
	return "", false
}

// MethodAdded begins the Method of a round of a file's added games that
// its stage's matches call for ("added results: final"): games played
// long ago, as the file recorded them (MatchGame.Recorded).
const MethodAdded = "added results: "

// MethodAddedUnmatched is the Method of a round of games a file added
// after its main stage (an .ELO's %%Added results) that no match of the
// rules calls for (a women's final when the file records nobody's gender,
// a national title's play-off at an EGP): kept as recorded, outside the
// standings, the matches and the order of finish, and never needless.
const MethodAddedUnmatched = "added results, in no knockout match of the rules"
