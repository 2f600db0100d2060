package rating

import (
	"fmt"
	"strconv"
	"strings"
)

// Date is a calendar day. The zero Date means no date.
type Date struct {
	Year, Month, Day int
}

// ParseDate reads a day written YYYY-MM-DD.
func ParseDate(s string) (Date, error) {
	f := strings.Split(strings.TrimSpace(s), "-")
	if len(f) != 3 || len(f[0]) != 4 || len(f[1]) != 2 || len(f[2]) != 2 {
		return Date{}, fmt.Errorf("rating: date %q is not YYYY-MM-DD", s)
	}
	var n [3]int
	for i, part := range f {
		v, err := strconv.Atoi(part)
		if err != nil || strings.ContainsAny(part, "+-") {
			return Date{}, fmt.Errorf("rating: date %q is not YYYY-MM-DD", s)
		}
		n[i] = v
	}
	d := Date{n[0], n[1], n[2]}
	if !d.valid() {
		return Date{}, fmt.Errorf("rating: date %q is not a day of the calendar", s)
	}
	return d, nil
}

// String returns d as YYYY-MM-DD, or "" for the zero Date.
func (d Date) String() string {
	if d == (Date{}) {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// Before reports whether d is an earlier day than e.
func (d Date) Before(e Date) bool {
	if d.Year != e.Year {
		return d.Year < e.Year
	}
	if d.Month != e.Month {
		return d.Month < e.Month
	}
	return d.Day < e.Day
}

// AddMonths returns the same day n calendar months later (earlier when n is
// negative), moved back to the month's last day when the month is shorter.
func (d Date) AddMonths(n int) Date {
	m := d.Year*12 + d.Month - 1 + n
	e := Date{m / 12, m%12 + 1, d.Day}
	for !e.valid() {
		e.Day--
	}
	return e
}

// AddDays returns the day n days later (earlier when n is negative).
func (d Date) AddDays(n int) Date {
	for ; n > 0; n-- {
		d.Day++
		if !d.valid() {
			d = Date{d.Year, d.Month + 1, 1}
			if d.Month == 13 {
				d = Date{d.Year + 1, 1, 1}
			}
		}
	}
	for ; n < 0; n++ {
		d.Day--
		if d.Day == 0 {
			d = Date{d.Year, d.Month - 1, 31}
			if d.Month == 0 {
				d = Date{d.Year - 1, 12, 31}
			}
			for !d.valid() {
				d.Day--
			}
		}
	}
	return d
}

func (d Date) valid() bool {
	if d.Year < 1 || d.Year > 9999 || d.Month < 1 || d.Month > 12 || d.Day < 1 {
		return false
	}
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[d.Month]
	if d.Month == 2 && d.Year%4 == 0 && (d.Year%100 != 0 || d.Year%400 == 0) {
		days = 29
	}
	return d.Day <= days
}
