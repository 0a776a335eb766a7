package recall

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCountLinesExact: the count of a joined text computed from its lines
// (CountLines) equals the count of the joined text itself, on lines built
// to probe where pre-tokenizer pieces could cross a line break: trailing
// and leading spaces, punctuation runs at the ends, digits, contractions,
// non-Latin letters, emoji, tabs, and the shapes recall renders.
func TestCountLinesExact(t *testing.T) {
	t.Parallel()
	parts := []string{
		"- [2023-05-08 13:56] person:caroline: ", "I went to the LGBTQ support group yesterday", "…", "...", "!!", "?", ".",
		" ", "  ", "\t", "'s", "'re", "n't", "12345", "3.14", "2023-05-08", "東京", "café", "🙂", "👍🏽", "—", "-", "(", ")",
		"\"quoted\"", "⏎", "WHAT WAS SAID", "FACTS", "(previously: Berlin)", "::", "#", "$5", "x", "Ω", "ß", "ǅ",
		"(3 items dropped to fit the budget of 200 tokens)", "lives_in Lisbon", "[2021-01-01 to 2022-02-02]",
		"\u00a0", "\u3000", "\v", "\f", "\u2028", "\u0085", " \u00a0 ",
	}
	r := rand.New(rand.NewPCG(7, 11))
	line := func() string {
		var b strings.Builder
		for range r.IntN(7) {
			b.WriteString(parts[r.IntN(len(parts))])
			if r.IntN(3) == 0 {
				b.WriteByte(' ')
			}
		}
		return b.String()
	}
	for i := range 20000 {
		lines := make([]string, 1+r.IntN(6))
		for j := range lines {
			lines[j] = line()
		}
		got, err := CountLines(lines)
		if err != nil {
			t.Fatal(err)
		}
		want, err := CountTokens(strings.Join(lines, "\n"))
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("case %d: CountLines(%q) = %d, the joined text counts %d", i, lines, got, want)
		}
	}
	// a line holding a newline, and empty or blank lines, fall back to
	// the joined text
	for _, lines := range [][]string{{"a.\n", "b"}, {"a", "", "b"}, {"a", " \t", "b"}, {"", "", ""}, {"x", ""}} {
		got, _ := CountLines(lines)
		want, _ := CountTokens(strings.Join(lines, "\n"))
		if got != want {
			t.Fatalf("CountLines(%q) = %d, want %d", lines, got, want)
		}
	}
}
