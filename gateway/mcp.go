package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"unicode"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// Tool names.
const (
	RecallTool   = "memory_recall"
	MemorizeTool = "memorize"
)

// The headers that bind an /mcp request (and may bind an API request).
const (
	HeaderMember    = "X-Memhive-Member"
	HeaderAudience  = "X-Memhive-Audience" // comma-separated
	HeaderChannel   = "X-Memhive-Channel"
	HeaderAsker     = "X-Memhive-Asker"
	HeaderAssistant = "X-Memhive-Assistant"
	HeaderTier      = "X-Memhive-Tier"
	HeaderSession   = "X-Memhive-Session"
)

// Option tunes a surface.
type Option func(*options)

type options struct {
	maxChars int
	keeper   Keeper
	advisor  Advisor
}

func newOptions(opts []Option) options {
	o := options{maxChars: DefaultMaxChars}
	for _, f := range opts {
		f(&o)
	}
	return o
}

// WithMaxChars sets the cap on the model-facing text of a recall answer
// (default 8000); a negative value turns the cap off.
func WithMaxChars(n int) Option {
	return func(o *options) {
		if n != 0 {
			o.maxChars = n
		}
	}
}

// WithKeeper serves the memory-management tools (update_memory, forget,
// list_memories, review_memories, edit_profile) from k. Without it they are
// served when the Memorizer is also a Keeper (*remember.Service is both).
func WithKeeper(k Keeper) Option { return func(o *options) { o.keeper = k } }

// NewMCPServer returns an MCP server with the memory_recall tool (when r is
// not nil), the memorize tool (when m is not nil) and the memory-management
// tools (when there is a Keeper: WithKeeper, or m when it is one), all
// bound to bind. Tool errors come back as results with IsError set whose
// text is {"error": {"code", "message"}}.
func NewMCPServer(r Recaller, m Memorizer, bind Binding, logger *slog.Logger, opts ...Option) *mcp.Server {
	if logger == nil {
		logger = slog.Default()
	}
	o := newOptions(opts)
	log := logger.With("cell", "tool", "member", bind.Member, "assistant", bind.Assistant)
	s := mcp.NewServer(&mcp.Implementation{Name: "memhive", Title: "memhive memory", Version: memhive.Version}, &mcp.ServerOptions{
		Instructions: "memhive is this member's long-term memory. Call memory_recall to look something up; " +
			"answers hold only what the people in this conversation could have heard. " +
			"memorize keeps a fact; update_memory corrects one, forget retracts one, list_memories and " +
			"review_memories show what is kept, edit_profile edits the standing profile (when offered).",
		Logger: sdkLogger(logger),
		// the tools are fixed when the server is built: no
		// notifications/tools/list_changed is ever sent, so none is
		// advertised (the SDK's default is listChanged: true); and no
		// notifications/message either, so no logging (the SDK's default
		// offers it when no Capabilities are given).
		Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}},
	})
	if r != nil {
		s.AddTool(&mcp.Tool{Name: RecallTool, Description: RecallDescription, InputSchema: RecallSchema,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, Title: "Recall from memory", OpenWorldHint: new(false)}},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				rr, err := bind.RecallRequest(req.Params.Arguments)
				if err != nil {
					log.Info("memory_recall refused", "code", memhive.CodeOf(err))
					countRefused(r, recall.Request{Tier: recall.NormalizeTier(bind.Tier)}, err)
					return toolError(err), nil
				}
				ans, err := r.Recall(ctx, rr)
				if err != nil {
					logRecallError(log, err)
					return toolError(err), nil
				}
				body, fitted := fitJSON(CapAnswer(ans, o.maxChars), o.maxChars)
				return &mcp.CallToolResult{
					Content:           []mcp.Content{&mcp.TextContent{Text: fitted.Text}},
					StructuredContent: json.RawMessage(body),
				}, nil
			})
	}
	if m != nil {
		// memorize adds a fact and never destroys one: not destructive,
		// which MCP assumes of a tool that is not read-only unless told
		s.AddTool(&mcp.Tool{Name: MemorizeTool, Description: MemorizeDescription, InputSchema: MemorizeSchema,
			Annotations: &mcp.ToolAnnotations{Title: "Memorize", OpenWorldHint: new(false), DestructiveHint: new(false)}},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				mr, err := bind.MemorizeRequest(req.Params.Arguments)
				if err != nil {
					log.Info("memorize refused", "code", memhive.CodeOf(err))
					return toolError(err), nil
				}
				res, err := m.Memorize(ctx, mr)
				if err != nil {
					logRecallError(log, err)
					return toolError(err), nil
				}
				body, _ := json.Marshal(res)
				return &mcp.CallToolResult{
					Content:           []mcp.Content{&mcp.TextContent{Text: MemorizeText(res)}},
					StructuredContent: json.RawMessage(body),
				}, nil
			})
	}
	k := o.keeper
	if k == nil {
		k, _ = m.(Keeper)
	}
	if k != nil {
		for _, name := range MemoryTools {
			addMemoryTool(s, k, memoryTools[name], bind, log, o.maxChars)
		}
	}
	if o.advisor != nil {
		addTopicTool(s, o.advisor, bind, log)
	}
	return s
}

