package extract

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

var months = map[string]time.Month{
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
	"august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
	"oct": 10, "nov": 11, "dec": 12,
}

var weekdays = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
	// chat's abbreviations that are no other word ("mon", "sat", "sun" are)
	"tues": time.Tuesday, "weds": time.Wednesday, "thur": time.Thursday, "thurs": time.Thursday,
}

var numberWords = map[string]int{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2, "a few": 3,
}

const (
	monthRE = `(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)`
	dayRE   = `(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tues|weds|thurs|thur)`
)

// Future date expressions, most specific first. Each resolves against the
// turn's time to a UTC midnight.
var futureDates = []struct {
	re      *regexp.Regexp
	resolve func(m []string, at time.Time) (time.Time, bool)
}{
	{regexp.MustCompile(`(?i)\b(?:on\s+)?(\d{4})-(\d{2})-(\d{2})\b`), func(m []string, at time.Time) (time.Time, bool) {
		y, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		d, _ := strconv.Atoi(m[3])
		if mo < 1 || mo > 12 || d < 1 || d > 31 {
			return time.Time{}, false
		}
		return time.Date(y, time.Month(mo), d, 0, 0, 0, 0, time.UTC), true
	}},
	{regexp.MustCompile(`(?i)\b(?:on\s+)?(?:the\s+)?` + monthRE + `\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b`), func(m []string, at time.Time) (time.Time, bool) {
		d, _ := strconv.Atoi(m[2])
		return monthDay(at, months[strings.ToLower(m[1])], d, m[3])
	}},
	{regexp.MustCompile(`(?i)\b(?:on\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthRE + `(?:,?\s+(\d{4}))?\b`), func(m []string, at time.Time) (time.Time, bool) {
		d, _ := strconv.Atoi(m[1])
		return monthDay(at, months[strings.ToLower(m[2])], d, m[3])
	}},
	{regexp.MustCompile(`(?i)\btomorrow\b`), func(_ []string, at time.Time) (time.Time, bool) { return day(at).AddDate(0, 0, 1), true }},
	{regexp.MustCompile(`(?i)\b(?:today|tonight|this (?:morning|afternoon|evening))\b`), func(_ []string, at time.Time) (time.Time, bool) { return day(at), true }},
	// "this month", "later this year": the rest of it, from the day said
	// (a past verb is read by findPastDate's rules, not this one's).
	{regexp.MustCompile(`(?i)\b(?:later\s+this\s+(?:week|month|year)|this\s+(?:month|year))\b`), func(_ []string, at time.Time) (time.Time, bool) { return day(at), true }},
	{regexp.MustCompile(`(?i)\bthis\s+weekend\b`), func(_ []string, at time.Time) (time.Time, bool) { return nextWeekday(at, time.Saturday, true), true }},
	{regexp.MustCompile(`(?i)\bnext\s+weekend\b`), func(_ []string, at time.Time) (time.Time, bool) {
		return nextWeekday(at, time.Saturday, true).AddDate(0, 0, 7), true
	}},
	{regexp.MustCompile(`(?i)\bnext\s+week\b`), func(_ []string, at time.Time) (time.Time, bool) { return day(at).AddDate(0, 0, 7), true }},
	{regexp.MustCompile(`(?i)\bnext\s+month\b`), func(_ []string, at time.Time) (time.Time, bool) {
		return time.Date(at.Year(), at.Month()+1, 1, 0, 0, 0, 0, time.UTC), true
	}},
	{regexp.MustCompile(`(?i)\bnext\s+year\b`), func(_ []string, at time.Time) (time.Time, bool) {
		return time.Date(at.Year()+1, 1, 1, 0, 0, 0, 0, time.UTC), true
	}},
	{regexp.MustCompile(`(?i)\b(?:next|this|on|coming)\s+` + dayRE + `\b`), func(m []string, at time.Time) (time.Time, bool) {
		return nextWeekday(at, weekdays[strings.ToLower(m[1])], false), true
	}},
	{regexp.MustCompile(`(?i)\bin\s+(\d+|a couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(day|week|month|year)s?\b`), func(m []string, at time.Time) (time.Time, bool) {
		n, ok := numberWords[strings.ToLower(m[1])]
		if !ok {
			n, _ = strconv.Atoi(m[1])
		}
		d := day(at)
		switch strings.ToLower(m[2]) {
		case "day":
			return d.AddDate(0, 0, n), true
		case "week":
			return d.AddDate(0, 0, 7*n), true
		case "month":
			return d.AddDate(0, n, 0), true
		}
		return d.AddDate(n, 0, 0), true
	}},
	{regexp.MustCompile(`(?i)\bin\s+` + monthRE + `(?:\s+(\d{4}))?\b`), func(m []string, at time.Time) (time.Time, bool) {
		return monthDay(at, months[strings.ToLower(m[1])], 1, m[2])
	}},
	// "start next September", "Starting September", "from january"
	// (session 28).
	{regexp.MustCompile(`(?i)\b(?:next|from|starting|this)\s+` + monthRE + `(?:\s+(\d{4}))?\b`), func(m []string, at time.Time) (time.Time, bool) {
		return monthDay(at, months[strings.ToLower(m[1])], 1, m[2])
	}},
	// "start on the 11th", "the tournament on the 20th": a day of this
	// month, or of the next when it is past; not "the 3rd time" (session 28).
	{regexp.MustCompile(`(?i)\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(?:\s+([a-z]+))?`), func(m []string, at time.Time) (time.Time, bool) {
		d, _ := strconv.Atoi(m[1])
		if d < 1 || d > 31 || m[2] != "" && !afterDayOfMonth[strings.ToLower(m[2])] {
			return time.Time{}, false
		}
		t := time.Date(at.Year(), at.Month(), d, 0, 0, 0, 0, time.UTC)
		if t.Before(day(at)) {
			t = time.Date(at.Year(), at.Month()+1, d, 0, 0, 0, 0, time.UTC)
		}
		return t, true
	}},
}

// afterDayOfMonth are the words "the 11th" may be followed by as a date:
// the rest of a clause, not a noun it counts ("the 3rd time").
var afterDayOfMonth = map[string]bool{"and": true, "at": true, "so": true, "then": true, "but": true, "if": true,
	"in": true, "for": true, "with": true, "when": true, "or": true, "lol": true, "haha": true}

// Past or vague time expressions: cut from claims, never resolved.
var pastDates = regexp.MustCompile(`(?i)\s*\b(?:last\s+(?:week|month|year|night|weekend|winter|summer|spring|autumn|fall|term|semester|` + dayRE[1:len(dayRE)-1] + `)|yesterday|these days|nowadays|right now|now|recently|anymore|originally|since\s+\d{4}|in\s+\d{4}|(?:a|two|three|\d+)\s+(?:days|weeks|months|years)\s+ago)\b`)

// findDate finds the first future date expression in s, resolved against at.
// It returns the date, and s with the expression removed.
func findDate(s string, at time.Time) (time.Time, string, bool) {
	for _, d := range futureDates {
		loc := d.re.FindStringSubmatchIndex(s)
		if loc == nil {
			continue
		}
		m := make([]string, len(loc)/2)
		for i := range m {
			if loc[2*i] >= 0 {
				m[i] = s[loc[2*i]:loc[2*i+1]]
			}
		}
		if inSpanRE.MatchString(m[0]) && spanBeforeRE.MatchString(s[:loc[0]]) {
			continue // "the first time in two years", "haven't seen him in ten years": a span behind, no date ahead
		}
		t, ok := d.resolve(m, at)
		if !ok {
			continue
		}
		rest := strings.Join(strings.Fields(s[:loc[0]]+" "+afterDate(s[loc[1]:])), " ")
		return t, rest, true
	}
	return time.Time{}, s, false
}

func day(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// nextWeekday is the next date after at falling on wd; with sameDay, at's own
// date counts when it is wd.
func nextWeekday(at time.Time, wd time.Weekday, sameDay bool) time.Time {
	d := day(at)
	delta := (int(wd) - int(d.Weekday()) + 7) % 7
	if delta == 0 && !sameDay {
		delta = 7
	}
	return d.AddDate(0, 0, delta)
}

// monthDay resolves "March 20" to the next such date on or after at's day
// (or in the given year).
func monthDay(at time.Time, mo time.Month, d int, year string) (time.Time, bool) {
	if mo == 0 || d < 1 || d > 31 {
		return time.Time{}, false
	}
	if year != "" {
		y, _ := strconv.Atoi(year)
		return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC), true
	}
	t := time.Date(at.Year(), mo, d, 0, 0, 0, 0, time.UTC)
	if t.Before(day(at)) {
		t = t.AddDate(1, 0, 0)
	}
	return t, true
}

// Past date expressions, resolved against the turn's time to a UTC
// midnight: when an event happened ("I graduated last week").
var pastDateRules = []struct {
	re      *regexp.Regexp
	resolve func(m []string, at time.Time) time.Time
}{
	{regexp.MustCompile(`(?i)\byesterday\b`), func(_ []string, at time.Time) time.Time { return day(at).AddDate(0, 0, -1) }},
	{regexp.MustCompile(`(?i)\b(?:earlier\s+)?today\b|\bthis\s+(?:morning|afternoon)\b|\btonight\b`), func(_ []string, at time.Time) time.Time { return day(at) }},
	{regexp.MustCompile(`(?i)\blast\s+night\b`), func(_ []string, at time.Time) time.Time { return day(at).AddDate(0, 0, -1) }},
	{regexp.MustCompile(`(?i)\blast\s+weekend\b`), func(_ []string, at time.Time) time.Time {
		return lastWeekday(at, time.Saturday).AddDate(0, 0, -7*sameWeekend(at))
	}},
	{regexp.MustCompile(`(?i)\blast\s+week\b`), func(_ []string, at time.Time) time.Time { return day(at).AddDate(0, 0, -7) }},
	{regexp.MustCompile(`(?i)\bthis\s+week\b`), func(_ []string, at time.Time) time.Time { return day(at) }},
	{regexp.MustCompile(`(?i)\blast\s+month\b`), func(_ []string, at time.Time) time.Time {
		return time.Date(at.Year(), at.Month()-1, 1, 0, 0, 0, 0, time.UTC)
	}},
	{regexp.MustCompile(`(?i)\blast\s+year\b`), func(_ []string, at time.Time) time.Time {
		return time.Date(at.Year()-1, 1, 1, 0, 0, 0, 0, time.UTC)
	}},
	{regexp.MustCompile(`(?i)\blast\s+` + dayRE + `\b`), func(m []string, at time.Time) time.Time {
		return lastWeekday(at, weekdays[strings.ToLower(m[1])])
	}},
	{regexp.MustCompile(`(?i)\b(\d+|a couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(day|week|month|year)s?\s+ago\b`), func(m []string, at time.Time) time.Time {
		n, ok := numberWords[strings.ToLower(m[1])]
		if !ok {
			n, _ = strconv.Atoi(m[1])
		}
		d := day(at)
		switch strings.ToLower(m[2]) {
		case "day":
			return d.AddDate(0, 0, -n)
		case "week":
			return d.AddDate(0, 0, -7*n)
		case "month":
			return d.AddDate(0, -n, 0)
		}
		return d.AddDate(-n, 0, 0)
	}},
	{regexp.MustCompile(`(?i)\bin\s+((?:19|20)\d\d)\b`), func(m []string, at time.Time) time.Time {
		y, _ := strconv.Atoi(m[1])
		return time.Date(y, 1, 1, 0, 0, 0, 0, time.UTC)
	}},
}

// lastWeekday is the latest date before at's day falling on wd.
func lastWeekday(at time.Time, wd time.Weekday) time.Time {
	d := day(at)
	delta := (int(d.Weekday()) - int(wd) + 7) % 7
	if delta == 0 {
		delta = 7
	}
	return d.AddDate(0, 0, -delta)
}

// sameWeekend is 1 when at falls on a weekend (so "last weekend" is the one
// before), else 0.
func sameWeekend(at time.Time) int {
	if wd := at.UTC().Weekday(); wd == time.Saturday || wd == time.Sunday {
		return 1
	}
	return 0
}

// findPastDate finds the first past date expression in s, resolved against
// at, and returns s without it. A date in the future of at is not past.
func findPastDate(s string, at time.Time) (time.Time, string, bool) {
	for _, d := range pastDateRules {
		loc := d.re.FindStringSubmatchIndex(s)
		if loc == nil {
			continue
		}
		m := make([]string, len(loc)/2)
		for i := range m {
			if loc[2*i] >= 0 {
				m[i] = s[loc[2*i]:loc[2*i+1]]
			}
		}
		t := d.resolve(m, at)
		if t.After(at) {
			continue
		}
		rest := strings.Join(strings.Fields(s[:loc[0]]+" "+afterDate(s[loc[1]:])), " ")
		return t, rest, true
	}
	return time.Time{}, s, false
}

// afterDate is what follows a date expression, less the genitive's "'s"
// that made the date a modifier ("next year's retreat", "Monday's
// meeting"): the retreat and the meeting are what is said.
func afterDate(s string) string {
	for _, g := range []string{"'s ", "’s "} {
		if strings.HasPrefix(s, g) {
			return s[len(g)-1:]
		}
	}
	return s
}

// inSpanRE is "in <n> <days|weeks|months|years>"; spanBeforeRE the words
// before it that make it a span up to now ("first time in two years",
// "the best day in years", "haven't been home in five years").
var (
	inSpanRE     = regexp.MustCompile(`(?i)^in\s+\S+(?:\s+of)?\s+(?:day|week|month|year)s?$`)
	spanBeforeRE = regexp.MustCompile(`(?i)(?:\b(?:first|only|last|best|worst|longest|biggest|most|least)\b[\w\s'-]{0,30}|\b(?:haven't|hasn't|havent|hasnt|have\s+not|has\s+not|never|not)\b[\w\s'-]{0,40})$`)
)
