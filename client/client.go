package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/templates"
)

// Config says which assistant this is and who it is talking with.
type Config struct {
	// Member whose memory this is. Required.
	Member string
	// Template is the name of an assistant template (built in, or under
	// TemplatesDir): "talky", "cogny", … One of Template and TemplateFile.
	Template string
	// TemplateFile is the path of an assistant template file.
	TemplateFile string
	// TemplatesDir overlays the built-in templates (MEMHIVE_TEMPLATES).
	TemplatesDir string
	// ID is this assistant's id; a new id for the member reads the whole
	// record its gate allows from its first turn. Default: the template's
	// name. Its turns are spoken by "assistant:<ID>".
	ID string
	// Audience is who is listening now (the member and anyone else
	// present; not the assistant). Required for every read and turn.
	Audience []string
	// Channel is where the conversation happens, e.g. "web:chat". Required.
	Channel string
	// Session of the conversation. Default "default".
	Session string
	// Asker is who asks memory_recall. Default "member:<Member>".
	Asker string
	// Prefix of the subjects. Default "memhive".
	Prefix string
	// Timeout bounds one tool call or bundle. Default 30s.
	Timeout time.Duration
	// OnError receives every turn the stream or the appender refused. Nil:
	// they go to Errors().
	OnError func(*lanes.PublishError)
	// Logger; default slog.Default().
	Logger *slog.Logger
}

// Assistant is one memory-backed assistant of a member. Its methods are
// safe to call from several goroutines; turns published from several keep
// no order between them beyond their times. A template at tier 2 needs
// memhive to run a model (MEMHIVE_MODEL_URL): without one, BeforeTurn and
// memory_recall answer model_not_configured.
type Assistant struct {
	cfg  Config
	tmpl templates.Assistant
	nc   *nats.Conn
	pub  *lanes.Client
	log  *slog.Logger

	mu       sync.Mutex
	audience []string // who is listening now (Present); starts as Config.Audience
}

// New builds an assistant on nc from its template. It checks the binding
// (member, audience, channel) the way every surface does, so a missing
// audience is a coded error here rather than on the first turn.
func New(ctx context.Context, nc *nats.Conn, cfg Config) (*Assistant, error) {
	if nc == nil {
		return nil, errors.New("client: no NATS connection")
	}
	if !memhive.ValidMember(cfg.Member) {
		return nil, memhive.Errorf(memhive.CodeInvalidMember, "member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", cfg.Member)
	}
	cfg.Audience = memhive.NormalizeAudience(cfg.Audience)
	if len(cfg.Audience) == 0 {
		return nil, memhive.Errorf(memhive.CodeMissingAudience, "client: say who is listening now (Config.Audience, e.g. member:%s)", cfg.Member)
	}
	if memhive.Blank(cfg.Channel) {
		return nil, memhive.Errorf(memhive.CodeMissingChannel, "client: say where the conversation happens (Config.Channel, e.g. web:chat)")
	}
	// the lane's field caps, here rather than on every turn
	for _, f := range []struct {
		name, v string
		max     int
	}{{"Session", cfg.Session, lanes.MaxSession}, {"Channel", cfg.Channel, lanes.MaxChannel}, {"Asker", cfg.Asker, lanes.MaxSpeaker}} {
		if len(f.v) > f.max {
			return nil, memhive.Errorf(memhive.CodeFieldTooLong, "client: Config.%s is %d bytes, over the lane's %d-byte cap", f.name, len(f.v), f.max)
		}
	}
	for _, m := range cfg.Audience {
		if len(m) > lanes.MaxAudienceEntry {
			return nil, memhive.Errorf(memhive.CodeFieldTooLong, "client: an audience entry is %d bytes, over the lane's %d-byte cap", len(m), lanes.MaxAudienceEntry)
		}
	}
	tmpl, err := loadTemplate(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.ID == "" {
		cfg.ID = tmpl.Name
	}
	if cfg.Session == "" {
		cfg.Session = "default"
	}
	if cfg.Asker == "" {
		cfg.Asker = "member:" + cfg.Member
	}
	if cfg.Prefix == "" {
		cfg.Prefix = lanes.DefaultPrefix
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	pub, err := lanes.NewClient(ctx, nc, lanes.ClientOptions{Prefix: cfg.Prefix, OnError: cfg.OnError, Logger: cfg.Logger})
	if err != nil {
		return nil, err
	}
	return &Assistant{cfg: cfg, tmpl: tmpl, nc: nc, pub: pub, audience: cfg.Audience,
		log: cfg.Logger.With("member", cfg.Member, "assistant", cfg.ID)}, nil
}

// Present says who is listening from now on, when someone joins or leaves
// the conversation: every turn published after it (where the turn names
// no audience), every bundle, tool call, topic entry and close request
// then uses this audience. What was said before stays with the audience
// that heard it, so a person who joins is never shown what was said
// without them. The audience must not be empty (missing_audience).
func (a *Assistant) Present(audience ...string) error {
	aud := memhive.NormalizeAudience(audience)
	if len(aud) == 0 {
		return memhive.Errorf(memhive.CodeMissingAudience, "client: Present needs who is listening, e.g. \"member:%s\"", a.cfg.Member)
	}
	for _, m := range aud {
		if len(m) > lanes.MaxAudienceEntry {
			return memhive.Errorf(memhive.CodeFieldTooLong, "client: an audience entry is %d bytes, over the lane's %d-byte cap", len(m), lanes.MaxAudienceEntry)
		}
	}
	a.mu.Lock()
	a.audience = aud
	a.mu.Unlock()
	return nil
}

// Audience is who is listening now (Config.Audience, or the last Present).
func (a *Assistant) Audience() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.audience)
}

