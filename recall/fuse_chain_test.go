package recall

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/apd/v3"

	"github.com/memhive/memhive/facts"
)

func dec(t *testing.T, s string) *apd.Decimal {
	t.Helper()
	d, _, err := apd.NewFromString(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestFuseScoreExact(t *testing.T) {
	t.Parallel()
	spec := SpecFusion
	// SPEC §4 as first written: one leg at rank 1: 1/61, factor 1
	got, _, _, n, err := spec.Score([]Vote{{LegKeyword, 1, 1}})
	if err != nil || n != 1 {
		t.Fatal(err, n)
	}
	if got.Text('f') != "0.01639344262295081967213114754098361" {
		t.Fatalf("1/61 = %s", got.Text('f'))
	}
	// two legs at ranks 1 and 2: (1/61 + 1/62) × 1.5; 1/61+1/62 = 123/3782
	got, _, _, n, _ = spec.Score([]Vote{{LegKeyword, 1, 1}, {LegSemantic, 1, 2}})
	var exact, tmp apd.Decimal
	c := apd.BaseContext.WithPrecision(34)
	c.Quo(&tmp, apd.New(123*3, 0), apd.New(3782*2, 0))
	c.Round(&exact, &tmp)
	if n != 2 || got.Cmp(&exact) != 0 {
		t.Fatalf("two legs: %s votes %d, want %s", got.Text('f'), n, exact.Text('f'))
	}
	// a weight-0 leg adds nothing and does not count as voting
	got2, _, _, n2, _ := spec.Score([]Vote{{LegKeyword, 1, 1}, {LegSemantic, 1, 2}, {LegTemporal, 0, 1}})
	if n2 != 2 || got2.Cmp(&got) != 0 {
		t.Fatalf("weight 0 changed the score: %s/%d", got2.Text('f'), n2)
	}
	// three legs: factor exactly 2
	got3, _, _, _, _ := spec.Score([]Vote{{LegKeyword, 1, 60}, {LegGraph, 1, 60}, {LegSelf, 1, 60}})
	if got3.Cmp(dec(t, "0.05")) != 0 { // 3/120 × 2
		t.Fatalf("three legs at rank 60: %s", got3.Text('f'))
	}

	// the default (K 5, no agreement factor): keyword weight 3 at rank 1
	// and semantic weight 2 at rank 2 are 3/6 + 2/7 = 33/42 exactly
	got, num, den, n, err := FuseScore([]Vote{{LegKeyword, 3, 1}, {LegSemantic, 2, 2}})
	if err != nil || n != 2 {
		t.Fatal(err, n)
	}
	c.Quo(&tmp, apd.New(33, 0), apd.New(42, 0))
	c.Round(&exact, &tmp)
	if got.Cmp(&exact) != 0 || cmpExact(&num, &den, apd.New(33, 0), apd.New(42, 0)) != 0 {
		t.Fatalf("default fusion: %s (%s/%s), want 33/42", got.Text('f'), num.Text('f'), den.Text('f'))
	}
	// an agreement bonus of 25%: three legs at rank 5 (K 5): 3/10 × 1.5
	got, _, _, _, _ = Fusion{K: 5, AgreementPct: 25}.Score([]Vote{{LegKeyword, 1, 5}, {LegGraph, 1, 5}, {LegSelf, 1, 5}})
	if got.Cmp(dec(t, "0.45")) != 0 {
		t.Fatalf("agreement 25%%: %s, want 0.45", got.Text('f'))
	}
}

func TestFuseTieBreaks(t *testing.T) {
	t.Parallel()
	mk := func(kind, id string) *row { return &row{Item: Item{Kind: kind, ID: id}} }
	// c, x and b are each at rank 1 in one leg: equal scores, equal best
	// rank; leg order decides (keyword, semantic, graph). e and d likewise
	// at rank 2 (keyword before semantic). Weight-0 legs propose nothing.
	legs := []*legResult{
		{name: LegKeyword, weight: 1, rows: []*row{mk("episode", "c"), mk("episode", "e")}},
		{name: LegSemantic, weight: 1, rows: []*row{mk("episode", "x"), mk("episode", "d")}},
		{name: LegGraph, weight: 1, rows: []*row{mk("fact", "b")}},
		{name: LegTemporal, weight: 0, rows: []*row{mk("episode", "zzz")}},
	}
	fs, _, err := fuse(DefaultFusion, legs)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs {
		got = append(got, f.Key)
	}
	want := []string{"episode:c", "episode:x", "fact:b", "episode:e", "episode:d"}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	// agreement: a row proposed by two legs at rank 2 beats one at rank 1
	legs = []*legResult{
		{name: LegKeyword, weight: 1, rows: []*row{mk("episode", "solo"), mk("episode", "pair")}},
		{name: LegSelf, weight: 1, rows: []*row{mk("fact", "other"), mk("episode", "pair")}},
	}
	for _, fu := range []Fusion{DefaultFusion, SpecFusion} {
		fs, _, _ = fuse(fu, legs)
		if fs[0].Key != "episode:pair" || fs[0].Votes != 2 {
			t.Fatalf("%+v: agreement: %+v", fu, fs[0])
		}
	}
	// but not at any depth: two legs at rank 12 against one leg's first
	// hit. K 60 put the pair first (2/72 × 1.5 > 1/61: fusion sorted by
	// votes first), the default puts the hit first (1/6 > 2/17)
	var kw, se []*row
	kw = append(kw, mk("episode", "hit"))
	for i := 2; i <= 11; i++ {
		kw = append(kw, mk("episode", fmt.Sprintf("k%02d", i)))
		se = append(se, mk("episode", fmt.Sprintf("s%02d", i)))
	}
	se = append(se, mk("episode", "s12"))
	kw, se = append(kw, mk("episode", "pair")), append(se, mk("episode", "pair"))
	legs = []*legResult{{name: LegKeyword, weight: 1, rows: kw}, {name: LegSemantic, weight: 1, rows: se}}
	fs, _, _ = fuse(SpecFusion, legs)
	if fs[0].Key != "episode:pair" {
		t.Fatalf("SPEC fusion: %+v first", fs[0])
	}
	fs, _, _ = fuse(DefaultFusion, legs)
	if fs[0].Key != "episode:hit" {
		t.Fatalf("default fusion: %+v first, want the keyword leg's first hit", fs[0])
	}
}

// chainFixture: alice lives_in (single, seeded) Berlin → Paris → Rome, with
// Rome told only to bob; and a retracted fact.
func TestVersionChainInForceAndSupersessionUnknown(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	withBob := []string{"member:alice", "person:bob"}
	jan, mar, may := t0.AddDate(0, -4, 0), t0.AddDate(0, -2, 0), t0
	berlin := f.fact(facts.Fact{Member: "alice", Subject: "Alice", Predicate: "lives in", Claim: "Berlin", ValidFrom: jan, Channel: "c", Audience: me})
	paris := f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "lives_in", Claim: "Paris", ValidFrom: mar, Channel: "c", Audience: me})
	rome := f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "resides in", Claim: "Rome", ValidFrom: may, Channel: "c", Audience: []string{"person:bob"}})
	// "resides_in" is a live alias of lives_in: the same axis
	f.exec(`INSERT INTO aliases (member_id, id, dimension, alias, canonical, decided_by) VALUES ('alice', 'A1', 'predicate', 'resides_in', 'lives_in', 'test')`)
	f.exec(`UPDATE facts SET expired_at = $2, superseded_by = $3, valid_until = $4, closure_source = 'nightly:r1' WHERE member_id = 'alice' AND id = $1`, berlin, mar, paris, mar)
	f.exec(`UPDATE facts SET expired_at = $2, superseded_by = $3, valid_until = $4, closure_source = 'nightly:r2' WHERE member_id = 'alice' AND id = $1`, paris, may, rome, may)
	forgotten := f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "secret_code", Claim: "berlin 1234", ValidFrom: jan, Channel: "c", Audience: withBob})
	f.exec(`UPDATE facts SET expired_at = $2, closure_source = 'forget:user' WHERE member_id = 'alice' AND id = $1`, forgotten, mar)
	// multi predicate: never replaced
	f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "likes", Claim: "Berlin techno", ValidFrom: jan, Channel: "c", Audience: me})

	s := New(f.pool, Config{}, nil, nil)
	ask := func(asOf time.Time, audience []string) *Answer {
		t.Helper()
		r := req("alice", "1", "Where does Alice live? Berlin?", audience, "c")
		r.AsOf = &asOf
		a, err := s.Recall(f.ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range a.Items {
			if it.ID == forgotten {
				t.Fatalf("retracted fact shown: %+v", it)
			}
		}
		return a
	}
	find := func(a *Answer, id string) *Item {
		for i := range a.Items {
			if a.Items[i].ID == id {
				return &a.Items[i]
			}
		}
		return nil
	}

	// as of April, alice alone: Paris is in force; the Berlin hit is
	// replaced by it and carries Berlin as previously. Rome is not yet.
	a := ask(t0.AddDate(0, -1, 0), me)
	if find(a, berlin) != nil {
		t.Fatalf("Berlin shown as current: %+v", a.Items)
	}
	p := find(a, paris)
	if p == nil || p.Previously == nil || p.Previously.ID != berlin || p.SupersessionUnknown {
		t.Fatalf("as of April: %+v", a.Items)
	}
	if find(a, "") != nil {
		t.Fatal("empty id")
	}

	// as of June, alice alone: Rome (hidden from alice) has superseded
	// Paris; nothing visible is in force, so Paris stays, marked unknown.
	a = ask(t0.AddDate(0, 1, 0), me)
	p = find(a, paris)
	if p == nil || !p.SupersessionUnknown {
		t.Fatalf("as of June, alice: %+v", a.Items)
	}
	if find(a, rome) != nil {
		t.Fatal("Rome leaked to alice")
	}

	// as of June, bob: Rome is in force and visible
	a = ask(t0.AddDate(0, 1, 0), []string{"person:bob"})
	r := find(a, rome)
	if r == nil || r.SupersessionUnknown {
		t.Fatalf("as of June, bob: %+v", a.Items)
	}

	// as of February: Berlin in force, nothing newer
	a = ask(t0.AddDate(0, -3, 0), me)
	b := find(a, berlin)
	if b == nil || b.Previously != nil || b.SupersessionUnknown {
		t.Fatalf("as of February: %+v", a.Items)
	}
	if find(a, paris) != nil {
		t.Fatal("Paris shown before it was valid")
	}
}

