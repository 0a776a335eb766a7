// Package client is the assistant SDK: what an assistant builder needs to
// make an assistant memory-backed in a few lines.
//
//	a, err := client.New(ctx, nc, client.Config{Member: "alice", Template: "talky",
//		Audience: []string{"member:alice"}, Channel: "web:chat", Session: "s-1"})
//	bundle, _ := a.BeforeTurn(ctx, userText) // nil unless the template reads a bundle every turn
//	a.Heard("member:alice", userText)        // publish the member's turn (never waits)
//	tools := a.OpenAITools()                  // memory_recall … as OpenAI-style functions
//	res := a.Call(ctx, name, arguments)       // run a tool call the model made
//	a.Said(reply)                             // publish the assistant's turn
//
// An Assistant is built from an assistant template (templates: a name, or a
// file) and a binding (member, audience, channel, session, asker). The
// template says whether it reads an ambient bundle before each turn
// (memory_tier and ambient: talky reads a tier-1 bundle of the member's
// words every turn; cogny reads none and asks by tool call), which tier its
// tool calls read at, and which tools it offers its model. The tools'
// names, descriptions and JSON schemas are the gateway's (gateway.RecallSchema
// and the others): one source of truth for MCP, HTTP, NATS and here.
//
// # Why a package of its own
//
// The SDK sits above three packages that must not know each other: lanes
// (the turn format and the publishing client: it knows no storage and no
// tool), gateway (the tools, their schemas and the binding rules) and
// templates. Putting it in lanes would make the lanes import the gateway
// and, through it, recall and the store; a package of its own keeps the
// seams and lets an assistant import one package. It talks to memhive only
// over NATS, the way gateway/nats.go serves the tools: recall on
// <prefix>.<member>.recall, the memory tools on <prefix>.<member>.<tool>,
// memorize on the JetStream lane <prefix>.<member>.remember (with
// Memhive-Reply-To for the outcome), the advisor on <prefix>.<member>.topic.
//
// # The binding is the builder's, never the model's
//
// A tool call carries only its arguments; member, audience, channel, asker,
// session and tier come from the Assistant. Arguments that try to bind
// (an "audience" in memory_recall's arguments) are refused as
// malformed_tool_call before anything is sent, with the gateway's own
// checks (gateway.Binding.RecallRequest, MemorizeRequest).
//
// # Errors
//
// Publishing never waits: a turn the stream or the appender refuses comes
// back through Config.OnError or Errors. A tool call answers a Result whose
// Err is the coded error (memory_not_configured, malformed_tool_call, …);
// its Content is what to hand back to the model either way.
package client
