package extract_test

import (
	"context"
	"testing"
	"time"

	"github.com/memhive/memhive/extract"
)

func TestExtractMergesTurnsAndSkipsAssistant(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	s := extract.Session{Member: "alice", SessionID: "s1", Channel: "web:chat", Turns: []extract.Turn{
		{EpisodeID: "e1", Speaker: "member:alice", Role: "user", Text: "I live in Berlin.", At: at},
		{EpisodeID: "e2", Speaker: "assistant:talky", Role: "assistant", Text: "I live in the cloud. My name is Talky.", At: at.Add(time.Minute)},
		{EpisodeID: "e3", Speaker: "member:alice", Role: "user", Text: "Yes, I live in Berlin!", At: at.Add(2 * time.Minute)},
		{EpisodeID: "e4", Speaker: "person:bob", Role: "peer", Text: "I live in Paris.", At: at.Add(3 * time.Minute)},
	}}
	got, err := extract.Patterns{}.Extract(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("want 2 facts, got %+v", got)
	}
	a, b := got[0], got[1]
	if a.Subject != "member:alice" || a.Claim != "Berlin" || len(a.EpisodeIDs) != 2 || a.EpisodeIDs[1] != "e3" || !a.ValidFrom.Equal(at) {
		t.Fatalf("merged fact wrong: %+v", a)
	}
	if a.Speaker != "member:alice" || b.Speaker != "person:bob" || b.Subject != "person:bob" || b.Claim != "Paris" {
		t.Fatalf("speakers wrong: %+v / %+v", a, b)
	}
	// The first fact about a speaker names them in the graph.
	var named bool
	for _, e := range a.Edges {
		if e.Src == "member:alice" && e.Relation == "name" && e.Dst == "Alice" {
			named = true
		}
	}
	if !named {
		t.Fatalf("no name edge for member:alice: %+v", a.Edges)
	}
}

func TestForesightDates(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 30, 22, 0, 0, 0, time.UTC) // a Wednesday, near the year's end
	for _, tc := range []struct{ text, want string }{
		{"I'm flying to Rome tomorrow.", "2026-12-31"},
		{"I'm going to Oslo on January 5.", "2027-01-05"},
		{"I'm going to Oslo on 5th of January.", "2027-01-05"},
		{"I'm going to Oslo next month.", "2027-01-01"},
		{"I'm going to Oslo in 3 days.", "2027-01-02"},
		{"I'm going to Oslo on Wednesday.", "2027-01-06"},
		{"I'm going to Oslo this weekend.", "2027-01-02"},
	} {
		got := extract.TurnFacts(tc.text, "member:alice", at)
		if len(got) != 1 || got[0].Kind != "foresight" || got[0].ValidFrom.Format(time.DateOnly) != tc.want {
			t.Errorf("%q: got %+v, want one foresight fact from %s", tc.text, got, tc.want)
		}
	}
}
