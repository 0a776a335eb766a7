package advisor

import (
	"github.com/memhive/memhive/recall"
)

// Request is one topic entry: an assistant says which topic it is entering.
// Member, audience, channel, asker, session and assistant are the caller's
// binding (the SDK's, or the headers and payload of the NATS request made by
// the assistant's runtime); the topic is the only thing a model chooses.
type Request struct {
	Member    string   `json:"member,omitempty"`
	Topic     string   `json:"topic"`
	Session   string   `json:"session,omitempty"` // default "default"
	Audience  []string `json:"audience"`
	Channel   string   `json:"channel"`
	Asker     string   `json:"asker,omitempty"`     // default "member:<member>"
	Assistant string   `json:"assistant,omitempty"` // who is asking, for the record
}

// Arms of a decision.
const (
	ArmMatcher = "matcher" // the deterministic matcher's pick was delivered
	ArmModel   = "model"   // the model ranker's pick was delivered (mode rank)
	ArmHoldout = "holdout" // the session is held out: nothing is delivered
)

// Outcomes of a decision.
const (
	OutcomeDelivered = "delivered" // one memory was delivered
	OutcomeNone      = "no_match"  // no memory the gate allows matches the topic (or all were delivered already)
	OutcomeExhausted = "exhausted" // this topic had its deliveries in this session already
	OutcomeHoldout   = "holdout"   // a holdout session: a pick was made and recorded, nothing delivered
	OutcomeDeclined  = "declined"  // mode rank: the model picked nothing
)

// Advice is the answer to a topic entry: at most one memory.
type Advice struct {
	// Delivered says whether Memory is set.
	Delivered bool `json:"delivered"`
	// Memory is the one stored memory handed over (a fact), as recall shows it.
	Memory *recall.Item `json:"memory,omitempty"`
	// Text is the model-facing line: the memory, or why there is none.
	Text string `json:"text"`
	// Topic as it was entered.
	Topic string `json:"topic"`
	// Arm and Outcome are the decision's (see the constants).
	Arm     string `json:"arm"`
	Outcome string `json:"outcome"`
	// Decision is the id of the decision record (advisor_decisions).
	Decision string `json:"decision"`
}

// Subject is the advisor's request/reply subject of member.
func Subject(prefix, member string) string {
	if prefix == "" {
		prefix = "memhive"
	}
	return prefix + "." + member + ".topic"
}
