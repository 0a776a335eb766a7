package recall

import (
	"encoding/json"
	"time"
)

// Request is one memory_recall question (SPEC §4). Member, Audience,
// Channel and Asker come from the caller's binding, never from a model.
type Request struct {
	Member       string     `json:"member"`
	Query        string     `json:"query"`
	Tier         string     `json:"tier"` // "0", "1" or "2"
	Audience     []string   `json:"audience"`
	Channel      string     `json:"channel"`
	Asker        string     `json:"asker,omitempty"`   // default "member:<member>"
	Session      string     `json:"session,omitempty"` // tier 0's session; default "default"
	AsOf         *time.Time `json:"as_of,omitempty"`   // default now
	WindowFrom   *time.Time `json:"window_from,omitempty"`
	WindowTo     *time.Time `json:"window_to,omitempty"`
	Limit        int        `json:"limit,omitempty"`         // tier 1 items; default 20
	BudgetTokens int        `json:"budget_tokens,omitempty"` // default 1200 (tier 0), 2000 (tier 1)
}

// Item is one returned row.
type Item struct {
	Kind                string          `json:"kind"` // episode | fact | belief
	ID                  string          `json:"id"`
	Session             string          `json:"session,omitempty"`
	Channel             string          `json:"channel,omitempty"`
	Ref                 string          `json:"ref,omitempty"`
	Text                string          `json:"text"`
	When                string          `json:"when,omitempty"` // RFC 3339
	Who                 string          `json:"who,omitempty"`
	Score               string          `json:"score,omitempty"` // exact decimal, tier 1
	Previously          *Item           `json:"previously,omitempty"`
	SupersessionUnknown bool            `json:"supersession_unknown"`
	Extra               json.RawMessage `json:"extra,omitempty"`
}

// Leg reports one tier-1 leg: how many candidates it gave, or why it could not run.
type Leg struct {
	Leg        string `json:"leg"`
	Candidates int    `json:"candidates"`
	Missing    string `json:"missing,omitempty"`
}

// Synthesis is tier 2's model answer.
type Synthesis struct {
	Answer     string   `json:"answer"`
	Gap        string   `json:"gap"`
	Sources    []string `json:"sources"`
	Confidence int      `json:"confidence"`
}

// Downgrade says why a tier-2 answer fell back to the tier-1 bundle.
type Downgrade struct {
	Reason string `json:"reason"`
}

// Answer is the reply on every surface (SPEC §4).
type Answer struct {
	Tier       int             `json:"tier"`
	AsOf       string          `json:"as_of"`
	Text       string          `json:"text"`
	Items      []Item          `json:"items"`
	Legs       []Leg           `json:"legs,omitempty"`
	Dropped    int             `json:"dropped"`
	Capped     bool            `json:"capped"`
	Answer     *Synthesis      `json:"answer,omitempty"`
	Downgraded *Downgrade      `json:"downgraded,omitempty"`
	Diagnostic json.RawMessage `json:"diagnostic,omitempty"`
}