func addMemoryTool(s *mcp.Server, k Keeper, t *memoryTool, bind Binding, log *slog.Logger, maxChars int) {
	closed := false
	ann := &mcp.ToolAnnotations{Title: t.title, ReadOnlyHint: t.read, IdempotentHint: t.idempotent, OpenWorldHint: &closed}
	if !t.read {
		ann.DestructiveHint = &t.destructive
	}
	name := t.name
	s.AddTool(&mcp.Tool{Name: name, Description: t.description, InputSchema: t.schema, Annotations: ann},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, text, err := bind.CallMemoryTool(ctx, k, name, req.Params.Arguments)
			if err != nil {
				logRecallError(log.With("tool", name), err)
				return toolError(err), nil
			}
			text, _ = capText(text, maxChars, "use a filter or a smaller limit")
			return &mcp.CallToolResult{
				Content:           []mcp.Content{&mcp.TextContent{Text: text}},
				StructuredContent: fitMemoryJSON(res, maxChars),
			}, nil
		})
}

func logRecallError(log *slog.Logger, err error) {
	if memhive.CodeOf(err) == memhive.CodeInternal {
		log.Error("tool call failed", "error", err)
		return
	}
	log.Info("tool call refused", "code", memhive.CodeOf(err), "error", err)
}

// toolError is a coded error as an MCP tool result.
func toolError(err error) *mcp.CallToolResult {
	e := wireError(err)
	body := errorJSON(e)
	return &mcp.CallToolResult{
		IsError:           true,
		Content:           []mcp.Content{&mcp.TextContent{Text: string(body)}},
		StructuredContent: json.RawMessage(body),
	}
}

// ServeStdio serves server over the process's stdin and stdout until the
// client hangs up or ctx ends. Nothing else may write to stdout meanwhile:
// log to stderr.
func ServeStdio(ctx context.Context, server *mcp.Server) error {
	return server.Run(ctx, &mcp.StdioTransport{})
}

// BindingFromHeaders reads the X-Memhive-* headers. An empty tier is
// completed by tierFor(assistant) when tierFor is given. The free-text
// headers (each audience entry, the channel, the asker, the session) are
// percent-decoded when they hold a '%' (headerText): that is how a browser
// or Node client sends text that is not ASCII.
func BindingFromHeaders(h http.Header, tierFor func(assistant string) (string, bool)) Binding {
	var aud []string
	for _, a := range memhive.SplitList(h.Get(HeaderAudience)) {
		aud = append(aud, headerText(a)) // split first: an entry's own comma comes as %2C
	}
	b := Binding{
		Member:    strings.TrimSpace(h.Get(HeaderMember)),
		Audience:  memhive.NormalizeAudience(aud),
		Channel:   headerText(h.Get(HeaderChannel)),
		Asker:     headerText(h.Get(HeaderAsker)),
		Assistant: strings.TrimSpace(h.Get(HeaderAssistant)),
		Tier:      recall.NormalizeTier(h.Get(HeaderTier)),
		Session:   headerText(h.Get(HeaderSession)),
	}
	if b.Tier == "" && b.Assistant != "" && tierFor != nil {
		if t, ok := tierFor(b.Assistant); ok {
			b.Tier = t
		}
	}
	return b
}

