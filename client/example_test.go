package client_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive/client"
	"github.com/memhive/memhive/lanes"
)

// An assistant built from the talky template: a bundle before each turn,
// the member's words and its own published, the model's tool calls run
// with the assistant's binding. (Needs a running memhive: not run as a test;
// examples/twoassistants is the runnable whole.)
func Example() {
	ctx := context.Background()
	// with the assistant's credential (memhive keys create --nats): its url,
	// and its inbox prefix, the only inboxes it may subscribe to
	nc, err := nats.Connect(nats.DefaultURL, nats.CustomInboxPrefix("_INBOX_talky-3f9a1c2e"))
	if err != nil {
		log.Fatal(err)
	}
	a, err := client.New(ctx, nc, client.Config{
		Member: "alice", Template: "talky", ID: "talky-2",
		Audience: []string{"member:alice"}, Channel: "telegram:dm", Session: "s-42",
		OnError: func(e *lanes.PublishError) { log.Printf("turn %s refused: %v", e.ID, e.Err) },
	})
	if err != nil {
		log.Fatal(err)
	}
	defer a.Close()

	user := "What should I bring Maya from Berlin?"
	bundle, err := a.BeforeTurn(ctx, user) // nil for a template without a bundle
	if err != nil {
		log.Fatal(err)
	}
	system := "You are talky."
	if bundle != nil {
		system += "\n\nMEMORY:\n" + bundle.Text
	}
	_, _ = a.Heard("member:alice", user)
	tools, _ := json.Marshal(a.OpenAITools()) // the "tools" of a chat-completions request
	fmt.Println(len(system) > 0, len(tools) > 0)

	// … the model asks for memory_recall({"query": "Maya"}):
	res := a.Call(ctx, "memory_recall", json.RawMessage(`{"query":"Maya"}`))
	fmt.Println(res.Content) // hand it back as the tool message
	_, _ = a.Said("Maybe some pastéis de nata from her new home town?")
}
