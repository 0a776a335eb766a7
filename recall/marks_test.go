package recall

import (
	"slices"
	"strings"
	"testing"

	"github.com/memhive/memhive/facts"
)

// A word with combining marks is one word on the query side, as the stored
// lexemes have it: Devanagari's vowel signs and virama, Arabic's vowel
// marks, an accent typed apart from its letter. The query's words were cut
// at every mark ("दिल्ली जा रहा" became "द", "ल", "ल", "ज", "रह") and found
// nothing. And both sides are NFC (migration 032): "café" finds a turn and
// a fact that wrote "cafe" + U+0301, and the decomposed query finds them
// too, but not "cafe" without an accent. The SQL path, the episodes' and
// the facts' in-memory indexes, and a whole tier-1 answer alike.
func TestKeywordFindsWordsWithCombiningMarks(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:mia"}
	turn := func(content string) string {
		return f.episode(ep{member: "mia", channel: "c", content: content, audience: me, at: t0})
	}
	fact := func(claim string) string {
		return f.fact(facts.Fact{Member: "mia", Subject: "member:mia", Predicate: "note", Claim: claim, ValidFrom: t0, Channel: "c", Audience: me})
	}
	delhi := turn("कल मैं दिल्ली जा रहा हूँ")
	turn("मुंबई में बहुत बारिश हो रही है")
	turn("जल्दी घर आ जाओ")
	muhammad := turn("ذَهَبَ مُحَمَّدٌ إِلَى السُّوقِ")
	turn("ذهب علي إلى البيت")
	cafe := turn("we met at the cafe\u0301 by the station")
	turn("the cafe on main street was closed")
	turn("nothing to do with any of it")
	delhiFact := fact("दिल्ली में भाई रहता है")
	cafeFact := fact("cafe\u0301 noir every morning")
	fact("lives near the cafe without an accent")

	sqlPath, cached := kwPair(f)
	if ok, err := cached.KeywordCacheLoad(f.ctx, "mia"); err != nil || !ok {
		t.Fatalf("load: held %v, %v", ok, err)
	}
	if err := cached.kwLoadFacts(f.ctx, "mia"); err != nil || cached.kwGet(kwFactsKey("mia")) == nil {
		t.Fatalf("facts index not held (%v)", err)
	}
	for _, tc := range []struct {
		query string
		want  []string // every row, any order
	}{
		{"दिल्ली", []string{delhi, delhiFact}},
		{"दिल्ली जा रहा", []string{delhi, delhiFact}}, // जा and रहा are short, matched whole: not जाओ, not रही
		{"مُحَمَّدٌ", []string{muhammad}},
		{"café", []string{cafe, cafeFact}},
		{"cafe\u0301", []string{cafe, cafeFact}},
		{"CAFÉ", []string{cafe, cafeFact}},
	} {
		r := req("mia", "1", tc.query, me, "c")
		kwCompare(t, f, sqlPath, cached, r)
		res := kwLeg(t, f, sqlPath, r)
		var got []string
		for _, row := range res.rows {
			got = append(got, row.ID)
		}
		slices.Sort(got)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%q (mode %s): rows %v, want %v", tc.query, res.mode, got, want)
		}
	}
	// a whole answer: the Delhi turn and fact first (a neighbouring turn
	// may follow: the context leg's)
	a, err := New(f.pool, Config{}, nil, nil).Recall(f.ctx, req("mia", "1", "दिल्ली", me, "c"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range a.Items {
		ids = append(ids, it.ID)
	}
	if len(ids) < 2 || !slices.Contains(ids[:2], delhi) || !slices.Contains(ids[:2], delhiFact) ||
		!strings.Contains(a.Text, "कल मैं दिल्ली जा रहा हूँ") || !strings.Contains(a.Text, "दिल्ली में भाई रहता है") {
		t.Fatalf("tier 1 for दिल्ली: items %v:\n%s", ids, a.Text)
	}
}

// words keeps marks in their word and reads text in NFC.
func TestWordsKeepCombiningMarks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"दिल्ली जा रहा", []string{"दिल्ली", "जा", "रहा"}},
		{"ذَهَبَ مُحَمَّدٌ", []string{"ذَهَبَ", "مُحَمَّدٌ"}},
		{"Cafe\u0301, CAFÉ!", []string{"café", "café"}},
		{"naïve e-mail 42nd", []string{"naïve", "e", "mail", "42nd"}},
	} {
		if got := words(tc.text); !slices.Equal(got, tc.want) {
			t.Fatalf("words(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