func TestVersionChainCardinalityPrecedence(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	old := f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "drives", Claim: "a blue car", ValidFrom: t0.AddDate(0, -2, 0), Channel: "c", Audience: me})
	cur := f.fact(facts.Fact{Member: "alice", Subject: "alice", Predicate: "drives", Claim: "a red bike", ValidFrom: t0.AddDate(0, -1, 0), Channel: "c", Audience: me})
	s := New(f.pool, Config{}, nil, nil)
	ask := func() []Item {
		r := req("alice", "1", "blue car", me, "c")
		r.AsOf = ptr(t0)
		a, err := s.Recall(f.ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		return a.Items
	}
	// unknown predicate: multi, the hit stands
	items := ask()
	if len(items) == 0 || items[0].ID != old {
		t.Fatalf("unknown cardinality: %+v", items)
	}
	// learned single for the member, but a seeded multi on '*' wins
	f.exec(`INSERT INTO predicate_cardinality (member_id, predicate, cardinality, source) VALUES ('alice', 'drives', 'single', 'learned'), ('*', 'drives', 'multi', 'seeded')`)
	items = ask()
	if items[0].ID != old {
		t.Fatalf("seeded multi should win: %+v", items)
	}
	// without the seeded row, the member's learned single applies
	f.exec(`DELETE FROM predicate_cardinality WHERE member_id = '*' AND predicate = 'drives'`)
	items = ask()
	if items[0].ID != cur || items[0].Previously == nil || items[0].Previously.ID != old {
		t.Fatalf("learned single: %+v", items)
	}
}

