package web

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDuplicateKey: a key given twice in one object is found at any depth,
// whatever its case; the same key in two objects, or in an array's
// objects, is no duplicate.
func TestDuplicateKey(t *testing.T) {
	for _, c := range []struct {
		doc, key string
	}{
		{`{"a": 1, "a": 2}`, "a"},
		{`{"a": 1, "A": 2}`, "A"},
		{`{"name": 1, "NaMe": 2}`, "NaMe"},
		{"{\"k\": 1, \"\u212a\": 2}", "\u212a"}, // the Kelvin sign folds to k, as encoding/json matches it
		{`{"a": {"b": 1, "b": 2}}`, "b"},
		{`{"a": [{"b": 1}, {"c": 1, "c": [1]}]}`, "c"},
		{`{"a": [1, "a", {"x": 1}], "a": 2}`, "a"},
		{`{"s": "a", "t": {"s": 1}, "s": "b"}`, "s"},
		{`{"a": 1}`, ""},
		{`{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}`, ""},
		{`{"a": "b", "b": "a"}`, ""},
		{`[{"a": 1}, {"a": 2}]`, ""},
		{`{}`, ""},
		{`"a"`, ""},
		{`{"a": 1`, ""},
	} {
		key, ok := duplicateKey([]byte(c.doc))
		if key != c.key || ok != (c.key != "") {
			t.Errorf("duplicateKey(%s) = %q, %v; want %q", c.doc, key, ok, c.key)
		}
	}
}

// FuzzDuplicateKey: duplicateKey never panics on any input, and on a
// document holding k1 and k2 as keys of one object (beside other objects
// holding k1) it finds a duplicate exactly when strings.EqualFold says they
// are one key, as encoding/json would match them.
func FuzzDuplicateKey(f *testing.F) {
	f.Add([]byte(`{"a": 1, "a": 2}`), "a", "A")
	f.Add([]byte(`{"a": [{"b": 1}]}`), "name", "named")
	f.Add([]byte(`[[[{"x":{}}]]]`), "k", "\u212a")
	f.Add([]byte(`{"\u00df": 1}`), "\u00df", "SS")
	f.Fuzz(func(t *testing.T, raw []byte, k1, k2 string) {
		duplicateKey(raw)
		q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
		doc := `{"x": [{` + q(k1) + `: 1}], ` + q(k1) + `: {` + q(k2) + `: [` + q(k1) + `]}, "y": 1, ` + q(k2) + `: 2}`
		if !json.Valid([]byte(doc)) {
			return
		}
		// k1 and k2 (as encoding/json decodes them) are keys of the top
		// object; "x" and "y" too.
		var d1, d2 string
		json.Unmarshal([]byte(q(k1)), &d1)
		json.Unmarshal([]byte(q(k2)), &d2)
		want := strings.EqualFold(d1, d2) || strings.EqualFold(d1, "x") || strings.EqualFold(d1, "y") ||
			strings.EqualFold(d2, "x") || strings.EqualFold(d2, "y")
		if _, got := duplicateKey([]byte(doc)); got != want {
			t.Errorf("duplicateKey(%s) = %v, want %v", doc, got, want)
		}
	})
}
