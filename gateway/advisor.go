package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/advisor"
	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/recall"
)

// Advisor answers topic entries; *advisor.Service is one.
type Advisor interface {
	Enter(ctx context.Context, req advisor.Request) (*advisor.Advice, error)
}

// The NATS micro service of the mid-task advisor.
const (
	AdvisorServiceName = "memhive-advisor"
	AdvisorQueueGroup  = "memhive-advisor"
)

// ServeAdvisorNATS registers the micro service "memhive-advisor" with the
// endpoint <prefix>.*.topic in queue group "memhive-advisor". The member
// is the subject's; the payload is advisor.Request JSON, decoded strictly
// (a payload member that differs is member_mismatch). The reply is the
// advisor.Advice JSON, or {"error": {"code", "message"}} with micro's error
// headers, as the recall service answers. With WithTierFor, an entry that
// names an assistant (its X-Memhive-Assistant header, or the payload's
// "assistant") whose template sets no memory tier is memory_not_configured,
// as on HTTP and MCP.
func ServeAdvisorNATS(nc *nats.Conn, prefix string, a Advisor, logger *slog.Logger, opts ...NATSOption) (micro.Service, error) {
	if a == nil {
		return nil, fmt.Errorf("serve %s: no advisor", AdvisorServiceName)
	}
	prefix, logger, o := natsDefaults(prefix, logger, opts)
	log := logger.With("cell", "advisor", "lane", "topic")
	svc, err := micro.AddService(nc, micro.Config{
		Name:        AdvisorServiceName,
		Version:     memhive.ServiceVersion(),
		Description: "memhive mid-task advisor: at most one stored memory for the topic an assistant enters, behind the audience gate",
		QueueGroup:  AdvisorQueueGroup,
		Metadata:    map[string]string{"subject": prefix + ".<member>.topic"},
	})
	if err != nil {
		return nil, fmt.Errorf("add micro service %s: %w", AdvisorServiceName, err)
	}
	handle := func(req micro.Request) {
		member := memberOf(prefix, req.Subject())
		res, err := enterTopic(a, member, req.Data(), strings.TrimSpace(req.Headers().Get(HeaderAssistant)), o)
		respondMicro(req, log, member, "topic entry", res, err)
	}
	for i := 1; i <= o.workers; i++ {
		name := "topic"
		if i > 1 {
			name += "-" + strconv.Itoa(i)
		}
		if err := svc.AddEndpoint(name, micro.HandlerFunc(handle),
			micro.WithEndpointSubject(prefix+".*.topic"),
			micro.WithEndpointQueueGroup(AdvisorQueueGroup),
			micro.WithEndpointMetadata(map[string]string{"tool": TopicTool})); err != nil {
			_ = svc.Stop()
			return nil, fmt.Errorf("add endpoint %s: %w", name, err)
		}
	}
	// The server has our subscriptions once a flush returns: a request sent
	// on another connection after this function returns finds a responder.
	if err := nc.Flush(); err != nil {
		_ = svc.Stop()
		return nil, fmt.Errorf("flush %s subscriptions: %w", svc.Info().Name, err)
	}
	log.Info("advisor on NATS", "subject", prefix+".*.topic", "workers", o.workers)
	return svc, nil
}

