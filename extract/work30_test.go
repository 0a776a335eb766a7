package extract_test

import (
	"testing"
	"time"
)

// TestWork30Rules holds the rules of work30.go (ages and birthdays said the
// ways chat says them; no age for a word that is no name), each group beside the near misses it must leave alone.
func TestWork30Rules(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A named person's age after the name.
		{"Maddie's 15 so everything costs a fortune.", []want{w("Maddie", "age", "15")}},
		{"ok so Tolu is 7 months and still wakes twice", []want{w("Tolu", "age", "7 months")}},
		{"Priya who is 8 and Arun who is 5, both hate swimming", []want{w("Priya", "age", "8"), w("Arun", "age", "5")}},
		{"Kacper and Lena are seven, chaos every morning", []want{w("Kacper", "age", "7"), w("Lena", "age", "7")}},
		{"Her name is Lotte, she is 12.", []want{w("Lotte", "age", "12")}},
		{"Kickoff is 3, dinner after.", nil},
		{"The flat is 1.2 million, way too much", nil},
		{"Sarah is 5 minutes away", nil},
		{"Is Maddie 15 yet?", nil},
		// The speaker's age said without "I'm".
		{"turned 40 on tuesday lol", []want{w(me, "age", "40")}},
		{"Vira is 45.", nil},
		{"47 and learning the piano, my fingers are slow", []want{w(me, "age", "47")}},
		{"Thirty-nine years old and still scared of the dentist.", []want{w(me, "age", "39")}},
		{"First concert of my whole life. At 59!", []want{w(me, "age", "59")}},
		{"10 and counting, what a week", nil},
		{"At 5 we close the shop.", nil},
		// Birthdays.
		{"just turned 50 this week and my knees know it", []want{w(me, "age", "50")}},
		{"the kids turned 5 on saturday", nil},
		{"The flat in Funes is 1.2 million.", nil},
		{"my birthday's the 14th so dont put me on nights", []want{w(me, "birthday", "the 14th")}},
		{"Greta turns 4 on May 9 and wants a dinosaur cake", []want{w("Greta", "birthday", "May 9")}},
		{"Meet Rosa, born 9th May, very loud.", []want{w("Rosa", "birthday", "9th May")}},
		{"the kids turned 5 in May", nil},
		// A named third party's job, by the pronoun for the one person the
		// turn named, or by the name.
		{"Kofi eats anything, he's a chef.", []want{w("Kofi", "job_title", "chef")}},
		{"Her name is Ingrid, she's a paediatric nurse at St Olav's Hospital", []want{w("Ingrid", "job_title", "paediatric nurse"), w("Ingrid", "works_at", "St Olav's Hospital")}},
		{"my cousin Pita is a pilot for Air New Zealand.", []want{w(me, "cousin", "Pita"), w("Pita", "job_title", "pilot"), w("Pita", "works_at", "Air New Zealand")}},
		{"Kofi and Ama came over, she's a chef.", nil},
		{"Kofi eats anything, he's not a chef.", nil},
		{"Mark is a legend.", nil},
		// Work said by what one does and for whom.
		{"left the depot in may. doing payroll for a construction mob now", []want{w(me, "works_at", "construction mob"), w(me, "works_in_field", "payroll")}},
		{"doing IT support for a law firm in town, boring but it pays", []want{w(me, "works_at", "law firm"), w(me, "works_in_field", "IT support")}},
		{"doing homework at the library all day", nil},
		{"doing a talk at the museum on friday", nil},
		{"doing maths at school, hate it", nil},
		{"I'm not doing payroll for that firm again", nil},
		// No age for a word that is no one's name.
		{"Dinner is 7, don't be late", nil},
		{"Doctor is 30 years old, what does he know", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
