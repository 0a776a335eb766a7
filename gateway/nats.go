package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/micro"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/recall"
)

// The NATS micro service.
const (
	ServiceName = "memhive-recall"
	// QueueGroup is shared by every process serving recall, so each request
	// is answered once.
	QueueGroup = "memhive-recall"
	// HeaderErrorCode carries the memhive error code on an error reply,
	// beside micro's Nats-Service-Error-Code (the HTTP-like status) and
	// Nats-Service-Error ("code: sentence").
	HeaderErrorCode = "Memhive-Error-Code"
)

// NATSOption tunes ServeNATS.
type NATSOption func(*natsOptions)

type natsOptions struct {
	options
	workers int
	timeout time.Duration
	tierFor func(string) (string, bool)
}

// WithWorkers sets how many requests one process answers at once (default
// 4). Each worker is an endpoint of its own ("recall", "recall-2", …) on
// the same subject and queue group, so the micro stats stay exact.
func WithWorkers(n int) NATSOption { return func(o *natsOptions) { o.workers = max(n, 1) } }

// WithRecallTimeout bounds one recall (default 30s).
func WithRecallTimeout(d time.Duration) NATSOption { return func(o *natsOptions) { o.timeout = d } }

// WithNATSMaxChars is WithMaxChars for the NATS service.
func WithNATSMaxChars(n int) NATSOption {
	return func(o *natsOptions) { WithMaxChars(n)(&o.options) }
}

// WithTierFor completes a request without a tier from the tier of the
// assistant named in its X-Memhive-Assistant header.
func WithTierFor(f func(assistant string) (string, bool)) NATSOption {
	return func(o *natsOptions) { o.tierFor = f }
}

