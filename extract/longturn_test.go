package extract

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestTurnFactsLongTurn: a turn longer than turnPiece is read in pieces of
// whole sentences and gives the facts its sentences give, each once.
func TestTurnFactsLongTurn(t *testing.T) {
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	para := "I love hiking with my dog Max. My mum lives in Leeds! I work at Siemens as an engineer.\n"
	long := strings.Repeat(para, 3*turnPiece/len(para))
	if len(long) <= turnPiece {
		t.Fatalf("the turn is %d bytes, not longer than a piece", len(long))
	}
	key := func(fs []Fact) []string {
		var ks []string
		for _, f := range fs {
			ks = append(ks, f.Subject+"|"+f.Predicate+"|"+f.Claim+"|"+f.Kind+"|"+f.Polarity)
		}
		slices.Sort(ks)
		return ks
	}
	want, got := key(TurnFacts(para, "person:me", at)), key(TurnFacts(long, "person:me", at))
	if len(want) < 4 {
		t.Fatalf("the paragraph gives %v; want its four facts at least", want)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the long turn gives\n%v\nwant the paragraph's\n%v", got, want)
	}
	for _, c := range []struct {
		text string
		want int
	}{
		{"short.", 6},
		{"One two. Three four five six", 8}, // the last sentence end
		{"one two three four five six", 8},  // no sentence end: the last space
		{"abcdefghijklmnopqrstuvwxyz", 10},  // no space: the bound
		{"aaaaaaa é bbbbbbbbbbbbbbbbbb", 8}, // a space before the bound
		{"aaaaaaaaaéééééé", 9},              // never inside a character
	} {
		n := pieceEnd(c.text, 10)
		if n != c.want || !utf8.ValidString(c.text[:n]) {
			t.Errorf("pieceEnd(%q, 10) = %d, want %d", c.text, n, c.want)
		}
	}
}
