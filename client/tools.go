package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// Tool is one tool the assistant offers its model, declared as the gateway
// declares it.
type Tool = gateway.Declaration

// Tools are the tools the template offers, with the gateway's names,
// descriptions and JSON schemas.
func (a *Assistant) Tools() []Tool {
	var out []Tool
	for _, name := range a.tmpl.ToolList() {
		if d, ok := gateway.Declare(name); ok {
			out = append(out, d)
		}
	}
	return out
}

// ToolNames are the names of Tools, in order.
func (a *Assistant) ToolNames() []string {
	var out []string
	for _, t := range a.Tools() {
		out = append(out, t.Name)
	}
	return out
}

// OpenAITool is one entry of an OpenAI-style chat-completions "tools" list.
type OpenAITool struct {
	Type     string         `json:"type"` // "function"
	Function OpenAIFunction `json:"function"`
}

// OpenAIFunction is a function declaration of an OpenAI-style tool.
type OpenAIFunction struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"`
}

// OpenAITools are Tools as an OpenAI-style "tools" list.
func (a *Assistant) OpenAITools() []OpenAITool {
	var out []OpenAITool
	for _, t := range a.Tools() {
		out = append(out, OpenAITool{Type: "function", Function: OpenAIFunction{Name: t.Name, Description: t.Description, Parameters: t.Schema}})
	}
	return out
}

// MCPTools are Tools as MCP tool declarations (for an assistant that
// serves them to its own MCP host).
func (a *Assistant) MCPTools() []*mcp.Tool {
	var out []*mcp.Tool
	for _, t := range a.Tools() {
		out = append(out, &mcp.Tool{Name: t.Name, Description: t.Description, InputSchema: t.Schema,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: t.Read}})
	}
	return out
}

// Result is the outcome of one tool call.
type Result struct {
	Tool string // the tool's name, as called
	// Content is what to hand back to the model: the answer's or the
	// result's model-facing text (as MCP shows it), or the error JSON
	// {"error": {"code", "message"}}.
	Content string
	// JSON is the structured result (the error body on a refusal).
	JSON json.RawMessage
	// Err is the coded error of a refusal, or of memhive not answering:
	// canceled (the caller's context), timeout (no answer by the deadline)
	// or internal; errors.Is(r.Err, context.Canceled) holds for the first.
	// Nil on success.
	Err *memhive.Error
	// Answer is memory_recall's answer.
	Answer *recall.Answer
}

// failed is failed with what the connection knows: a request NATS refused
// for the credential's permissions (another member's subjects, an inbox
// outside its prefix) is forbidden_member, not a timeout, and a closed
// connection (a revoked credential ends it) is unavailable.
func (a *Assistant) failed(tool string, err error) Result {
	var e *memhive.Error
	if !errors.As(err, &e) {
		if last := a.nc.LastError(); last != nil && strings.Contains(strings.ToLower(last.Error()), "permissions violation") &&
			(errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) || errors.Is(err, nats.ErrNoResponders)) {
			err = memhive.Wrapf(err, gateway.CodeForbiddenMember, "%s: NATS refused this credential the request (%v): it may not reach member %s's subjects, or it connected without its inbox prefix (nats.CustomInboxPrefix)", tool, last, a.cfg.Member)
		} else if errors.Is(err, nats.ErrConnectionClosed) {
			err = memhive.Wrapf(err, gateway.CodeUnavailable, "%s: the NATS connection is closed (a revoked credential closes it); connect again with a valid one", tool)
		}
	}
	return failed(tool, err)
}

func failed(tool string, err error) Result {
	var e *memhive.Error
	switch {
	case errors.As(err, &e):
	case errors.Is(err, context.Canceled):
		e = memhive.Wrapf(err, memhive.CodeCanceled, "%s: the call was canceled before memhive answered", tool)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, nats.ErrTimeout):
		e = memhive.Wrapf(err, memhive.CodeTimeout, "%s: memhive did not answer in time (is it running, and may these credentials reach it?)", tool)
	default:
		e = memhive.Wrapf(err, memhive.CodeInternal, "%s: memhive did not answer: %v", tool, err)
	}
	body, _ := json.Marshal(memhive.ErrorBody{Error: e})
	return Result{Tool: tool, Content: string(body), JSON: body, Err: e}
}

// binding is the assistant's binding as the gateway takes it.
func (a *Assistant) binding() gateway.Binding {
	return gateway.Binding{Member: a.cfg.Member, Audience: a.Audience(), Channel: a.cfg.Channel,
		Asker: a.cfg.Asker, Assistant: a.cfg.ID, Tier: a.tmpl.MemoryTier, Session: a.cfg.Session}
}