// ServeNATS registers the micro service "memhive-recall" with the endpoint
// <prefix>.*.recall in queue group "memhive-recall". The member is the
// subject's second token; a payload member that differs is refused with
// member_mismatch. The request is recall.Request JSON; the reply is the
// answer JSON, or {"error": {"code", "message"}} with micro's error headers
// set. Stop the returned service to stop serving.
func ServeNATS(nc *nats.Conn, prefix string, r Recaller, logger *slog.Logger, opts ...NATSOption) (micro.Service, error) {
	prefix, logger, o := natsDefaults(prefix, logger, opts)
	log := logger.With("cell", "recall", "lane", "recall")
	svc, err := micro.AddService(nc, micro.Config{
		Name:        ServiceName,
		Version:     memhive.ServiceVersion(),
		Description: "memhive memory_recall: answers from a member's memory behind the audience gate",
		QueueGroup:  QueueGroup,
		Metadata:    map[string]string{"subject": prefix + ".<member>.recall"},
	})
	if err != nil {
		return nil, fmt.Errorf("add micro service %s: %w", ServiceName, err)
	}
	h := &natsRecall{prefix: prefix, r: r, log: log, o: o}
	for i := 1; i <= o.workers; i++ {
		name := "recall"
		if i > 1 {
			name += "-" + strconv.Itoa(i)
		}
		if err := svc.AddEndpoint(name, micro.HandlerFunc(h.handle),
			micro.WithEndpointSubject(prefix+".*.recall"),
			micro.WithEndpointQueueGroup(QueueGroup),
			micro.WithEndpointMetadata(map[string]string{"tool": RecallTool})); err != nil {
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
	log.Info("recall service on NATS", "subject", prefix+".*.recall", "workers", o.workers)
	return svc, nil
}

// natsDefaults fills the prefix and logger and applies the options, for
// both micro services.
func natsDefaults(prefix string, logger *slog.Logger, opts []NATSOption) (string, *slog.Logger, natsOptions) {
	if prefix == "" {
		prefix = "memhive"
	}
	if logger == nil {
		logger = slog.Default()
	}
	o := natsOptions{options: newOptions(nil), workers: 4, timeout: 30 * time.Second}
	for _, f := range opts {
		f(&o)
	}
	return prefix, logger, o
}

type natsRecall struct {
	prefix string
	r      Recaller
	log    *slog.Logger
	o      natsOptions
}

func (h *natsRecall) handle(req micro.Request) {
	member := memberOf(h.prefix, req.Subject())
	ans, err := h.answer(member, req)
	respondMicro(req, h.log, member, "recall", ans, err)
}

// respondMicro answers a micro request with res as JSON, or with err as a
// coded error: micro's error headers, the Memhive-Error-Code header and the
// {"error": {...}} body. what names the call in the log.
func respondMicro(req micro.Request, log *slog.Logger, member, what string, res any, err error) {
	if err != nil {
		e := wireError(err)
		if e.Code == memhive.CodeInternal {
			log.Error(what+" failed", "member", member, "error", err)
		} else {
			log.Info(what+" refused", "member", member, "code", e.Code)
		}
		_ = req.Error(strconv.Itoa(Status(e.Code)), string(e.Code)+": "+oneLine(e.Message), errorJSON(e),
			micro.WithHeaders(micro.Headers{HeaderErrorCode: []string{string(e.Code)}}))
		return
	}
	body, err := json.Marshal(res)
	if err != nil {
		e := memhive.Errorf(memhive.CodeInternal, "memhive could not encode the %s result", what)
		_ = req.Error("500", string(e.Code)+": "+e.Message, errorJSON(e))
		return
	}
	if err := req.Respond(body); err != nil {
		log.Warn("respond", "member", member, "error", err)
	}
}

func (h *natsRecall) answer(member string, msg micro.Request) (ans *recall.Answer, err error) {
	var req recall.Request
	reached := false // a refusal before the service is counted here, the service's own answer there
	defer func() {
		if err != nil && !reached {
			countRefused(h.r, req, err)
		}
	}()
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q in the subject is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member))
	}
	req, err = DecodeRecallRequest(member, msg.Data())
	if err != nil {
		return nil, err
	}
	req.Assistant = strings.TrimSpace(msg.Headers().Get(HeaderAssistant)) // its scope and drafts
	// X-Memhive-Tier, as the memory tools read it on NATS: the tier when
	// the payload gives none; one that contradicts the payload is refused
	if ht := recall.NormalizeTier(msg.Headers().Get(HeaderTier)); ht != "" {
		if t := strings.TrimSpace(req.Tier); t != "" && t != ht {
			return nil, memhive.Errorf(memhive.CodeMalformedRequest, "the payload asks for tier %q and the %s header for tier %q", clip(t), HeaderTier, clip(ht))
		}
		req.Tier = ht
	}
	if strings.TrimSpace(req.Tier) == "" && h.o.tierFor != nil {
		if name := req.Assistant; name != "" {
			if t, ok := h.o.tierFor(name); ok {
				req.Tier = t
			}
		}
	}
	if err := CheckRequest(req); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), h.o.timeout)
	defer cancel()
	reached = true
	ans, err = h.r.Recall(ctx, req)
	if err != nil {
		return nil, err
	}
	return CapAnswer(ans, h.o.maxChars), nil
}

// DecodeRecallRequest decodes the payload of a recall request sent to
// member's recall subject: one strict JSON object (no unknown field, no
// trailing data, valid UTF-8, no control character but tab, newline and
// carriage return, shallow nesting), whose member, if named, is the
// subject's. Every refusal is a coded *memhive.Error (malformed_request,
// invalid_text, member_mismatch). The request still goes through
// CheckRequest once its tier is known.
func DecodeRecallRequest(member string, data []byte) (recall.Request, error) {
	var req recall.Request
	if err := decodeStrict(data, &req); err != nil {
		return recall.Request{}, decodeRefusal(err, memhive.CodeMalformedRequest, "payload is not a JSON recall request")
	}
	if req.Member != "" && req.Member != member {
		return recall.Request{}, memhive.Errorf(memhive.CodeMemberMismatch, "request names member %q but was sent to the recall subject of %q", clip(req.Member), member)
	}
	req.Member = member
	return req, nil
}

