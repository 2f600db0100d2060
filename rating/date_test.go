package rating

import (
	"reflect"
	"testing"
)

func TestParseDate(t *testing.T) {
	good := map[string]Date{"2026-05-12": {2026, 5, 12}, "2024-02-29": {2024, 2, 29}}
	for s, want := range good {
		if d, err := ParseDate(s); err != nil || d != want {
			t.Errorf("ParseDate(%q) = %v, %v; want %v", s, d, err, want)
		}
	}
	for _, s := range []string{"", "2026-5-12", "12/05/2026", "2025-02-29", "2026-13-01", "2026-00-10", "+026-01-01", "2026-01-32"} {
		if _, err := ParseDate(s); err == nil {
			t.Errorf("ParseDate(%q): no error", s)
		}
	}
}

func TestAddMonthsAndDays(t *testing.T) {
	if got := (Date{2026, 1, 31}).AddMonths(1); got != (Date{2026, 2, 28}) {
		t.Errorf("31 Jan + 1 month = %v", got)
	}
	if got := (Date{2026, 1, 15}).AddMonths(-13); got != (Date{2024, 12, 15}) {
		t.Errorf("15 Jan 2026 − 13 months = %v", got)
	}
	if got := (Date{2024, 2, 28}).AddDays(2); got != (Date{2024, 3, 1}) {
		t.Errorf("28 Feb 2024 + 2 days = %v", got)
	}
	if got := (Date{2026, 1, 1}).AddDays(-1); got != (Date{2025, 12, 31}) {
		t.Errorf("1 Jan 2026 − 1 day = %v", got)
	}
}

func TestListDates(t *testing.T) {
	got := ListDates(Date{2024, 5, 20}, Date{2025, 8, 3}, 6)
	want := []Date{{2024, 7, 1}, {2025, 1, 1}, {2025, 7, 1}, {2025, 8, 3}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ListDates every 6 = %v, want %v", got, want)
	}
	if got := ListDates(Date{2026, 3, 1}, Date{2026, 3, 1}, 1); !reflect.DeepEqual(got, []Date{{2026, 3, 1}}) {
		t.Errorf("one day: %v", got)
	}
}

func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-05-12", "2024-02-29", "0000-00-00", "9999-12-31"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDate(s)
		if err != nil {
			return
		}
		if back, err := ParseDate(d.String()); err != nil || back != d {
			t.Fatalf("%q read as %v, which reads back as %v, %v", s, d, back, err)
		}
	})
}
