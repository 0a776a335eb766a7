package recall

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/memhive/memhive/facts"
)

// longNote is about 10 KB of prose (about 2,400 tokens): alone over tier 1's
// default budget of 2000 tokens, and far over tier 0's 1200.
func longNote(animal string) string {
	var b strings.Builder
	for i := 1; b.Len() < 10_000; i++ {
		fmt.Fprintf(&b, "Day %d: the %s dug a new burrow under the old gum tree near the creek, and I counted %d scratches on the fence. ", i, animal, i*7)
	}
	return strings.TrimSpace(b.String())
}

// An item over the budget by itself comes back cut to the room left, with a
// visible marker, instead of being dropped (a memorized note of 10 KB could
// never be recalled): tier 1 at its default budget and at many others, the
// bundle never over its budget, the same bytes for the same record and
// budget, and an item that fits whole still shown whole beside it.
func TestTier1ItemOverTheBudgetIsCut(t *testing.T) {
	t.Parallel()
	f := setup(t)
	aud := []string{"member:alice"}
	note := longNote("wombat")
	id := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "note", Claim: note, ValidFrom: t0,
		Channel: "web:chat", Audience: aud})
	s := New(f.pool, Config{}, nil, nil)
	a, err := s.Recall(f.ctx, req("alice", "1", "wombat", aud, "web:chat"))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := CountTokens(a.Text)
	if len(a.Items) != 1 || a.Items[0].ID != id || a.Dropped != 0 || n > 2000 || n < 1900 ||
		!strings.Contains(a.Text, note[:200]) || !strings.Contains(a.Text, "… [cut to fit the budget of 2000 tokens: ") {
		t.Fatalf("%d items, %d dropped, %d tokens:\n%.400s\n…\n%s", len(a.Items), a.Dropped, n, a.Text, a.Text[max(0, len(a.Text)-300):])
	}
	if !strings.HasSuffix(a.Items[0].Text, note) {
		t.Fatalf("the item's text is not the whole note (%d bytes of %d)", len(a.Items[0].Text), len(note))
	}
	again, err := s.Recall(f.ctx, req("alice", "1", "wombat", aud, "web:chat"))
	if err != nil || again.Text != a.Text {
		t.Fatalf("not byte-identical (%v):\n%s\n---\n%s", err, a.Text, again.Text)
	}
	// at every budget: within it; cut when the room holds at least
	// minCutTokens of the line, dropped when not
	for _, budget := range []int{5, 30, 60, 61, 100, 333, 1000, 1999, 2300, 3000} {
		r := req("alice", "1", "wombat", aud, "web:chat")
		r.BudgetTokens = budget
		a, err := s.Recall(f.ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := CountTokens(a.Text)
		if n > budget {
			t.Fatalf("budget %d: %d tokens:\n%s", budget, n, a.Text)
		}
		cut := strings.Contains(a.Text, fmt.Sprintf("… [cut to fit the budget of %d tokens: ", budget))
		if budget >= 100 && budget < 3000 && (len(a.Items) != 1 || !cut) {
			t.Fatalf("budget %d: %d items, not cut:\n%.300s", budget, len(a.Items), a.Text)
		}
		if budget == 3000 && (len(a.Items) != 1 || cut || !strings.Contains(a.Text, note)) { // it fits whole
			t.Fatalf("budget %d: %d items, not whole:\n%.300s", budget, len(a.Items), a.Text)
		}
		if len(a.Items)+a.Dropped != 1 {
			t.Fatalf("budget %d: %d items + %d dropped", budget, len(a.Items), a.Dropped)
		}
	}
	// a short fact that fits whole is shown whole, and the note gets the
	// room it leaves, in its place in fused order
	f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "likes", Claim: "wombats at the zoo", ValidFrom: t0.Add(time.Hour),
		Channel: "web:chat", Audience: aud})
	a, err = s.Recall(f.ctx, req("alice", "1", "wombat", aud, "web:chat"))
	if err != nil {
		t.Fatal(err)
	}
	n, _ = CountTokens(a.Text)
	if len(a.Items) != 2 || a.Dropped != 0 || n > 2000 || !strings.Contains(a.Text, " likes wombats at the zoo") ||
		strings.Count(a.Text, "[cut to fit the budget") != 1 {
		t.Fatalf("%d items, %d dropped, %d tokens:\n%.600s", len(a.Items), a.Dropped, n, a.Text)
	}
}

// TestTier0ItemOverTheBudgetIsDroppedWhole: tier 0 drops an item over the
// budget by itself whole and says so (SPEC §4), where tier 1 cuts it; the
// items that fit stay, and the bundle is byte-identical again.
func TestTier0ItemOverTheBudgetIsDroppedWhole(t *testing.T) {
	t.Parallel()
	f := setup(t)
	aud := []string{"member:alice"}
	f.belief("alice", "member:alice", "prefers mornings for calls", "web:chat", aud, true)
	f.episode(ep{member: "alice", session: "s1", channel: "web:chat", content: "the short turn before", audience: aud, at: t0})
	f.episode(ep{member: "alice", session: "s1", channel: "web:chat", content: longNote("koala"), audience: aud, at: t0.Add(time.Minute)})
	f.episode(ep{member: "alice", session: "s1", channel: "web:chat", content: "the short turn after", audience: aud, at: t0.Add(2 * time.Minute)})
	s := New(f.pool, Config{}, nil, nil)
	r := req("alice", "0", "", aud, "web:chat")
	r.Session = "s1"
	a, err := s.Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := CountTokens(a.Text)
	if len(a.Items) != 3 || a.Dropped != 1 || n > 1200 || strings.Contains(a.Text, "koala") || strings.Contains(a.Text, "[cut to fit") ||
		!strings.Contains(a.Text, "(1 item dropped to fit the budget of 1200 tokens)") ||
		!strings.Contains(a.Text, "the short turn before") || !strings.Contains(a.Text, "the short turn after") ||
		!strings.Contains(a.Text, "prefers mornings for calls") {
		t.Fatalf("%d items, %d dropped, %d tokens:\n%s", len(a.Items), a.Dropped, n, a.Text)
	}
	for range 2 {
		again, err := s.Recall(f.ctx, r)
		if err != nil || again.Text != a.Text {
			t.Fatalf("not byte-identical (%v)", err)
		}
	}
}

// cutLine keeps a letter with the marks after it: a head never ends on a
// Devanagari consonant whose vowel sign or virama was cut off.
func TestCutLineKeepsMarksWithTheirLetter(t *testing.T) {
	t.Parallel()
	line := "- " + strings.Repeat("दिल्ली", 400) // no space to end on
	for room := 80; room < 220; room += 7 {
		l, err := cutLine(line, room, func(l string) (bool, error) {
			n, err := CountTokens(l)
			return n <= room, err
		})
		if err != nil || l == "" {
			t.Fatalf("room %d: %q, %v", room, l, err)
		}
		head, _, _ := strings.Cut(l, "… [cut")
		next, _ := utf8.DecodeRuneInString(line[len(head):])
		if !strings.HasPrefix(line, head) || unicode.Is(unicode.M, next) {
			t.Fatalf("room %d: the head ends %q, before %q", room, head[max(0, len(head)-20):], next)
		}
	}
}