func memberOf(prefix, subject string) string {
	rest, ok := strings.CutPrefix(subject, prefix+".")
	if !ok {
		return ""
	}
	member, _, _ := strings.Cut(rest, ".")
	return member
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// The NATS micro service of the memory-management tools.
const (
	MemoryServiceName = "memhive-memory"
	MemoryQueueGroup  = "memhive-memory"
)

// ServeMemoryNATS registers the micro service "memhive-memory" with one
// endpoint per memory-management tool on <prefix>.*.<tool> (update_memory,
// forget, list_memories, review_memories, edit_profile) in queue group
// "memhive-memory"; WithWorkers(n) gives each tool n endpoints ("forget",
// "forget-2", …). The payload is the tool's arguments, exactly as an MCP
// tools/call gives them; the binding is the subject's member and the
// X-Memhive-* headers (audience, channel, asker; tier or assistant for the
// read tools, completed by WithTierFor). A header member that differs from
// the subject's is member_mismatch. The reply is the result JSON, or
// {"error": {"code", "message"}} with micro's error headers set.
func ServeMemoryNATS(nc *nats.Conn, prefix string, k Keeper, logger *slog.Logger, opts ...NATSOption) (micro.Service, error) {
	if k == nil {
		return nil, fmt.Errorf("serve %s: no keeper", MemoryServiceName)
	}
	prefix, logger, o := natsDefaults(prefix, logger, opts)
	log := logger.With("cell", "tool", "lane", "memory")
	svc, err := micro.AddService(nc, micro.Config{
		Name:        MemoryServiceName,
		Version:     memhive.ServiceVersion(),
		Description: "memhive memory tools: update_memory, forget, list_memories, review_memories, edit_profile behind the audience gate",
		QueueGroup:  MemoryQueueGroup,
		Metadata:    map[string]string{"subject": prefix + ".<member>.<tool>"},
	})
	if err != nil {
		return nil, fmt.Errorf("add micro service %s: %w", MemoryServiceName, err)
	}
	for _, tool := range MemoryTools {
		h := &natsMemory{prefix: prefix, tool: tool, k: k, log: log.With("tool", tool), o: o}
		for i := 1; i <= o.workers; i++ {
			name := tool
			if i > 1 {
				name += "-" + strconv.Itoa(i)
			}
			if err := svc.AddEndpoint(name, micro.HandlerFunc(h.handle),
				micro.WithEndpointSubject(prefix+".*."+tool),
				micro.WithEndpointQueueGroup(MemoryQueueGroup),
				micro.WithEndpointMetadata(map[string]string{"tool": tool})); err != nil {
				_ = svc.Stop()
				return nil, fmt.Errorf("add endpoint %s: %w", name, err)
			}
		}
	}
	// The server has our subscriptions once a flush returns: a request sent
	// on another connection after this function returns finds a responder.
	if err := nc.Flush(); err != nil {
		_ = svc.Stop()
		return nil, fmt.Errorf("flush %s subscriptions: %w", svc.Info().Name, err)
	}
	log.Info("memory tools on NATS", "subject", prefix+".*.<tool>", "tools", MemoryTools, "workers", o.workers)
	return svc, nil
}

type natsMemory struct {
	prefix, tool string
	k            Keeper
	log          *slog.Logger
	o            natsOptions
}

func (h *natsMemory) handle(req micro.Request) {
	member := memberOf(h.prefix, req.Subject())
	res, err := h.call(member, req)
	respondMicro(req, h.log, member, "tool call "+h.tool, res, err)
}

func (h *natsMemory) call(member string, msg micro.Request) (any, error) {
	if !memhive.ValidMember(member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q in the subject is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", clip(member))
	}
	hdr := http.Header{}
	for k, vs := range msg.Headers() {
		for _, v := range vs {
			hdr.Add(k, v)
		}
	}
	bind := BindingFromHeaders(hdr, h.o.tierFor)
	if bind.Member != "" && bind.Member != member {
		return nil, memhive.Errorf(memhive.CodeMemberMismatch, "the %s header names member %q but the request was sent to the subject of %q", HeaderMember, clip(bind.Member), member)
	}
	bind.Member = member
	ctx, cancel := context.WithTimeout(context.Background(), h.o.timeout)
	defer cancel()
	res, _, err := bind.CallMemoryTool(ctx, h.k, h.tool, msg.Data())
	return res, err
}