// enterTopic decodes one topic entry sent on NATS. The assistant, whose
// scope and drafts the entry reads through, comes from the
// X-Memhive-Assistant header as for a recall over NATS; a body naming
// another assistant than the header is refused.
func enterTopic(a Advisor, member string, data []byte, assistant string, o natsOptions) (*advisor.Advice, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q in the subject is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member))
	}
	var req advisor.Request
	if err := decodeStrict(data, &req); err != nil {
		return nil, decodeRefusal(err, memhive.CodeMalformedRequest, "payload is not a JSON topic entry {topic, session, audience, channel, asker?, assistant?}")
	}
	if req.Member != "" && req.Member != member {
		return nil, memhive.Errorf(memhive.CodeMemberMismatch, "the entry names member %q but was sent to the topic subject of %q", clip(req.Member), member)
	}
	req.Member = member
	if assistant != "" {
		if req.Assistant != "" && req.Assistant != assistant {
			return nil, memhive.Errorf(memhive.CodeMalformedRequest, "the entry names assistant %q but its %s header says %q", clip(req.Assistant), HeaderAssistant, clip(assistant))
		}
		req.Assistant = assistant
	}
	// the advisor reads the memory: an assistant whose template sets no
	// memory tier is refused, as its recall over NATS and its key on HTTP
	// are. An assistant no template of this process knows brings its own
	// (the SDK's template file, which the SDK checks), as its recall over
	// NATS brings its own tier.
	if req.Assistant != "" && o.tierFor != nil {
		if t, ok := o.tierFor(req.Assistant); ok && t == "" {
			return nil, notConfiguredFor(Binding{Assistant: req.Assistant}, TopicTool)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	return a.Enter(ctx, req)
}

// WithAdvisor serves the enter_topic tool from a (MCP, and the HTTP route
// /v1/members/{member}/enter_topic).
func WithAdvisor(a Advisor) Option { return func(o *options) { o.advisor = a } }

// TopicArgs are enter_topic's arguments: the only thing a model chooses.
type TopicArgs struct {
	Topic string `json:"topic"`
}

// EnterTopic runs the enter_topic tool for this binding: the one path of
// MCP and HTTP. Checks, in order: no tier → memory_not_configured (the
// advisor reads the memory); arguments (an unknown one, a topic empty)
// → malformed_tool_call, text that is no text → invalid_text; member,
// audience, channel → invalid_member, missing_audience, missing_channel.
func (b Binding) EnterTopic(ctx context.Context, a Advisor, args []byte) (*advisor.Advice, error) {
	if a == nil {
		return nil, memhive.Errorf(memhive.CodeNotFound, "%s is not served by this process", TopicTool)
	}
	if b.Tier == "" {
		return nil, notConfiguredFor(b, TopicTool)
	}
	var ta TopicArgs
	if err := decodeArgs(TopicTool, `{"topic": string}`, args, &ta); err != nil {
		return nil, err
	}
	// the topic is the tool's one argument: a blank one is the call's
	// fault (malformed_tool_call, as for memory_recall's query), not the
	// request's; text that is no text is invalid_text, on every surface;
	// its length is the advisor's (query_too_long)
	if strings.TrimSpace(ta.Topic) == "" {
		return nil, memhive.Errorf(memhive.CodeMalformedToolCall, "%s needs a non-empty \"topic\"", TopicTool)
	}
	if err := recall.CheckField("the topic", ta.Topic, len(ta.Topic), true); err != nil {
		return nil, err
	}
	if err := checkWho(b.Member, b.Audience, b.Channel); err != nil {
		return nil, err
	}
	return a.Enter(ctx, advisor.Request{Member: b.Member, Topic: ta.Topic, Session: b.Session, Audience: b.Audience,
		Channel: b.Channel, Asker: b.Asker, Assistant: b.Assistant})
}

func addTopicTool(s *mcp.Server, a Advisor, bind Binding, log *slog.Logger) {
	closed := false
	s.AddTool(&mcp.Tool{Name: TopicTool, Description: TopicDescription, InputSchema: TopicSchema,
		Annotations: &mcp.ToolAnnotations{Title: "Enter a topic", ReadOnlyHint: true, OpenWorldHint: &closed}},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			adv, err := bind.EnterTopic(ctx, a, req.Params.Arguments)
			if err != nil {
				logRecallError(log.With("tool", TopicTool), err)
				return toolError(err), nil
			}
			body, _ := json.Marshal(adv)
			return &mcp.CallToolResult{
				Content:           []mcp.Content{&mcp.TextContent{Text: adv.Text}},
				StructuredContent: json.RawMessage(body),
			}, nil
		})
}

// advisorRoute serves POST /v1/members/{member}/enter_topic when the
// gateway has an advisor: the body is the tool's arguments, the binding the
// key and the X-Memhive-* headers, as for the memory tools.
func (a *api) advisorRoute(mux *http.ServeMux) {
	if a.cfg.Advisor == nil {
		return
	}
	route := TopicTool
	mux.Handle("POST /v1/members/{member}/"+TopicTool, a.metrics.wrap(route, a.authenticate(route, apikey.KindAssistant,
		func(r *http.Request) string { return r.PathValue("member") },
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
			if err != nil {
				a.fail(w, route, memhive.Errorf(memhive.CodeMalformedRequest, "request body could not be read (at most %d bytes)", MaxBody))
				return
			}
			member, err := pathMember(r, "")
			if err != nil {
				a.fail(w, route, err)
				return
			}
			if h := strings.TrimSpace(r.Header.Get(HeaderMember)); h != "" && h != member {
				a.fail(w, route, memhive.Errorf(memhive.CodeMemberMismatch, "the %s header names member %q but the path names %q", HeaderMember, clip(h), member))
				return
			}
			bind, err := a.keyBinding(r, member)
			if err != nil {
				a.fail(w, route, err)
				return
			}
			ctx, cancel := context.WithTimeout(r.Context(), a.cfg.RequestTimeout)
			defer cancel()
			adv, err := bind.EnterTopic(ctx, a.cfg.Advisor, data)
			if err != nil {
				a.fail(w, route, err)
				return
			}
			writeJSON(w, http.StatusOK, adv)
		}))))
}
