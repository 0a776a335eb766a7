package extract

import "testing"

// TestCleanMemo: clean's kept results are cleanText's, for a turn cleaned
// again and after the ring has wrapped; an empty slot's "" stands for
// clean(""), which is "".
func TestCleanMemo(t *testing.T) {
	if got := cleanText(""); got != "" {
		t.Fatalf("cleanText(\"\") = %q; the memo's empty slots assume \"\"", got)
	}
	texts := []string{"", "I’m “fine”… thanks Mr. Smith", "yoga/meditation every day", "an assistant manager- it's like that"}
	for i := 0; i < 3*memoSize; i++ {
		texts = append(texts, "turn "+string(rune('a'+i))+" [shares a photo: a dog]")
	}
	for round := 0; round < 2; round++ {
		for _, s := range texts {
			if got, want := clean(s), cleanText(s); got != want {
				t.Fatalf("clean(%q) = %q, want %q", s, got, want)
			}
		}
	}
}
