package scenario

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/nightly"
	"github.com/memhive/memhive/recall"
)

// TestBerlinThenLisbon is issue 5's must-show 1: "I live in Berlin" in one
// session, "we moved to Lisbon" six weeks later in another; after close and
// nightly, tier 1 as of before the move says Berlin, as of after it says
// Lisbon with Berlin as what it replaced (whichever version the legs hit),
// and both rows still exist.
func TestBerlinThenLisbon(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	me := []string{"member:alice"}
	berlinAt := time.Date(2026, 1, 5, 19, 0, 0, 0, time.UTC)
	lisbonAt := berlinAt.AddDate(0, 0, 6*7)
	record(t, pool, "alice",
		turn{session: "s1", text: "Hi! I live in Berlin.", aud: me, at: berlinAt},
		turn{session: "s1", text: "The weather is grey today.", aud: me, at: berlinAt.Add(time.Minute)},
		turn{session: "s2", text: "Big news: we moved to Lisbon!", aud: me, at: lisbonAt},
	)
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice"})
	if err != nil || rep.Members[0].Status != "completed" || rep.Members[0].Superseded != 1 {
		t.Fatalf("nightly: %+v %v", rep, err)
	}

	// Both rows exist; Berlin is closed by Lisbon, nothing deleted.
	var berlinID, lisbonID, supersededBy string
	var until *time.Time
	if err := pool.QueryRow(ctx, `SELECT b.id, l.id, b.superseded_by, b.valid_until FROM facts b JOIN facts l
		ON l.member_id = b.member_id AND l.predicate_canon = 'lives_in' AND l.claim = 'Lisbon'
		WHERE b.member_id = 'alice' AND b.predicate_canon = 'lives_in' AND b.claim = 'Berlin'`).
		Scan(&berlinID, &lisbonID, &supersededBy, &until); err != nil {
		t.Fatalf("both versions must exist: %v", err)
	}
	if supersededBy != lisbonID || until == nil || !until.Equal(lisbonAt) {
		t.Fatalf("Berlin not closed by Lisbon: superseded_by %q valid_until %v", supersededBy, until)
	}
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM facts WHERE member_id = 'alice' AND predicate_canon = 'lives_in'`).Scan(&n)
	if n != 2 {
		t.Fatalf("%d lives_in rows, want 2", n)
	}

	svc := recall.New(pool, recall.Config{}, nil, nil)
	before, after := lisbonAt.AddDate(0, 0, -7), lisbonAt.AddDate(0, 0, 7)
	for _, q := range []string{"where do I live?", "Berlin", "Lisbon", "where does Alice live now"} {
		// before the move: Berlin, and Lisbon nowhere
		a := ask(t, svc, "alice", q, me, before)
		fs := factItems(a)
		if q != "Lisbon" { // before the move "Lisbon" matches nothing but may be empty
			b := itemByText(fs, "lives in Berlin")
			if b == nil || b.ID != berlinID || b.Previously != nil || b.SupersessionUnknown {
				t.Errorf("%q as of %s: want Berlin, got %s", q, before.Format(time.DateOnly), a.Text)
			}
		}
		if strings.Contains(a.Text, "Lisbon") {
			t.Errorf("%q as of %s: Lisbon shown before the move: %s", q, before.Format(time.DateOnly), a.Text)
		}

		// after the move: Lisbon, carrying Berlin; Berlin never as a fact of its own
		a = ask(t, svc, "alice", q, me, after)
		fs = factItems(a)
		l := itemByText(fs, "lives in Lisbon")
		if l == nil || l.ID != lisbonID || l.Previously == nil || l.Previously.ID != berlinID || l.SupersessionUnknown {
			t.Errorf("%q as of %s: want Lisbon with previously Berlin, got %+v\n%s", q, after.Format(time.DateOnly), fs, a.Text)
			continue
		}
		for _, f := range fs {
			if f.ID == berlinID {
				t.Errorf("%q: Berlin shown as a current fact after the move: %s", q, a.Text)
			}
		}
		t.Logf("%q as of %s:\n%s", q, after.Format(time.DateOnly), a.Text)
		if !strings.Contains(a.Text, "member:alice lives in Lisbon (previously: Berlin)") {
			t.Errorf("%q: the model-facing text does not say what Lisbon replaced:\n%s", q, a.Text)
		}
		js, _ := json.Marshal(l)
		if !strings.Contains(string(js), `"previously":{"kind":"fact","id":"`+berlinID+`"`) || !strings.Contains(string(js), `"supersession_unknown":false`) {
			t.Errorf("item JSON: %s", js)
		}
	}
}

// TestPrivateCorrectionStaysPrivate is issue 5's must-show 2: a correction
// said to the member alone never supersedes the fact said before the
// member and Bob; Bob's audience sees the old fact marked
// supersession_unknown, the member alone sees the correction.
func TestPrivateCorrectionStaysPrivate(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	public := []string{"member:alice", "person:bob"}
	private := []string{"member:alice"}
	t0 := time.Date(2026, 2, 2, 10, 0, 0, 0, time.UTC)
	record(t, pool, "alice",
		turn{session: "with-bob", text: "I live in Berlin.", aud: public, at: t0},
		turn{session: "with-bob", speaker: "person:bob", text: "Nice, I work at Globex.", aud: public, at: t0.Add(time.Minute)},
		turn{session: "alone", text: "Between us: I live in Lisbon.", aud: private, at: t0.AddDate(0, 1, 0)},
	)
	rep, err := nightly.Run(ctx, pool, nightly.Options{Member: "alice"})
	if err != nil || rep.Members[0].Status != "completed" {
		t.Fatalf("nightly: %+v %v", rep, err)
	}
	if rep.Members[0].Superseded != 0 {
		t.Fatalf("a private correction superseded something: %+v", rep.Members[0])
	}
	var berlinID, lisbonID string
	var expired *time.Time
	var by *string
	if err := pool.QueryRow(ctx, `SELECT id, expired_at, superseded_by FROM facts WHERE member_id = 'alice' AND predicate_canon = 'lives_in' AND claim = 'Berlin'`).
		Scan(&berlinID, &expired, &by); err != nil || expired != nil || by != nil {
		t.Fatalf("the public fact was closed: %v %v %v", expired, by, err)
	}
	if err := pool.QueryRow(ctx, `SELECT id FROM facts WHERE member_id = 'alice' AND predicate_canon = 'lives_in' AND claim = 'Lisbon' AND audience = '{member:alice}'`).
		Scan(&lisbonID); err != nil {
		t.Fatalf("the private correction: %v", err)
	}

	svc := recall.New(pool, recall.Config{}, nil, nil)
	asOf := t0.AddDate(0, 2, 0)
	for _, q := range []string{"where does Alice live?", "Berlin", "where do I live"} {
		a := ask(t, svc, "alice", q, public, asOf)
		b := itemByText(factItems(a), "lives in Berlin")
		if b == nil || b.ID != berlinID || !b.SupersessionUnknown || b.Previously != nil {
			t.Errorf("%q, public: want Berlin marked supersession_unknown, got %s", q, a.Text)
			continue
		}
		if strings.Contains(a.Text, "Lisbon") || strings.Contains(string(a.Diagnostic), lisbonID) {
			t.Errorf("%q, public: the private correction leaked: %s", q, a.Text)
		}
		if !strings.Contains(a.Text, "lives in Berlin (a newer version may exist that this audience cannot see)") {
			t.Errorf("%q, public: the text does not say a newer version may exist:\n%s", q, a.Text)
		}
		t.Logf("%q, public:\n%s", q, a.Text)
		js, _ := json.Marshal(b)
		if !strings.Contains(string(js), `"supersession_unknown":true`) {
			t.Errorf("item JSON: %s", js)
		}

		// the member alone sees the correction in force, replacing Berlin
		a = ask(t, svc, "alice", q, private, asOf)
		l := itemByText(factItems(a), "lives in Lisbon")
		if l == nil || l.ID != lisbonID || l.SupersessionUnknown || l.Previously == nil || l.Previously.ID != berlinID {
			t.Errorf("%q, private: want Lisbon with previously Berlin, got %s", q, a.Text)
		}
	}
}
