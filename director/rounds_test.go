package director

import (
	"slices"
	"strings"
	"testing"
)

func TestParseRounds(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
		err  string
	}{
		{"3", []int{3}, ""},
		{"3,5", []int{3, 5}, ""},
		{" 5 , 3 ", []int{3, 5}, ""},
		{"3-5", []int{3, 4, 5}, ""},
		{"7,3-4", []int{3, 4, 7}, ""},
		{"1000", []int{1000}, ""},
		{"", nil, "no round given"},
		{"0", nil, "round 0 is not between 1 and 1000"},
		{"1001", nil, "not between 1 and 1000"},
		{"99999999999999999999", nil, "not between 1 and 1000"},
		{"-3", nil, "a round number is missing"},
		{"3,", nil, "a round number is missing"},
		{"5-3", nil, "range 5-3 goes backwards"},
		{"3,3", nil, "round 3 is given twice"},
		{"3-5,4", nil, "round 4 is given twice"},
		{"three", nil, `"three" is not a round number`},
		{"+3", nil, `"+3" is not a round number`},
		{"3-4-5", nil, `"4-5" is not a round number`},
	} {
		got, err := ParseRounds(tc.in)
		switch {
		case tc.err == "" && (err != nil || !slices.Equal(got, tc.want)):
			t.Errorf("ParseRounds(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "(e.g. 3,5-7)")):
			t.Errorf("ParseRounds(%q) = %v, %v; want an error with %q and an example", tc.in, got, err, tc.err)
		}
	}
}

// FuzzParseRounds: any text gives a sorted list of distinct rounds between
// 1 and 1000, or an error; never a panic, never a huge list.
func FuzzParseRounds(f *testing.F) {
	for _, s := range []string{"3", "3,5-7", "1-1000", " 2 , 9 ", "5-3", "", ",", "-", "1-", "0x10", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseRounds(s)
		if err != nil {
			if got != nil {
				t.Errorf("ParseRounds(%q) returned %v with error %v", s, got, err)
			}
			return
		}
		if len(got) == 0 || len(got) > MaxRoundNumber {
			t.Fatalf("ParseRounds(%q) gave %d rounds", s, len(got))
		}
		for i, n := range got {
			if n < 1 || n > MaxRoundNumber || i > 0 && n <= got[i-1] {
				t.Fatalf("ParseRounds(%q) = %v: not sorted distinct rounds 1-%d", s, got, MaxRoundNumber)
			}
		}
	})
}
