package recall

import (
	"strconv"
	"time"
)

var monthNames = map[string]time.Month{
	"january": time.January, "february": time.February, "march": time.March, "april": time.April,
	"may": time.May, "june": time.June, "july": time.July, "august": time.August, "september": time.September,
	"october": time.October, "november": time.November, "december": time.December,
	"jan": time.January, "feb": time.February, "mar": time.March, "apr": time.April, "jun": time.June,
	"jul": time.July, "aug": time.August, "sep": time.September, "sept": time.September, "oct": time.October,
	"nov": time.November, "dec": time.December,
}

// dayOf reads a day of the month: "13", "13th", "1st", "2nd", "3rd".
func dayOf(w string) (int, bool) {
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if len(w) > len(suf) && w[len(w)-len(suf):] == suf {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	if len(w) == 0 || len(w) > 2 {
		return 0, false
	}
	d, err := strconv.Atoi(w)
	return d, err == nil && d >= 1 && d <= 31
}

// yearOf reads a year 1900–2199.
func yearOf(w string) (int, bool) {
	y, err := strconv.Atoi(w)
	return y, err == nil && len(w) == 4 && y >= 1900 && y < 2200
}

// dayWindow is the day d of month m in year y, or, with no year, the
// latest such day not after asOf; ok is false for a day the month lacks.
func dayWindow(y int, hasYear bool, m time.Month, d int, asOf time.Time) (from, to time.Time, ok bool) {
	if !hasYear {
		y = asOf.Year()
		if time.Date(y, m, d, 0, 0, 0, 0, time.UTC).After(asOf) {
			y--
		}
	}
	f := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	if f.Month() != m { // 31 April
		return time.Time{}, time.Time{}, false
	}
	return f, f.AddDate(0, 0, 1), true
}

// ResolveTime finds the first time expression in query and resolves it
// against asOf (UTC) to a window [from, to) of whole days, weeks (Monday
// first), months or years. It understands: today, yesterday, this/last
// week|month|year, N days|weeks|months|years ago, a date ("October 13,
// 2023", "13th October 2023", "May 3": a day; without a year, the latest
// such day not after asOf), "<month> <year>", "<month>" alone (the latest
// such month not after asOf), and a year (1900–2199). ok is false when the
// query has no time expression.
func ResolveTime(query string, asOf time.Time) (from, to time.Time, ok bool) {
	asOf = asOf.UTC()
	ws := words(query)
	dayStart := time.Date(asOf.Year(), asOf.Month(), asOf.Day(), 0, 0, 0, 0, time.UTC)
	weekStart := dayStart.AddDate(0, 0, -((int(dayStart.Weekday()) + 6) % 7))
	monthStart := time.Date(asOf.Year(), asOf.Month(), 1, 0, 0, 0, 0, time.UTC)
	yearStart := time.Date(asOf.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	for i, w := range ws {
		next := ""
		if i+1 < len(ws) {
			next = ws[i+1]
		}
		switch w {
		case "today", "tonight":
			return dayStart, dayStart.AddDate(0, 0, 1), true
		case "yesterday":
			return dayStart.AddDate(0, 0, -1), dayStart, true
		case "this", "last", "past", "previous":
			back := 0
			if w != "this" {
				back = 1
			}
			switch next {
			case "week":
				f := weekStart.AddDate(0, 0, -7*back)
				return f, f.AddDate(0, 0, 7), true
			case "month":
				f := monthStart.AddDate(0, -back, 0)
				return f, f.AddDate(0, 1, 0), true
			case "year":
				f := yearStart.AddDate(-back, 0, 0)
				return f, f.AddDate(1, 0, 0), true
			case "night":
				if w == "last" {
					return dayStart.AddDate(0, 0, -1), dayStart, true
				}
			}
		}
		if n, err := strconv.Atoi(w); err == nil && i+2 < len(ws) && ws[i+2] == "ago" && n >= 0 && n < 10000 {
			switch next {
			case "day", "days":
				f := dayStart.AddDate(0, 0, -n)
				return f, f.AddDate(0, 0, 1), true
			case "week", "weeks":
				f := weekStart.AddDate(0, 0, -7*n)
				return f, f.AddDate(0, 0, 7), true
			case "month", "months":
				f := monthStart.AddDate(0, -n, 0)
				return f, f.AddDate(0, 1, 0), true
			case "year", "years":
				f := yearStart.AddDate(-n, 0, 0)
				return f, f.AddDate(1, 0, 0), true
			}
		}
		// a day first: "13 october [2023]", "13th of october"
		if d, isDay := dayOf(w); isDay {
			j := i + 1
			if j < len(ws) && ws[j] == "of" {
				j++
			}
			if j < len(ws) {
				if m, isMonth := monthNames[ws[j]]; isMonth {
					y, hasYear := 0, false
					if j+1 < len(ws) {
						y, hasYear = yearOf(ws[j+1])
					}
					if f, t, ok := dayWindow(y, hasYear, m, d, asOf); ok {
						return f, t, true
					}
				}
			}
		}
		if m, isMonth := monthNames[w]; isMonth {
			// a day after the month: "october 13 [2023]", "may 3rd"
			if d, isDay := dayOf(next); isDay {
				y, hasYear := 0, false
				if i+2 < len(ws) {
					y, hasYear = yearOf(ws[i+2])
				}
				if f, t, ok := dayWindow(y, hasYear, m, d, asOf); ok {
					return f, t, true
				}
			}
			// "may" alone is usually the verb: only the full month names
			// other than May count without a year.
			if y, err := strconv.Atoi(next); err == nil && y >= 1900 && y < 2200 {
				f := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
				return f, f.AddDate(0, 1, 0), true
			}
			if w == "may" || len(w) <= 4 && w != "june" && w != "july" {
				continue
			}
			y := asOf.Year()
			if m > asOf.Month() {
				y--
			}
			f := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
			return f, f.AddDate(0, 1, 0), true
		}
		if y, err := strconv.Atoi(w); err == nil && len(w) == 4 && y >= 1900 && y < 2200 {
			f := time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
			return f, f.AddDate(1, 0, 0), true
		}
	}
	return time.Time{}, time.Time{}, false
}
