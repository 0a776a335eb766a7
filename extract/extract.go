// Package extract distils facts, entities and edges from the turns of a
// session. The close pass (package closer) calls an Extractor once per
// audience group of a session; every fact it returns names the episodes it
// came from, so the caller can give the fact the intersection of their
// audiences.
//
// The default Extractor, Patterns, is deterministic and calls no model:
// hand-written rules over clauses, then a reader over the clause's
// part-of-speech tags (tagged.go; prose's embedded perceptron tagger) that
// adds what the rules did not find, with word lists generated offline from
// WordNet and SCOWL (extract/lexicon), for identity, home, work,
// relationships, preferences, possessions, life events and plans with their
// dates. First person ("I", "we", "my") is resolved to the turn's speaker,
// "my mom" to an entity of its own ("Alice's mother"). Each fact carries
// the confidence of the rule that made it and its polarity. Assistant turns
// are not read: an assistant's "I" is not the member.
package extract

import (
	"context"
	"time"
)

// Session is what an Extractor reads: the turns of one audience group of a
// session, oldest first.
type Session struct {
	Member    string
	SessionID string
	Channel   string
	Turns     []Turn
}

// Turn is one episode as the extractor sees it.
type Turn struct {
	EpisodeID string
	Speaker   string // "member:alice", "person:bob"
	Role      string // user | assistant | peer
	Text      string
	At        time.Time // happened_at
	Audience  []string
}

// Fact is one distilled claim, with the graph it implies.
type Fact struct {
	Subject   string // "member:alice" for first person, else the name as written
	Predicate string // snake_case relation key: lives_in, works_at, sister, likes, plans …
	Claim     string
	Kind      string // world | experience | foresight
	// Polarity is "positive" (or "") for a claim stated, "negative" for one
	// denied or ended from ValidFrom on ("I don't live in Berlin anymore"):
	// a writer ends the speaker's matching facts in force rather than
	// storing the claim.
	Polarity   string
	ValidFrom  time.Time // the turn's time, or the resolved date of a plan
	Confidence int       // 0..100
	Speaker    string    // who said it (supersession never crosses speakers)
	EpisodeIDs []string  // every episode the fact was read from, in order
	Entities   []Entity
	Edges      []Edge
}

// Entity is a node of the graph, named as written.
type Entity struct {
	Name string
	Kind string // person | place | organization | animal | thing
}

// Edge is a relation between two named entities.
type Edge struct {
	Src      string
	Relation string
	Dst      string
}

// Extractor distils facts from a session.
type Extractor interface {
	Extract(ctx context.Context, s Session) ([]Fact, error)
}
