package recall

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Request is one memory_recall question (SPEC §4). Member, Audience,
// Channel and Asker come from the caller's binding, never from a model.
type Request struct {
	Member   string   `json:"member"`
	Query    string   `json:"query"`
	Tier     string   `json:"tier"` // "0", "1" or "2"
	Audience []string `json:"audience"`
	Channel  string   `json:"channel"`
	Asker    string   `json:"asker,omitempty"` // default "member:<member>"
	// Assistant is the assistant asking, from the caller's binding (its API
	// key, its X-Memhive-Assistant header), never from a body: it reads
	// through its template's scope and sees its own drafts.
	Assistant    string     `json:"-"`
	Session      string     `json:"session,omitempty"` // tier 0's session; default "default"
	AsOf         *time.Time `json:"as_of,omitempty"`   // default now
	WindowFrom   *time.Time `json:"window_from,omitempty"`
	WindowTo     *time.Time `json:"window_to,omitempty"`
	Limit        int        `json:"limit,omitempty"`         // tier 1 items; default 20
	BudgetTokens int        `json:"budget_tokens,omitempty"` // default 1200 (tier 0), 2000 (tier 1)
}

// UnmarshalJSON reads a request whose tier is a JSON string ("1") or a
// JSON number (1), as answers carry it (SPEC §11: accept what clients
// reasonably send). Any other tier value is refused; Validate then checks
// that the tier is 0, 1 or 2. Unknown fields are refused (a misspelt
// field is an error, not a silent default).
func (r *Request) UnmarshalJSON(data []byte) error {
	type plain Request
	var w struct {
		plain
		Tier json.RawMessage `json:"tier"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return err
	}
	tier, err := tierJSON(w.Tier)
	if err != nil {
		return err
	}
	*r = Request(w.plain)
	r.Tier = tier
	return nil
}

// tierJSON is a tier given as a JSON string or an integer number.
func tierJSON(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		return NormalizeTier(s), nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return "", fmt.Errorf("tier is neither a string nor a number: %s", raw)
	}
	i, err := n.Int64()
	if err != nil {
		return "", fmt.Errorf("tier %s is not a whole number", n)
	}
	return fmt.Sprint(i), nil
}

// NormalizeTier trims a tier given as text: spaces and one pair of quotes
// ("\"1\"" and " 1 " are "1"), for tiers read from headers and flags.
func NormalizeTier(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
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