// headerText reads a free-text binding header (or one audience entry):
// trimmed, and percent-decoded (RFC 3986 §2.1, as JavaScript's
// encodeURIComponent writes it) when it holds a '%'. Header values are
// bytes that fetch and most HTTP stacks send as Latin-1 ("Zoë" arrives as
// the one byte 0xEB, not UTF-8) or refuse beyond it ("東" throws), so a
// client sends such text percent-encoded UTF-8; a literal '%' is then
// sent as %25. A '%' that starts no escape (not two hex digits after it)
// leaves the value as it came. What decodes to bytes that are not UTF-8,
// or to a control character, is refused later like any bad binding
// (recall.CheckBinding). Spaces are trimmed, before and after decoding,
// but not control characters, though some are white space ("%09", "%0A",
// "%C2%85"): they are refused invalid_text, as in a body, where trimming
// them took the rest.
func headerText(v string) string {
	v = trimSpaces(v)
	if !strings.Contains(v, "%") {
		return v
	}
	d, err := url.PathUnescape(v) // '+' stays '+': encodeURIComponent writes a space as %20
	if err != nil {
		return v
	}
	return trimSpaces(d)
}

// trimSpaces is s without the white space at its ends that is not a
// control character (tab, newline, U+0085 … are kept).
func trimSpaces(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) && !unicode.IsControl(r) })
}

// HeaderText is s as a free-text binding header carries it (the channel,
// the asker, the session, one audience entry): as it is when it is
// printable ASCII without '%' or ',', else percent-encoded, so that it
// reaches BindingFromHeaders whole through any HTTP stack or NATS client.
func HeaderText(s string) string {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '%' || c == ',' {
			return url.PathEscape(s)
		}
	}
	return s
}

// HeaderList is an audience as X-Memhive-Audience carries it: each entry
// by HeaderText (a comma inside an entry encoded), joined by commas.
func HeaderList(entries []string) string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = HeaderText(e)
	}
	return strings.Join(out, ",")
}

// NewMCPHandler serves MCP over streamable HTTP. It is stateless: every
// request builds its server from its own X-Memhive-* headers, so any
// replica can answer any request and a binding lasts one request. Every
// refusal is a JSON-RPC error (screenMCP).
func NewMCPHandler(r Recaller, m Memorizer, tierFor func(string) (string, bool), logger *slog.Logger, opts ...Option) http.Handler {
	return streamableMCP(func(req *http.Request) *mcp.Server {
		return NewMCPServer(r, m, BindingFromHeaders(req.Header, tierFor), logger, opts...)
	}, logger)
}

// streamableMCP is the streamable HTTP handler of NewMCPHandler and
// NewHTTP's /mcp: stateless, answering JSON rather than event streams,
// each request served by the server that server builds for it, every
// refusal a JSON-RPC error (screenMCP), the SDK's own logging through
// sdkLogger as the servers' is.
func streamableMCP(server func(*http.Request) *mcp.Server, logger *slog.Logger) http.Handler {
	return screenMCP(mcp.NewStreamableHTTPHandler(server,
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true, Logger: sdkLogger(logger)}))
}

// MemorizeText is memorize's model-facing text: what was stored, on one
// line, the claim cut to memorizeEcho characters (the structured result
// has it whole).
func MemorizeText(res *remember.Result) string {
	head := "Memorized:"
	if !res.Inserted {
		head = "Already in memory, nothing new was stored:"
	}
	claim := res.Claim
	if r := []rune(claim); len(r) > memorizeEcho {
		claim = string(r[:memorizeEcho]) + "…"
	}
	return memhive.OneLine(fmt.Sprintf("%s %s %s %s (%s; id %s).", head, res.Subject,
		strings.ReplaceAll(res.Predicate, "_", " "), claim, res.Kind, res.ID))
}

// memorizeEcho is how much of a memorized claim the text repeats.
const memorizeEcho = 300

// sdkLogger is the logger handed to the MCP SDK: its warnings and errors,
// not the "server session connected" lines it writes at info level for
// every request of a stateless /mcp (three lines a tool call).
func sdkLogger(l *slog.Logger) *slog.Logger {
	if l == nil {
		l = slog.Default() // as NewMCPServer's
	}
	return slog.New(warnOnly{l.Handler()})
}

// warnOnly passes records at warning level and above to h.
type warnOnly struct{ h slog.Handler }

func (w warnOnly) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && w.h.Enabled(ctx, l)
}
func (w warnOnly) Handle(ctx context.Context, r slog.Record) error { return w.h.Handle(ctx, r) }
func (w warnOnly) WithAttrs(as []slog.Attr) slog.Handler           { return warnOnly{w.h.WithAttrs(as)} }
func (w warnOnly) WithGroup(n string) slog.Handler                 { return warnOnly{w.h.WithGroup(n)} }
