package wof

import (
	"fmt"
	"strconv"
	"strings"
)

// Date is a calendar day as the .ELO header writes it, DD/MM/YYYY. The zero
// Date means no date.
type Date struct {
	Year, Month, Day int
}

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// String returns d as DD/MM/YYYY, or "" for the zero Date.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return fmt.Sprintf("%02d/%02d/%04d", d.Day, d.Month, d.Year)
}

// before reports whether d is an earlier day than e.
func (d Date) before(e Date) bool {
	if d.Year != e.Year {
		return d.Year < e.Year
	}
	if d.Month != e.Month {
		return d.Month < e.Month
	}
	return d.Day < e.Day
}

// valid reports whether d is a real calendar day of the years 1000-9999.
func (d Date) valid() bool {
	if d.Year < 1000 || d.Year > 9999 || d.Month < 1 || d.Month > 12 || d.Day < 1 {
		return false
	}
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[d.Month]
	if d.Month == 2 && d.Year%4 == 0 && (d.Year%100 != 0 || d.Year%400 == 0) {
		days = 29
	}
	return d.Day <= days
}

// parseDateRange reads the value of a %%Date: line, "DD/MM/YYYY" or
// "DD/MM/YYYY - DD/MM/YYYY" (spaces around the dash optional, one-digit day
// and month accepted). It returns a message saying what is wrong otherwise.
func parseDateRange(s string) (from, to Date, problem string) {
	parts := strings.Split(s, "-")
	if len(parts) > 2 {
		return Date{}, Date{}, "date is not DD/MM/YYYY or DD/MM/YYYY - DD/MM/YYYY"
	}
	from, problem = parseDate(parts[0])
	if problem != "" {
		return Date{}, Date{}, problem
	}
	if len(parts) == 2 {
		to, problem = parseDate(parts[1])
		if problem != "" {
			return Date{}, Date{}, problem
		}
	}
	return from, to, ""
}

// parseDate reads one DD/MM/YYYY date.
func parseDate(s string) (Date, string) {
	s = strings.TrimSpace(s)
	f := strings.Split(s, "/")
	if len(f) != 3 || len(f[0]) < 1 || len(f[0]) > 2 || len(f[1]) < 1 || len(f[1]) > 2 || len(f[2]) != 4 {
		return Date{}, fmt.Sprintf("date %q is not DD/MM/YYYY", s)
	}
	var n [3]int
	for i, part := range f {
		v, err := strconv.Atoi(part)
		if err != nil || v < 0 || strings.ContainsAny(part, "+-") {
			return Date{}, fmt.Sprintf("date %q is not DD/MM/YYYY", s)
		}
		n[i] = v
	}
	d := Date{Year: n[2], Month: n[1], Day: n[0]}
	if !d.valid() {
		return Date{}, fmt.Sprintf("date %q is not a day of the calendar", s)
	}
	return d, ""
}
