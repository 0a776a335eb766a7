package lanes

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Stream and consumer names.
const (
	EpisodeStream   = "MEMHIVE_EPISODES"
	AppenderDurable = "appender"
	DefaultPrefix   = "memhive"
)

// Subjects builds the subjects of one prefix.
type Subjects struct{ Prefix string }

func (s Subjects) p() string {
	if s.Prefix == "" {
		return DefaultPrefix
	}
	return s.Prefix
}

// Episode is the lane a member's turns are published on.
func (s Subjects) Episode(member string) string { return s.p() + "." + member + ".episode" }

// Reject is where every refusal of a member's turns is published.
func (s Subjects) Reject(member string) string { return s.p() + "." + member + ".reject" }

// Close is the close-pass request lane.
func (s Subjects) Close(member string) string { return s.p() + "." + member + ".close" }

// Recall is the memory_recall request/reply subject.
func (s Subjects) Recall(member string) string { return s.p() + "." + member + ".recall" }

// AllEpisodes matches every member's episode lane.
func (s Subjects) AllEpisodes() string { return s.p() + ".*.episode" }

// MemberOf returns the member token of a lane subject ("memhive.alice.episode" → "alice").
func (s Subjects) MemberOf(subject string) string {
	rest, ok := strings.CutPrefix(subject, s.p()+".")
	if !ok {
		return ""
	}
	member, _, _ := strings.Cut(rest, ".")
	return member
}

// StreamConfig says how the episode stream is kept.
type StreamConfig struct {
	// Prefix of every subject. Default "memhive".
	Prefix string
	// Duplicates is the dedup window for Nats-Msg-Id. Default 10 minutes.
	Duplicates time.Duration
	// Replicas for a clustered NATS. Default 1.
	Replicas int
	// MaxAge bounds how long turns stay in the stream after they were
	// appended; the record is Postgres. Default 7 days.
	MaxAge time.Duration
	// Partitions, when > 0, stores each member's turns under a partition
	// subject (memhive.<member>.episode.<P>, P < Partitions) so several
	// processes can share the lanes with each member read by one of them
	// (partition.go). Every process must use the same number. Default 0.
	Partitions int
}

// WithDefaults fills the zero fields.
func (c StreamConfig) WithDefaults() StreamConfig {
	if c.Prefix == "" {
		c.Prefix = DefaultPrefix
	}
	if c.Duplicates == 0 {
		c.Duplicates = 10 * time.Minute
	}
	if c.Replicas == 0 {
		c.Replicas = 1
	}
	if c.MaxAge == 0 {
		c.MaxAge = 7 * 24 * time.Hour
	}
	return c
}

// EnsureStream creates or updates the episode stream and returns whether
// the server accepted atomic batch publishing on it (nats-server 2.12+).
func EnsureStream(ctx context.Context, js jetstream.JetStream, cfg StreamConfig) (atomic bool, err error) {
	cfg = cfg.WithDefaults()
	if err := checkPartitions(ctx, js, cfg.Partitions); err != nil {
		return false, err
	}
	// MaxMsgSize is over the bound on a whole turn (MaxPayload, 896 KiB for
	// the default text cap): every valid turn, however escaped, is stored,
	// and an oversized one reaches the appender and is refused with a code.
	// NATS's max_payload (1 MiB by default) bounds a publish before this.
	sc := jetstream.StreamConfig{
		Name:               EpisodeStream,
		Description:        "memhive: turns on their way into the episodes table",
		Subjects:           []string{Subjects{cfg.Prefix}.AllEpisodes()},
		Storage:            jetstream.FileStorage,
		Retention:          jetstream.LimitsPolicy,
		Duplicates:         cfg.Duplicates,
		MaxAge:             cfg.MaxAge,
		Replicas:           cfg.Replicas,
		MaxMsgSize:         int32(MaxPayload(DefaultMaxText) + 1<<20), // see above
		AllowAtomicPublish: true,
	}
	if cfg.Partitions > 0 {
		sc.SubjectTransform = partitionTransform(cfg.Prefix, cfg.Partitions)
	}
	s, err := js.CreateOrUpdateStream(ctx, sc)
	if err != nil {
		// An older server may refuse the atomic flag outright; retry without it.
		sc.AllowAtomicPublish = false
		var err2 error
		if s, err2 = js.CreateOrUpdateStream(ctx, sc); err2 != nil {
			return false, fmt.Errorf("ensure stream %s: %w", EpisodeStream, errors.Join(err, err2))
		}
	}
	info, err := s.Info(ctx)
	if err != nil {
		return false, fmt.Errorf("stream %s info: %w", EpisodeStream, err)
	}
	return info.Config.AllowAtomicPublish, nil
}

// DefaultMaxDeliver is the server's bound on deliveries of one turn to the
// appender. The appender keeps a turn as a dead letter a few deliveries
// before the server would give up on it (episodes.AppenderConfig.MaxDeliver).
const DefaultMaxDeliver = 15

// EnsureConsumer creates or updates the appender's durable pull consumer.
// maxDeliver bounds the deliveries of one message (0: DefaultMaxDeliver).
func EnsureConsumer(ctx context.Context, js jetstream.JetStream, prefix string, ackWait time.Duration, maxDeliver int) (jetstream.Consumer, error) {
	if ackWait == 0 {
		ackWait = 30 * time.Second
	}
	if maxDeliver <= 0 {
		maxDeliver = DefaultMaxDeliver
	}
	c, err := js.CreateOrUpdateConsumer(ctx, EpisodeStream, jetstream.ConsumerConfig{
		Durable:       AppenderDurable,
		Description:   "memhive appender: turns into episodes, acked after commit",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ackWait,
		MaxAckPending: 50000,
		MaxDeliver:    maxDeliver,
		FilterSubject: Subjects{prefix}.AllEpisodes(),
		DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("ensure consumer %s: %w", AppenderDurable, err)
	}
	return c, nil
}
