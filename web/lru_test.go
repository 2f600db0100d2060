package web

import (
	"slices"
	"testing"
)

// TestLRU: an lru keeps at most max bytes, forgets the least recently
// used first (a get counts as a use, a peek does not), keeps nothing
// larger than max, and counts a replaced value once.
func TestLRU(t *testing.T) {
	type op struct {
		do   string // put, get, peek, remove
		key  string
		size int64
	}
	for _, tc := range []struct {
		name  string
		max   int64
		ops   []op
		keys  []string // kept, the most recently used first
		bytes int64
	}{
		{"under the bound, all kept", 10, []op{{"put", "a", 3}, {"put", "b", 3}, {"put", "c", 4}}, []string{"c", "b", "a"}, 10},
		{"over the bound, the oldest forgotten", 10, []op{{"put", "a", 3}, {"put", "b", 3}, {"put", "c", 5}}, []string{"c", "b"}, 8},
		{"a get makes a value recent", 10, []op{{"put", "a", 3}, {"put", "b", 3}, {"get", "a", 0}, {"put", "c", 5}}, []string{"c", "a"}, 8},
		{"a peek does not", 10, []op{{"put", "a", 3}, {"put", "b", 3}, {"peek", "a", 0}, {"put", "c", 5}}, []string{"c", "b"}, 8},
		{"a big value forgets several", 10, []op{{"put", "a", 3}, {"put", "b", 3}, {"put", "c", 3}, {"put", "d", 9}}, []string{"d"}, 9},
		{"larger than the bound: not kept", 10, []op{{"put", "a", 3}, {"put", "b", 11}}, []string{"a"}, 3},
		{"larger than the bound replaces: both gone", 10, []op{{"put", "a", 3}, {"put", "a", 11}}, nil, 0},
		{"a replaced value counted once", 10, []op{{"put", "a", 3}, {"put", "b", 3}, {"put", "a", 6}}, []string{"a", "b"}, 9},
		{"a replaced value grows and forgets others", 10, []op{{"put", "a", 3}, {"put", "b", 3}, {"put", "b", 8}}, []string{"b"}, 8},
		{"remove", 10, []op{{"put", "a", 3}, {"put", "b", 3}, {"remove", "a", 0}, {"remove", "x", 0}}, []string{"b"}, 3},
		{"exactly the bound", 10, []op{{"put", "a", 5}, {"put", "b", 5}}, []string{"b", "a"}, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := newLRU[string](tc.max)
			for _, o := range tc.ops {
				switch o.do {
				case "put":
					if kept := l.put(o.key, "value of "+o.key, o.size); kept != (o.size <= tc.max) {
						t.Errorf("put %s of %d bytes: kept %v", o.key, o.size, kept)
					}
				case "get":
					if v, ok := l.get(o.key); !ok || v != "value of "+o.key {
						t.Errorf("get %s: %q %v", o.key, v, ok)
					}
				case "peek":
					if v, ok := l.peek(o.key); !ok || v != "value of "+o.key {
						t.Errorf("peek %s: %q %v", o.key, v, ok)
					}
				case "remove":
					l.remove(o.key)
				}
				if l.bytes() > tc.max {
					t.Fatalf("after %s %s: %d bytes kept, over %d", o.do, o.key, l.bytes(), tc.max)
				}
			}
			var keys []string
			for v := range l.all {
				keys = append(keys, v[len("value of "):])
			}
			if !slices.Equal(keys, tc.keys) || l.len() != len(tc.keys) || l.bytes() != tc.bytes {
				t.Errorf("kept %v (%d values, %d bytes), want %v (%d bytes)", keys, l.len(), l.bytes(), tc.keys, tc.bytes)
			}
			for _, k := range tc.keys {
				if _, ok := l.peek(k); !ok {
					t.Errorf("%s listed but not found", k)
				}
			}
		})
	}
}

// TestLRUManyValues: with many values and random sizes, the total stays
// at most the bound and equals the sum of what is kept.
func TestLRUManyValues(t *testing.T) {
	l := newLRU[int](1000)
	sizes := map[string]int64{}
	for i := range 5000 {
		key := string(rune('a' + i%300))
		size := int64((i*7919)%180 + 1)
		l.put(key, i, size)
		sizes[key] = size
		if i%3 == 0 {
			l.get(string(rune('a' + (i/3)%300)))
		}
		var sum int64
		for v := range l.all {
			sum += sizes[string(rune('a'+v%300))]
		}
		if sum != l.bytes() || l.bytes() > 1000 {
			t.Fatalf("after %d puts: %d bytes counted, %d kept, bound 1000", i+1, l.bytes(), sum)
		}
	}
}