// TestPreviouslyWhenTheCurrentVersionIsTheHit: a query that finds only the
// version in force still says what it replaced (the chain's predecessor,
// never a restatement of the same claim, never a forgotten or hidden one).
func TestPreviouslyWhenTheCurrentVersionIsTheHit(t *testing.T) {
	t.Parallel()
	f := setup(t)
	me := []string{"member:alice"}
	jan, mar, may := t0.AddDate(0, -4, 0), t0.AddDate(0, -2, 0), t0
	berlin := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "lives_in", Claim: "Berlin", ValidFrom: jan, Channel: "c", Audience: me})
	lisbon := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "lives_in", Claim: "Lisbon", ValidFrom: mar, Channel: "c", Audience: me})
	// said again later: a restatement, not a replacement
	again := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "lives_in", Claim: "lisbon", ValidFrom: may, Channel: "c", Audience: me})
	f.exec(`UPDATE facts SET expired_at = $2, superseded_by = $3, valid_until = $4, closure_source = 'nightly:r1' WHERE member_id = 'alice' AND id = $1`, berlin, mar, lisbon, mar)
	f.exec(`UPDATE facts SET expired_at = $2, superseded_by = $3, valid_until = $4, closure_source = 'nightly:r2' WHERE member_id = 'alice' AND id = $1`, lisbon, may, again, may)
	// multi predicate replaced by update_memory: the link is superseded_by
	jazz := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "likes", Claim: "jazz", ValidFrom: jan, Channel: "c", Audience: me})
	blues := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "likes", Claim: "blues", ValidFrom: mar, Channel: "c", Audience: me})
	f.exec(`UPDATE facts SET expired_at = $2, superseded_by = $3, valid_until = $4, closure_source = 'update' WHERE member_id = 'alice' AND id = $1`, jazz, mar, blues, mar)
	// a multi fact with an older sibling on its axis has no previously
	rock := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "likes", Claim: "rock", ValidFrom: may, Channel: "c", Audience: me})

	s := New(f.pool, Config{}, nil, nil)
	ask := func(query string, asOf time.Time) []Item {
		t.Helper()
		r := req("alice", "1", query, me, "c")
		r.AsOf = &asOf
		a, err := s.Recall(f.ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		return a.Items
	}
	byID := func(items []Item, id string) *Item {
		for i := range items {
			if items[i].ID == id {
				return &items[i]
			}
		}
		return nil
	}
	// as of April only the first Lisbon exists: found as itself, it says Berlin
	items := ask("Lisbon", t0.AddDate(0, -1, 0))
	l := byID(items, lisbon)
	if l == nil || l.Previously == nil || l.Previously.ID != berlin || l.Previously.Text != "member:alice lives in Berlin" {
		t.Fatalf("Lisbon hit without Berlin as previously: %+v", items)
	}
	// the model-facing line and the item JSON say it too
	r := req("alice", "1", "Lisbon", me, "c")
	r.AsOf = ptr(t0.AddDate(0, -1, 0))
	ans, err := s.Recall(f.ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ans.Text, "] member:alice lives in Lisbon (previously: Berlin)") {
		t.Fatalf("text: %s", ans.Text)
	}
	js, _ := json.Marshal(ans.Items[0])
	if !strings.Contains(string(js), `"previously":{"kind":"fact","id":"`+berlin+`"`) || !strings.Contains(string(js), `"supersession_unknown":false`) {
		t.Fatalf("item JSON: %s", js)
	}
	// as of June the restatement is in force; what it replaced is Berlin
	items = ask("Lisbon", t0.AddDate(0, 1, 0))
	if byID(items, lisbon) != nil {
		t.Fatalf("the older Lisbon is shown beside the one in force: %+v", items)
	}
	a := byID(items, again)
	if a == nil || a.Previously == nil || a.Previously.ID != berlin {
		t.Fatalf("restatement: %+v", items)
	}
	// as of February Berlin has no predecessor
	items = ask("Berlin", t0.AddDate(0, -3, 0))
	if b := byID(items, berlin); b == nil || b.Previously != nil {
		t.Fatalf("Berlin as of February: %+v", items)
	}
	// multi: blues replaced jazz by update; rock replaced nothing
	items = ask("blues rock", t0.AddDate(0, 1, 0))
	if b := byID(items, blues); b == nil || b.Previously == nil || b.Previously.ID != jazz {
		t.Fatalf("blues: %+v", items)
	}
	if r := byID(items, rock); r == nil || r.Previously != nil {
		t.Fatalf("rock: %+v", items)
	}
	// the updated multi fact is never shown as current after its update …
	items = ask("jazz", t0.AddDate(0, 1, 0))
	if byID(items, jazz) != nil {
		t.Fatalf("jazz shown after update_memory replaced it: %+v", items)
	}
	if b := byID(items, blues); b == nil || b.Previously == nil || b.Previously.ID != jazz {
		t.Fatalf("the jazz hit is not replaced by blues: %+v", items)
	}
	// … but is before it
	items = ask("jazz", t0.AddDate(0, -3, 0))
	if j := byID(items, jazz); j == nil || byID(items, blues) != nil {
		t.Fatalf("as of February: %+v", items)
	}
	// a replacement hidden from this audience: the hit stays, marked unknown
	tea := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "likes", Claim: "green tea", ValidFrom: jan, Channel: "c", Audience: me})
	coffee := f.fact(facts.Fact{Member: "alice", Subject: "member:alice", Predicate: "likes", Claim: "coffee", ValidFrom: mar, Channel: "c", Audience: []string{"person:bob"}})
	f.exec(`UPDATE facts SET expired_at = $2, superseded_by = $3, valid_until = $4, closure_source = 'update' WHERE member_id = 'alice' AND id = $1`, tea, mar, coffee, mar)
	items = ask("green tea", t0.AddDate(0, 1, 0))
	if g := byID(items, tea); g == nil || !g.SupersessionUnknown || byID(items, coffee) != nil {
		t.Fatalf("hidden update: %+v", items)
	}
	// forgetting Berlin removes it as anyone's previously
	f.exec(`UPDATE facts SET superseded_by = NULL, closure_source = 'forget:user' WHERE member_id = 'alice' AND id = $1`, berlin)
	items = ask("Lisbon", t0.AddDate(0, 1, 0))
	if a := byID(items, again); a == nil || a.Previously != nil {
		t.Fatalf("a forgotten version shown as previously: %+v %+v", items, a.Previously)
	}
}
