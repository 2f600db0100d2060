package rowcols

import (
	"testing"

	"outflank"
)

// TestGame: fifteen columns with or without a result and a choice, the
// result's discs where the schemas put them.
func TestGame(t *testing.T) {
	empty := Game(&outflank.Game{})
	if len(empty) != 15 || empty[0] != nil || empty[13] != nil || empty[14] != "" {
		t.Errorf("no result, no choice: %v", empty)
	}
	full := Game(&outflank.Game{Result: &outflank.Result{BlackDiscs: 40, WhiteDiscs: 24}, Choice: &outflank.Choice{Player: 3}})
	if len(full) != 15 || full[1] != 40 || full[2] != 24 || full[13] != 3 {
		t.Errorf("a result and a choice: %v", full)
	}
}
