package outflank

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestSortChangesOrder: the sort with keys parsed once orders changes as
// the rule says, compared pair by pair with compareKeys: deletions first,
// children before parents; then the rest parents first; each kind by key,
// "3/2" before "3/12".
func TestSortChangesOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rank := func(c Change) int {
		i := slices.Index(entityOrder, c.Entity)
		if c.After == nil {
			return -i
		}
		return 10 + i
	}
	for trial := range 200 {
		var changes []Change
		for range rng.IntN(60) {
			entity := entityOrder[rng.IntN(len(entityOrder))]
			key := strconv.Itoa(rng.IntN(30))
			switch entity {
			case EntityTournament:
				key = "slug-" + strconv.Itoa(rng.IntN(3))
			case EntityGame, EntityBye:
				key += "/" + strconv.Itoa(rng.IntN(30))
			}
			c := Change{Entity: entity, Key: key, Before: []byte("1")}
			if rng.IntN(3) > 0 {
				c.After = []byte("2")
			}
			changes = append(changes, c)
		}
		sortChanges(changes)
		for i := 1; i < len(changes); i++ {
			x, y := changes[i-1], changes[i]
			if rx, ry := rank(x), rank(y); rx > ry || rx == ry && compareKeys(x.Key, y.Key) > 0 {
				t.Fatalf("trial %d: %s %s (after %v) sorted before %s %s (after %v)", trial, x.Entity, x.Key, x.After, y.Entity, y.Key, y.After)
			}
		}
	}
}
