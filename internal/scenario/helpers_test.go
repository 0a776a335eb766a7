package scenario

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/extract"
	"github.com/memhive/memhive/recall"
)

// channel is where the scripted members talk.
const channel = "telegram:dm"

// turn is one scripted turn.
type turn struct {
	session string
	speaker string // default member:<member>
	text    string
	aud     []string
	at      time.Time
}

// record writes the turns with episodes.Insert and closes every session
// they touch with the default extractor, in the order the sessions first
// appear.
func record(t *testing.T, pool *pgxpool.Pool, member string, turns ...turn) {
	t.Helper()
	ctx := context.Background()
	var sessions []string
	var eps []episodes.Episode
	for _, tr := range turns {
		sp := tr.speaker
		if sp == "" {
			sp = "member:" + member
		}
		eps = append(eps, episodes.Episode{Member: member, ID: ulid.Make().String(), Session: tr.session, Channel: channel,
			Role: "user", Speaker: sp, Audience: tr.aud, Content: tr.text, HappenedAt: tr.at})
		if !slices.Contains(sessions, tr.session) {
			sessions = append(sessions, tr.session)
		}
	}
	written, err := episodes.Insert(ctx, pool, eps)
	if err != nil || len(written) != len(eps) {
		t.Fatalf("insert episodes: %d of %d written, %v", len(written), len(eps), err)
	}
	for _, s := range sessions {
		rep, err := closer.Close(ctx, pool, extract.Patterns{}, closer.Request{Member: member, Session: s, Channel: channel}, nil)
		if err != nil {
			t.Fatalf("close %s: %v", s, err)
		}
		if rep.Turns == 0 {
			t.Fatalf("close %s read no turns", s)
		}
	}
}

// ask is one tier-1 question as of asOf.
func ask(t *testing.T, svc *recall.Service, member, query string, aud []string, asOf time.Time) *recall.Answer {
	t.Helper()
	a, err := svc.Recall(context.Background(), recall.Request{Member: member, Tier: "1", Query: query,
		Audience: aud, Channel: channel, AsOf: &asOf})
	if err != nil {
		t.Fatalf("recall %q: %v", query, err)
	}
	return a
}

// factItems are the answer's fact items, in order.
func factItems(a *recall.Answer) []recall.Item {
	var out []recall.Item
	for _, it := range a.Items {
		if it.Kind == "fact" {
			out = append(out, it)
		}
	}
	return out
}

// itemByText returns the first item whose text contains sub.
func itemByText(items []recall.Item, sub string) *recall.Item {
	for i := range items {
		if strings.Contains(items[i].Text, sub) {
			return &items[i]
		}
	}
	return nil
}

// diagnostic decodes an answer's diagnostic.
func diagnostic(t *testing.T, a *recall.Answer) recall.Diagnostic {
	t.Helper()
	var d recall.Diagnostic
	if err := json.Unmarshal(a.Diagnostic, &d); err != nil {
		t.Fatalf("diagnostic: %v", err)
	}
	return d
}

// legRank is the 1-based rank of key in leg's diagnostic, 0 when absent.
func legRank(d recall.Diagnostic, leg, key string) int {
	for _, l := range d.Legs {
		if l.Leg == leg {
			if i := slices.Index(l.Ranked, key); i >= 0 {
				return i + 1
			}
		}
	}
	return 0
}