// Call runs the tool call name(args) a model made, with the assistant's
// binding, over NATS. A tool the template does not offer is refused
// (malformed_tool_call), as is any argument that tries to bind.
func (a *Assistant) Call(ctx context.Context, name string, args json.RawMessage) Result {
	offered := false
	for _, t := range a.tmpl.ToolList() {
		offered = offered || t == name
	}
	if !offered {
		return a.failed(name, memhive.Errorf(memhive.CodeMalformedToolCall, "this assistant offers no tool %q (it offers %s)", name, strings.Join(a.ToolNames(), ", ")))
	}
	ctx, cancel := context.WithTimeout(ctx, a.cfg.Timeout)
	defer cancel()
	switch name {
	case gateway.RecallTool:
		req, err := a.binding().RecallRequest(args)
		if err != nil {
			return a.failed(name, err)
		}
		// A tool call is fresh (recall.Request.Fresh): memhive waits for the
		// turns already in the stream, so this assistant's own turns still
		// queued here go there first ("what did I just say?" must find it).
		if err := a.pub.Flush(ctx); err != nil {
			return a.failed(name, fmt.Errorf("client: turns not flushed before the recall: %w", err))
		}
		return a.recall(ctx, req)
	case gateway.MemorizeTool:
		req, err := a.binding().MemorizeRequest(args)
		if err != nil {
			return a.failed(name, err)
		}
		return a.memorize(ctx, req)
	case gateway.TopicTool:
		var in struct {
			Topic string `json:"topic"`
		}
		dec := json.NewDecoder(strings.NewReader(string(args)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil || strings.TrimSpace(in.Topic) == "" {
			return a.failed(name, memhive.Errorf(memhive.CodeMalformedToolCall, "enter_topic takes {\"topic\": string} only"))
		}
		adv, err := a.EnterTopic(ctx, in.Topic)
		if err != nil {
			return a.failed(name, err)
		}
		body, _ := json.Marshal(adv)
		return Result{Tool: name, Content: adv.Text, JSON: body}
	default:
		return a.memoryTool(ctx, name, args)
	}
}

// recall asks memory_recall over NATS.
func (a *Assistant) recall(ctx context.Context, req recall.Request) Result {
	data, err := json.Marshal(req)
	if err != nil {
		return a.failed(gateway.RecallTool, err)
	}
	msg := nats.NewMsg(a.cfg.Prefix + "." + a.cfg.Member + ".recall")
	msg.Data = data
	msg.Header.Set(gateway.HeaderAssistant, a.cfg.ID)
	body, err := a.request(ctx, msg)
	if err != nil {
		return a.failed(gateway.RecallTool, err)
	}
	var ans recall.Answer
	if err := json.Unmarshal(body, &ans); err != nil {
		return a.failed(gateway.RecallTool, fmt.Errorf("decode answer: %w", err))
	}
	return Result{Tool: gateway.RecallTool, Content: ans.Text, JSON: body, Answer: &ans}
}

// memoryTool calls one of the memory micro service's tools.
func (a *Assistant) memoryTool(ctx context.Context, name string, args json.RawMessage) Result {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	msg := nats.NewMsg(a.cfg.Prefix + "." + a.cfg.Member + "." + name)
	msg.Data = args
	a.setHeaders(msg.Header)
	body, err := a.request(ctx, msg)
	if err != nil {
		return a.failed(name, err)
	}
	text, err := gateway.MemoryToolText(name, body, 0)
	if err != nil { // a result this SDK cannot read: hand the model the JSON
		text = string(body)
	}
	return Result{Tool: name, Content: text, JSON: body}
}

func (a *Assistant) setHeaders(h nats.Header) {
	h.Set(gateway.HeaderMember, a.cfg.Member)
	h.Set(gateway.HeaderAudience, gateway.HeaderList(a.Audience())) // an entry's comma or '%' encoded
	h.Set(gateway.HeaderChannel, gateway.HeaderText(a.cfg.Channel))
	h.Set(gateway.HeaderAsker, gateway.HeaderText(a.cfg.Asker))
	h.Set(gateway.HeaderAssistant, a.cfg.ID)
	h.Set(gateway.HeaderSession, gateway.HeaderText(a.cfg.Session))
	if a.tmpl.MemoryTier != "" {
		h.Set(gateway.HeaderTier, a.tmpl.MemoryTier)
	}
}

// request sends msg and returns the reply's body, or the coded error the
// reply carries.
func (a *Assistant) request(ctx context.Context, msg *nats.Msg) ([]byte, error) {
	reply, err := a.nc.RequestMsgWithContext(ctx, msg)
	if err != nil {
		if err == nats.ErrNoResponders {
			return nil, memhive.Errorf(memhive.CodeInternal, "nothing serves %s: is memhive running with this cell?", msg.Subject)
		}
		return nil, err
	}
	if e := replyError(reply); e != nil {
		return nil, e
	}
	return reply.Data, nil
}

// replyError is the coded error of a reply, or nil.
func replyError(m *nats.Msg) *memhive.Error {
	if m.Header.Get(gateway.HeaderErrorCode) == "" && !strings.HasPrefix(strings.TrimSpace(string(m.Data)), `{"error"`) {
		return nil
	}
	var b memhive.ErrorBody
	if err := json.Unmarshal(m.Data, &b); err != nil || b.Error == nil {
		return memhive.Errorf(memhive.Code(m.Header.Get(gateway.HeaderErrorCode)), "%s", m.Header.Get("Nats-Service-Error"))
	}
	return b.Error
}

// memorize publishes on the member's remember lane (JetStream) and waits
// for the outcome on an inbox named by Memhive-Reply-To.
func (a *Assistant) memorize(ctx context.Context, req remember.Request) Result {
	data, err := json.Marshal(req)
	if err != nil {
		return a.failed(gateway.MemorizeTool, err)
	}
	inbox := a.nc.NewRespInbox()
	sub, err := a.nc.SubscribeSync(inbox)
	if err != nil {
		return a.failed(gateway.MemorizeTool, err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	msg := nats.NewMsg(remember.Subject(a.cfg.Prefix, a.cfg.Member))
	msg.Data = data
	msg.Header.Set(remember.ReplyHeader, inbox)
	msg.Header.Set(nats.MsgIdHdr, lanes.NewID())
	ack, err := a.nc.RequestMsgWithContext(ctx, msg) // the stream's ack
	if err != nil {
		return a.failed(gateway.MemorizeTool, fmt.Errorf("the remember lane did not take the request: %w", err))
	}
	if strings.Contains(string(ack.Data), `"error"`) {
		return a.failed(gateway.MemorizeTool, fmt.Errorf("the remember lane refused the request: %s", ack.Data))
	}
	reply, err := sub.NextMsgWithContext(ctx)
	if err != nil {
		return a.failed(gateway.MemorizeTool, fmt.Errorf("no outcome from the remember lane: %w", err))
	}
	if e := replyError(reply); e != nil {
		return a.failed(gateway.MemorizeTool, e)
	}
	var res remember.Result
	if err := json.Unmarshal(reply.Data, &res); err != nil {
		return a.failed(gateway.MemorizeTool, err)
	}
	return Result{Tool: gateway.MemorizeTool, Content: gateway.MemorizeText(&res), JSON: reply.Data}
}

// Bundle is what the assistant reads before a turn.
type Bundle struct {
	Tier   string         // the tier it was read at: the template's memory_tier
	Text   string         // the model-facing text: put it in the system prompt
	Answer *recall.Answer // the whole answer: items with their ids, legs, a tier-2 answer and its gap
	Took   time.Duration  // how long the read took, for the builder's own metrics
}

// Ambient reports whether the template reads a bundle before each turn.
func (a *Assistant) Ambient() bool { return a.tmpl.Ambient && a.tmpl.MemoryTier != "" }

// BeforeTurn fetches the ambient bundle for the coming turn when the
// template says so (ambient and a memory tier), and returns nil, nil when
// it does not. Tier 0 reads the queryless bundle (profile, plans, this
// session); tiers 1 and 2 answer userText as the question.
func (a *Assistant) BeforeTurn(ctx context.Context, userText string) (*Bundle, error) {
	if !a.Ambient() {
		return nil, nil
	}
	start := time.Now()
	req := a.binding()
	rr := recall.Request{Member: req.Member, Tier: req.Tier, Audience: req.Audience, Channel: req.Channel,
		Asker: req.Asker, Session: req.Session}
	if req.Tier != "0" {
		rr.Query = userText
		if strings.TrimSpace(rr.Query) == "" {
			rr.Tier = "0" // nothing to ask: the queryless bundle
		}
	}
	ctx, cancel := context.WithTimeout(ctx, a.cfg.Timeout)
	defer cancel()
	res := a.recall(ctx, rr)
	if res.Err != nil {
		return nil, res.Err
	}
	return &Bundle{Tier: rr.Tier, Text: res.Answer.Text, Answer: res.Answer, Took: time.Since(start)}, nil
}
