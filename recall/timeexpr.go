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

// ResolveTime finds the first time expression in query and resolves it
// against asOf (UTC) to a window [from, to) of whole days, weeks (Monday
// first), months or years. It understands: today, yesterday, this/last
// week|month|year, N days|weeks|months|years ago, "<month> <year>",
// "<month>" alone (the latest such month not after asOf), and a year
// (1900–2199). ok is false when the query has no time expression.
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
		if m, isMonth := monthNames[w]; isMonth {
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