func loadTemplate(cfg Config) (templates.Assistant, error) {
	switch {
	case cfg.TemplateFile != "" && cfg.Template != "":
		return templates.Assistant{}, errors.New("client: give Template or TemplateFile, not both")
	case cfg.TemplateFile != "":
		return templates.LoadAssistant(cfg.TemplateFile)
	case cfg.Template != "":
		all, err := templates.Assistants(cfg.TemplatesDir)
		if err != nil {
			return templates.Assistant{}, err
		}
		t, ok := all[cfg.Template]
		if !ok {
			names := make([]string, 0, len(all))
			for n := range all {
				names = append(names, n)
			}
			sort.Strings(names)
			return templates.Assistant{}, memhive.Errorf(memhive.CodeNotFound, "client: no assistant template %q (have %s)", cfg.Template, strings.Join(names, ", "))
		}
		return t, nil
	default:
		return templates.Assistant{}, errors.New("client: give Template (a name) or TemplateFile")
	}
}

// ID is the assistant's id.
func (a *Assistant) ID() string { return a.cfg.ID }

// Speaker is how the assistant's own turns are signed: "assistant:<ID>".
func (a *Assistant) Speaker() string { return "assistant:" + a.cfg.ID }

// Template is the template the assistant was built from.
func (a *Assistant) Template() templates.Assistant { return a.tmpl }

// Tier is the tier its reads use: the template's memory_tier ("" = memory
// not configured: memory_recall answers memory_not_configured).
func (a *Assistant) Tier() string { return a.tmpl.MemoryTier }

// Session is the conversation's session id.
func (a *Assistant) Session() string { return a.cfg.Session }

// Errors is where refused turns go when Config.OnError is nil.
func (a *Assistant) Errors() <-chan *lanes.PublishError { return a.pub.Errors() }

// Heard publishes a turn of someone present (the member, or another person
// as role "peer") and returns its id. It never waits; a refusal comes back
// through OnError or Errors.
func (a *Assistant) Heard(speaker, text string) (string, error) {
	role := "peer"
	if speaker == "member:"+a.cfg.Member {
		role = "user"
	}
	return a.Publish(lanes.Turn{Role: role, Speaker: speaker, Text: text})
}

// Said publishes the assistant's own turn and returns its id.
func (a *Assistant) Said(text string) (string, error) {
	return a.Publish(lanes.Turn{Role: "assistant", Speaker: a.Speaker(), Text: text})
}

// Publish publishes t with the assistant's session, channel and audience
// where t names none, and a fresh id (a ULID) where it has none; it
// returns the id. It never waits.
func (a *Assistant) Publish(t lanes.Turn) (string, error) {
	if t.Session == "" {
		t.Session = a.cfg.Session
	}
	if t.Channel == "" {
		t.Channel = a.cfg.Channel
	}
	if len(t.Audience) == 0 {
		t.Audience = a.Audience()
	}
	if t.ID == "" {
		t.ID = lanes.NewID()
	}
	if err := a.pub.Publish(a.cfg.Member, t); err != nil {
		return "", err
	}
	return t.ID, nil
}

// Flush waits until every turn published so far is in the stream, or has
// failed to publish (OnError, Errors). A turn the stream holds may still be
// refused by memhive's appender (invalid text, …); that refusal comes
// later, through OnError or Errors.
func (a *Assistant) Flush(ctx context.Context) error { return a.pub.Flush(ctx) }

// Close sends what is queued and stops the publisher. A second Close does
// nothing.
func (a *Assistant) Close() { a.pub.Close() }

// CloseSession asks memhive to close the assistant's session now (the
// close pass distils its facts; SPEC §6), on the JetStream lane
// <prefix>.<member>.close. It returns once the stream holds the request;
// the pass runs in the hive. Turns published before are flushed first, so
// the pass reads them.
func (a *Assistant) CloseSession(ctx context.Context) error {
	fctx, fcancel := context.WithTimeout(ctx, a.cfg.Timeout) // bounded like every call (Config.Timeout)
	err := a.Flush(fctx)
	fcancel()
	if err != nil {
		return fmt.Errorf("client: turns not flushed before the close: %w", err)
	}
	data, err := json.Marshal(closer.Request{Member: a.cfg.Member, Session: a.cfg.Session, Channel: a.cfg.Channel,
		Audience: a.Audience(), Reason: "explicit"})
	if err != nil {
		return err
	}
	msg := nats.NewMsg(a.cfg.Prefix + "." + a.cfg.Member + ".close")
	msg.Data = data
	msg.Header.Set(nats.MsgIdHdr, lanes.NewID())
	ctx, cancel := context.WithTimeout(ctx, a.cfg.Timeout)
	defer cancel()
	ack, err := a.nc.RequestMsgWithContext(ctx, msg)
	if err != nil {
		return fmt.Errorf("client: close request not taken: %w", err)
	}
	if strings.Contains(string(ack.Data), `"error"`) {
		return fmt.Errorf("client: close request refused by the stream: %s", ack.Data)
	}
	return nil
}
