package node_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/advisor"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/nodetest"
)

// The node's advisor on NATS knows the assistants' templates: cogny, whose
// template sets no memory tier, is memory_not_configured (as its key is on
// HTTP), named in the payload as the reviewer sent it or in the header;
// talky is answered.
func TestAdvisorNATSChecksTheTier(t *testing.T) {
	t.Parallel()
	h := nodetest.Start(t)
	entry := func(assistant, header string) *nats.Msg {
		t.Helper()
		msg := nats.NewMsg(advisor.Subject("memhive", "alice"))
		msg.Data = []byte(`{"topic":"Miso the cat","session":"s-new1","audience":["member:alice"],"channel":"telegram:dm"` + assistant + `}`)
		if header != "" {
			msg.Header.Set(gateway.HeaderAssistant, header)
		}
		var reply *nats.Msg
		var err error
		nodetest.Eventually(t, "the advisor answers", 30*time.Second, func() bool {
			reply, err = h.NC.RequestMsg(msg, 10*time.Second)
			return err == nil
		})
		return reply
	}
	for _, tc := range []struct{ body, header string }{{`,"assistant":"cogny"`, ""}, {"", "cogny"}} {
		reply := entry(tc.body, tc.header)
		var body memhive.ErrorBody
		if err := json.Unmarshal(reply.Data, &body); err != nil || body.Error == nil ||
			body.Error.Code != memhive.CodeMemoryNotConfigured || reply.Header.Get(micro.ErrorCodeHeader) != "422" {
			t.Fatalf("cogny (%q, header %q): %s %v", tc.body, tc.header, reply.Data, reply.Header)
		}
	}
	reply := entry(`,"assistant":"talky"`, "")
	var adv advisor.Advice
	if err := json.Unmarshal(reply.Data, &adv); err != nil || adv.Decision == "" || adv.Outcome != advisor.OutcomeNone {
		t.Fatalf("talky: %s", reply.Data)
	}
}
