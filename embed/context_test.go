package embed_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/memhive/memhive/embed"
)

// TestDrainerPrevTurn: an episode's vector carries its session's previous
// turns, each only when everyone who may see the episode may see it too.
func TestDrainerPrevTurn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	h := embed.NewHashing(64)
	b.register(t, h, true)
	base := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	type ep struct {
		id, session, channel string
		audience             []string
		text                 string
		sec                  int
	}
	eps := []ep{
		// s1: both public → context
		{"E01", "s1", "chat", []string{"*"}, "what is the name of your cousin's dog", 0}, // said by person:mary_ann
		{"E02", "s1", "chat", []string{"*"}, "their name is luna", 1},
		// s2: the previous turn is private to alice; the reply is for alice and bob → no context
		{"E03", "s2", "chat", []string{"member:alice"}, "my salary is ninety thousand", 0},
		{"E04", "s2", "chat", []string{"member:alice", "person:bob"}, "that sounds right", 1},
		// s3: the previous audience is a superset → context
		{"E05", "s3", "chat", []string{"member:alice", "person:bob", "person:cleo"}, "where did you go hiking", 0},
		{"E06", "s3", "chat", []string{"member:alice", "person:bob"}, "up the mountain near the lake", 1},
		// s4: the previous turn is on another channel → no context
		{"E07", "s4", "slack:#team", []string{"*"}, "the release is on friday", 0},
		{"E08", "s4", "chat", []string{"*"}, "great news indeed", 1},
		// s5: a public reply after a non-public turn → no context
		{"E09", "s5", "chat", []string{"member:alice", "person:bob"}, "the surprise party is saturday", 0},
		{"E10", "s5", "chat", []string{"*"}, "count me in", 1},
		// s6: the two turns just before count, not an older one
		{"E11", "s6", "chat", []string{"*"}, "first we talked about tennis", 0},
		{"E12", "s6", "chat", []string{"*"}, "then about chess openings", 1},
		{"E13", "s6", "chat", []string{"*"}, "i prefer the sicilian", 2},
		{"E14", "s6", "chat", []string{"*"}, "a sharp defence", 3},
		// s7: of the two turns before, only the visible one counts
		{"E15", "s7", "chat", []string{"*"}, "we planned a picnic by the river", 0},
		{"E16", "s7", "chat", []string{"member:alice"}, "my diagnosis came back", 1},
		{"E17", "s7", "chat", []string{"*"}, "bring sandwiches", 2},
		// s8: a turn 20 minutes later has moved on (ContextGap 10 minutes)
		{"E18", "s8", "chat", []string{"*"}, "our trip to the mountains was wonderful", 0},
		{"E19", "s8", "chat", []string{"*"}, "the invoice is due on friday", 1200},
		{"E20", "s8", "chat", []string{"*"}, "paid it already", 1500},
	}
	ctx := context.Background()
	ids := make([]string, len(eps))
	members := make([]string, len(eps))
	for i, e := range eps {
		speaker := "member:alice"
		if e.id == "E01" {
			speaker = "person:mary_ann"
		}
		if _, err := b.pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ('alice', $1, $2, $3, 'user', $7, $4, $5, $6)`,
			e.id, e.session, e.channel, e.audience, e.text, base.Add(time.Duration(e.sec)*time.Second), speaker); err != nil {
			t.Fatal(err)
		}
		ids[i], members[i] = e.id, "alice"
	}
	if err := embed.Enqueue(ctx, b.pool, "", embed.OwnerEpisode, members, ids); err != nil {
		t.Fatal(err)
	}
	d := embed.NewDrainer(b.pool, h, embed.DrainerConfig{Batch: 5}, nil)
	for {
		n, err := d.DrainOnce(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	got := b.rows(t, h.Model())
	// the embedded text: the speaker's name, a colon, the content
	text, raw := map[string]string{}, map[string]string{}
	for _, e := range eps {
		text[e.id], raw[e.id] = "alice: "+e.text, e.text
	}
	text["E01"] = "mary ann: " + eps[0].text
	plain := func(s string) []float32 {
		v, err := h.Embed(ctx, []string{s})
		if err != nil {
			t.Fatal(err)
		}
		return v[0]
	}
	withPrev := func(s string, ps ...string) []float32 {
		out := plain(s)
		for _, p := range ps {
			c := plain(p)
			for j := range out {
				out[j] += c[j] // unit vectors, weight 1
			}
		}
		var n float64
		for j := range out {
			n += float64(out[j]) * float64(out[j])
		}
		for j := range out {
			out[j] /= float32(math.Sqrt(n))
		}
		return out
	}
	want := map[string][]float32{
		"E01": plain(text["E01"]), "E02": withPrev(text["E02"], text["E01"]),
		"E03": plain(text["E03"]), "E04": plain(text["E04"]),
		"E05": plain(text["E05"]), "E06": withPrev(text["E06"], text["E05"]),
		"E07": plain(text["E07"]), "E08": plain(text["E08"]),
		"E09": plain(text["E09"]), "E10": plain(text["E10"]),
		"E11": plain(text["E11"]), "E12": withPrev(text["E12"], text["E11"]),
		"E13": withPrev(text["E13"], text["E12"], text["E11"]), "E14": withPrev(text["E14"], text["E13"], text["E12"]),
		"E15": plain(text["E15"]), "E16": withPrev(text["E16"], text["E15"]), "E17": withPrev(text["E17"], text["E15"]),
		"E18": plain(text["E18"]), "E19": plain(text["E19"]), "E20": withPrev(text["E20"], text["E19"]),
	}
	for id, w := range want {
		r := got["alice/episode/"+id]
		if r.status != "ready" {
			t.Fatalf("%s: %+v, want ready", id, r)
		}
		if c := embed.Cosine(r.vec, w); c < 0.9999 {
			t.Errorf("%s: stored vector has cosine %.5f with the expected one", id, c)
		}
	}
	// the hidden salary turn left no trace in the reply's vector
	if c := embed.Cosine(got["alice/episode/E04"].vec, plain(raw["E03"])); c > 0.2 {
		t.Errorf("E04's vector has cosine %.3f with the private turn before it", c)
	}
	if c := embed.Cosine(got["alice/episode/E17"].vec, plain(raw["E16"])); c > 0.2 {
		t.Errorf("E17's vector has cosine %.3f with the private turn before it", c)
	}

	// PrevTurns < 0: no context at all
	b2 := setup(t)
	b2.register(t, h, true)
	for _, e := range eps[:2] {
		if _, err := b2.pool.Exec(ctx, `INSERT INTO episodes (member_id, id, session_id, channel, role, speaker, audience, content, happened_at)
			VALUES ('alice', $1, $2, $3, 'user', 'member:alice', $4, $5, $6)`,
			e.id, e.session, e.channel, e.audience, e.text, base.Add(time.Duration(e.sec)*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	if err := embed.Enqueue(ctx, b2.pool, "", embed.OwnerEpisode, []string{"alice", "alice"}, []string{"E01", "E02"}); err != nil {
		t.Fatal(err)
	}
	if _, err := embed.NewDrainer(b2.pool, h, embed.DrainerConfig{PrevTurns: -1}, nil).DrainOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if c := embed.Cosine(b2.rows(t, h.Model())["alice/episode/E02"].vec, plain(text["E02"])); c < 0.9999 {
		t.Errorf("PrevTurns -1: E02 has cosine %.5f with its own text's vector, want 1", c)
	}
}
