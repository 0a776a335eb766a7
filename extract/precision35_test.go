package extract_test

import (
	"testing"
	"time"
)

// TestPrecisionSession35 holds the filters of precision35.go beside the
// near misses they must leave alone.
func TestPrecisionSession35(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A first-person passage in single quotes is someone's words.
		{"Can you proofread this before I send it? 'Dear Mr Asante, we would like to order 400 kg. Our shop in Ghent has grown a lot since we opened in 2019.'", nil},
		{"He keeps saying 'I want to go home to Sudbury.' He hasn't lived there since 1975.", nil},
		{"can you make this email to my advisor sound less desperate: 'Hi Dr. Pacheco, I'm so sorry, I have been sick and my car broke down, can I have until the 20th?'", nil},
		{"ok can you tidy this up before I send it: 'Lads. Deposit to me by Friday or your out. No strippers, Calum's fiancee will kill me and so will my wife.'", nil},
		// Kept: apostrophes inside words, a short quote, a title, what
		// the speaker says of himself around the quote.
		{"I went to my parents' place and my sister's dog was there.", []want{w(me, "father", "Alice's father"), w(me, "mother", "Alice's mother"), w(me, "sister", "Alice's sister")}},
		{"My daughter always says 'no way' and I work at the bakery on Main Street.", []want{w(me, "daughter", "Alice's daughter"), w(me, "works_at", "bakery")}},
		{"Here's my note for the fridge, 'Back at 6, gone to the gym', I live in Leeds by the way.", []want{w(me, "lives_in", "Leeds")}},
		// A draft after a request to look it over, from its greeting on.
		{"Can you check my email? Hi Dana, I hope you're well. I'm applying for the PM role at Wealthsimple and my husband works there.", nil},
		// Kept: a greeting in chat, and what is said before the draft.
		{"Hi Dana, I'm moving to Berlin in May!", []want{fut(me, "lives_in", "Berlin", "2026-05-01"), fut(me, "plans", "moving to Berlin", "2026-05-01")}},
		{"I work at the bakery on Main Street. Can you fix my email? Dear Mr Huber, the heater is broken.", []want{w(me, "works_at", "bakery")}},
		// The English of a phrase taught, after "=", is no fact either.
		{"'Ich habe einen Hund' = I have a dog. Try it!", nil},
		{"Try: (Ene sime Hollis new) = My name is Hollis.", nil},
		// A disclaimer before advice is no job left.
		{"I'm not a physio, so I'd suggest checking with one.", nil},
		{"I'm not a doctor, but that sounds like an infection.", nil},
		{"I'm not a lawyer but I think you have a case.", nil},
		// Kept: a job left, a correction.
		{"I'm not a nurse anymore, so I sleep at night now.", []want{neg(me, "job_title", "nurse")}},
		{"I'm not a teacher, I'm a tutor.", []want{neg(me, "job_title", "teacher"), w(me, "job_title", "tutor")}},
		// "Here in" a place is where the speaker is now, in a sentence
		// about what is ahead too.
		{"good morning um what's the weather going to be like today here in Bergen", []want{w(me, "lives_in", "Bergen")}},
		{"It's going to rain all week here in Oslo.", []want{w(me, "lives_in", "Oslo")}},
		// A sentence with no subject before "wants", "lives", … is about
		// someone else.
		{"Seventeen and taller than me. Wants to drive trucks like his daddy.", nil},
		{"Still lives in Leeds.", nil},
		{"Apparently lives in Oslo now.", nil},
		{"Somebody lives in Paris.", nil},
		// Kept: the speaker's own clause after one that left its subject
		// out; a relative's fact.
		{"needs to be quick stuff, I'm a night-shift nurse.", []want{w(me, "job_title", "night-shift nurse")}},
		{"Mum still lives in Leeds.", []want{w(me, "mother", "Alice's mother"), w("Alice's mother", "lives_in", "Leeds")}},
		// A plan said in the past is no plan.
		{"I was going to move to Berlin but then covid happened.", nil},
		// Kept: a plan held now, said politely.
		{"Actually, we were thinking of finally coming east after harvest.", []want{fut(me, "plans", "coming east after harvest", "")}},
		// A home ahead said with "live" is a plan in the words said.
		{"Three years at first. I will live in a flat in Bishopston.", []want{fut(me, "plans", "live in a flat in Bishopston", "")}},
		{"I would love to live in Lisbon one day.", []want{fut(me, "plans", "live in Lisbon", "")}},
		// Kept: a move keeps lives_in foresight beside its plan.
		{"I want to move to Lisbon.", []want{fut(me, "lives_in", "Lisbon", ""), fut(me, "plans", "move to Lisbon", "")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
