package outflank

import "testing"

// TestKeyNumbers: the keys the stores read back, and the ones they refuse.
func TestKeyNumbers(t *testing.T) {
	for _, c := range []struct {
		key  string
		a, b int
		ok   bool
	}{
		{"3/12", 3, 12, true}, {"7", 7, 0, true}, {"13/2", 13, 2, true},
		{"", 0, 0, false}, {"x", 0, 0, false}, {"3/x", 0, 0, false}, {"1/2/3", 0, 0, false},
	} {
		a, b, err := KeyNumbers(c.key)
		if (err == nil) != c.ok || a != c.a || b != c.b {
			t.Errorf("KeyNumbers(%q) = %d, %d, %v", c.key, a, b, err)
		}
	}
}
