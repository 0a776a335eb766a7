package recall

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/facts"
)

// rowGate is what the independent Go gate needs to know about a stored row.
type rowGate struct {
	audience []string
	channel  string
}

// TestGatePropertyRandomRecord is MUST-SHOW 1: a random record (members,
// audiences, channels, episodes, derived facts with intersected
// audiences, entities, edges, beliefs, version chains, retractions), then
// at least 10,000 recall probes at tiers 0 and 1 with random audiences,
// channels, queries, sessions, as_of and windows. Every returned item, and
// every item it replaced, must pass the gate as re-implemented in Go.
func TestGatePropertyRandomRecord(t *testing.T) {
	t.Parallel()
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("MEMHIVE_TEST_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (MEMHIVE_TEST_SEED=%d reproduces)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 42))
	f := setup(t)

	members := []string{"ann", "ben", "cy"}
	people := []string{"person:p1", "person:p2", "person:p3", "person:p4"}
	channels := []string{"web:chat", "telegram:dm", "slack:#team", "slack:#open"}
	open := []string{"slack:#open"}
	vocab := strings.Fields(`paris berlin rome bob carol hiking violin dinner trip vacation school job dog cat
		painting guitar coffee tea marathon garden beach mountain book movie concert birthday wedding`)
	names := []string{"bob", "carol", "paris", "berlin", "rome", "violin", "guitar", "dog"}
	sessions := []string{"default", "s1", "s2"}

	audienceFor := func(member string) []string {
		if rng.IntN(10) == 0 {
			return []string{"*"}
		}
		aud := []string{}
		if rng.IntN(4) != 0 {
			aud = append(aud, "member:"+member)
		}
		for _, p := range people {
			if rng.IntN(3) == 0 {
				aud = append(aud, p)
			}
		}
		if len(aud) == 0 {
			aud = append(aud, people[rng.IntN(len(people))])
		}
		return memhive.NormalizeAudience(aud)
	}
	sentence := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = vocab[rng.IntN(len(vocab))]
		}
		return strings.Join(ws, " ")
	}

	known := map[string]rowGate{} // kind:id → gate inputs
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	type epRec struct {
		id       string
		audience []string
		channel  string
		at       time.Time
	}
	for _, m := range members {
		var eps []epRec
		for i := range 150 {
			e := ep{member: m, session: sessions[rng.IntN(len(sessions))], channel: channels[rng.IntN(len(channels))],
				content: sentence(3 + rng.IntN(6)), audience: audienceFor(m), at: base.Add(time.Duration(i*7+rng.IntN(5)) * time.Hour)}
			id := f.episode(e)
			known["episode:"+id] = rowGate{e.audience, e.channel}
			eps = append(eps, epRec{id, e.audience, e.channel, e.at})
		}
		// derived facts: intersection of 1–3 source episodes
		var factIDs []string
		for range 120 {
			var srcs []epRec
			for range 1 + rng.IntN(3) {
				srcs = append(srcs, eps[rng.IntN(len(eps))])
			}
			var auds [][]string
			var ids []string
			at := srcs[0].at
			for _, s := range srcs {
				auds = append(auds, s.audience)
				ids = append(ids, s.id)
				if s.at.After(at) {
					at = s.at
				}
			}
			aud := IntersectAudience(auds...)
			if aud == nil {
				continue // a writer refuses a row nobody may read
			}
			subj := names[rng.IntN(len(names))]
			if rng.IntN(3) == 0 {
				subj = m
			}
			kind := []string{facts.World, facts.Experience, facts.Foresight}[rng.IntN(3)]
			pred := []string{"lives_in", "likes", "works_at", "plays"}[rng.IntN(4)]
			fa := facts.Fact{Member: m, Subject: subj, Predicate: pred, Claim: sentence(2), Kind: kind, ValidFrom: at,
				SourceEpisodeIDs: ids, Channel: srcs[0].channel, Audience: aud}
			id := f.fact(fa)
			known["fact:"+id] = rowGate{aud, srcs[0].channel}
			factIDs = append(factIDs, id)
		}
		// version chains and retractions
		for i := 0; i+1 < len(factIDs); i += 9 {
			f.exec(`UPDATE facts SET expired_at = valid_from + interval '1 day', superseded_by = $3,
				valid_until = valid_from + interval '1 day', closure_source = 'nightly:p' WHERE member_id = $1 AND id = $2`, m, factIDs[i], factIDs[i+1])
		}
		for i := 4; i < len(factIDs); i += 13 {
			f.exec(`UPDATE facts SET expired_at = valid_from, closure_source = 'forget:test' WHERE member_id = $1 AND id = $2`, m, factIDs[i])
			delete(known, "fact:"+factIDs[i]) // retracted: must never appear at all
		}
		// entities and edges (edge audience: intersection of two episodes)
		ents := map[string]string{}
		for _, n := range names {
			ents[n] = f.entity(m, n, channels[rng.IntN(len(channels))], audienceFor(m))
		}
		for range 40 {
			a, b := names[rng.IntN(len(names))], names[rng.IntN(len(names))]
			if a == b {
				continue
			}
			e1, e2 := eps[rng.IntN(len(eps))], eps[rng.IntN(len(eps))]
			aud := IntersectAudience(e1.audience, e2.audience)
			if aud == nil {
				continue
			}
			f.edge(m, ents[a], ents[b], "knows", e1.channel, aud)
		}
		for i := range 30 {
			aud := audienceFor(m)
			ch := channels[rng.IntN(len(channels))]
			id := f.belief(m, "member:"+m, fmt.Sprintf("%s believes %s", m, sentence(4)), ch, aud, i%5 == 0)
			if i%4 == 0 {
				f.exec(`UPDATE beliefs SET active = false WHERE member_id = $1 AND id = $2`, m, id)
				continue
			}
			known["belief:"+id] = rowGate{aud, ch}
		}
	}
	f.exec(`INSERT INTO predicate_cardinality (member_id, predicate, cardinality, source) VALUES ('*', 'plays', 'single', 'judged')`)

	s := New(f.pool, Config{OpenHistory: open}, nil, nil)
	const probes = 10000
	type probe struct {
		r Request
	}
	ps := make([]probe, probes)
	for i := range ps {
		m := members[rng.IntN(len(members))]
		var aud []string
		for _, p := range append([]string{"member:" + m}, people...) {
			if rng.IntN(3) == 0 {
				aud = append(aud, p)
			}
		}
		if len(aud) == 0 {
			aud = []string{"member:" + m}
		}
		tier := "0"
		if i%2 == 1 {
			tier = "1"
		}
		r := Request{Member: m, Tier: tier, Query: sentence(1 + rng.IntN(3)), Audience: aud,
			Channel: channels[rng.IntN(len(channels))], Session: sessions[rng.IntN(len(sessions))]}
		if rng.IntN(2) == 0 {
			r.AsOf = ptr(base.Add(time.Duration(rng.IntN(1200)) * time.Hour))
		}
		if rng.IntN(5) == 0 {
			from := base.Add(time.Duration(rng.IntN(900)) * time.Hour)
			r.WindowFrom, r.WindowTo = &from, ptr(from.Add(200*time.Hour))
		}
		if rng.IntN(6) == 0 {
			r.Query += " last week"
		}
		ps[i] = probe{r}
	}

	var next atomic.Int64
	var items, nonEmpty atomic.Int64
	var mu sync.Mutex
	var failures []string
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(ps) {
					return
				}
				r := ps[i].r
				a, err := s.Recall(f.ctx, r)
				if err != nil {
					mu.Lock()
					failures = append(failures, fmt.Sprintf("probe %d: %v", i, err))
					mu.Unlock()
					continue
				}
				if len(a.Items) > 0 {
					nonEmpty.Add(1)
				}
				check := func(it Item) {
					items.Add(1)
					g, ok := known[it.Kind+":"+it.ID]
					if !ok {
						mu.Lock()
						failures = append(failures, fmt.Sprintf("probe %d: unknown or retracted row %s:%s", i, it.Kind, it.ID))
						mu.Unlock()
						return
					}
					if !goGate(g.audience, g.channel, r.Audience, r.Channel, open) {
						mu.Lock()
						failures = append(failures, fmt.Sprintf("probe %d (tier %s, audience %v, channel %s): %s:%s with audience %v on %s is forbidden",
							i, r.Tier, r.Audience, r.Channel, it.Kind, it.ID, g.audience, g.channel))
						mu.Unlock()
					}
				}
				for _, it := range a.Items {
					check(it)
					if it.Previously != nil {
						check(*it.Previously)
					}
				}
			}
		}()
	}
	wg.Wait()
	if len(failures) > 0 {
		n := min(len(failures), 20)
		t.Fatalf("%d failures (seed %d), first %d:\n%s", len(failures), seed, n, strings.Join(failures[:n], "\n"))
	}
	t.Logf("%d probes, %d answered with items, %d items checked", probes, nonEmpty.Load(), items.Load())
	// the test must be able to fail: most probes must have returned something
	if nonEmpty.Load() < probes/4 || items.Load() < probes {
		t.Fatalf("too few items to mean anything: %d non-empty answers, %d items", nonEmpty.Load(), items.Load())
	}
}
