package recall

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/memhive/memhive/internal/locomo"
)

// TestASCIICountEqualsTiktoken: the hand-matched count of ASCII text equals
// tiktoken-go's (its regexp engine and byte-pair merge) on generated text
// built from the pieces that stress the pattern's alternatives (contractions
// in both cases, runs of digits, punctuation with and without a space
// before it and newlines after it, whitespace runs of every kind before
// letters, punctuation, digits and the end) and on every LoCoMo turn as a
// recall line.
func TestASCIICountEqualsTiktoken(t *testing.T) {
	t.Parallel()
	e, err := encoding()
	if err != nil {
		t.Fatal(err)
	}
	check := func(s string) {
		t.Helper()
		got, ok, err := countASCII(s)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			t.Fatalf("%q: not counted as ASCII", s)
		}
		if want := len(e.EncodeOrdinary(s)); got != want {
			t.Fatalf("%q: %d tokens, tiktoken-go says %d", s, got, want)
		}
	}
	parts := []string{
		"'s", "'S", "'t", "'re", "'RE", "'Re", "'ve", "'m", "'ll", "'LL", "'d", "'x", "'", "''", "n't", "I'm", "don't",
		"1", "12", "123", "1234", "12345678", "3.14", "2023-05-08", "13:56", "$5", "#1",
		"hello", "Hello", "HELLO", "a", "I", "caroline", "LGBTQ", "support_group", "e-mail",
		".", "..", "...", "!", "?!", ",", ";", ":", "::", "-", "--", "(", ")", "[", "]", "{", "}", "\"", "`", "~", "@", "_", "^", "|", "\\", "/", "*", "+", "=", "<", ">", "&", "%",
		" ", "  ", "   ", "\t", " \t", "\t ", "\n", "\n\n", " \n", "\n ", " \n \n ", "\r\n", "\r", "\v", "\f", " \v ", "\x00", "\x1f", "\x7f",
		"- [2023-05-08 13:56] person:caroline (web:chat): ", "(previously: Berlin)", "FACTS", "WHAT WAS SAID",
	}
	r := rand.New(rand.NewPCG(3, 5))
	for range 30000 {
		var b strings.Builder
		for range 1 + r.IntN(9) {
			b.WriteString(parts[r.IntN(len(parts))])
			if r.IntN(4) == 0 {
				b.WriteByte(' ')
			}
		}
		check(b.String())
	}
	// every byte value below 0x80 next to every class
	for c := 0; c < 0x80; c++ {
		for _, ctx := range []string{"%sa", "a%s", " %s", "%s ", "%s\n", "\n%s", "1%s", "%s1", "'%s", "%s'", "  %s", "%s  x"} {
			check(strings.ReplaceAll(ctx, "%s", string(rune(c))))
		}
	}
	data, err := locomo.Load("")
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, conv := range data {
		for _, s := range conv.Sessions {
			for _, turn := range s.Turns {
				l := "- [2023-05-08 13:56] person:" + strings.ToLower(turn.Speaker) + " (web:chat): " + turn.Text
				if isASCII(l) {
					check(l)
					check(l + "\n")
					lines++
				}
			}
		}
	}
	if lines < 5000 {
		t.Fatalf("only %d LoCoMo lines were ASCII; the real-text half tests little", lines)
	}
}

// TestCountTokensNotASCII: text with a byte above 0x7f is counted by
// tiktoken-go.
func TestCountTokensNotASCII(t *testing.T) {
	t.Parallel()
	e, err := encoding()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"café au lait", "東京 tower", "naïve 's", "\u00a0x", "ſ's"} {
		if _, ok, _ := countASCII(s); ok {
			t.Fatalf("%q counted as ASCII", s)
		}
		n, err := CountTokens(s)
		if err != nil || n != len(e.EncodeOrdinary(s)) {
			t.Fatalf("%q: %d, %v; tiktoken-go says %d", s, n, err, len(e.EncodeOrdinary(s)))
		}
	}
}
