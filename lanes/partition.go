package lanes

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Member partitions.
//
// With Partitions > 0 the episode stream stores every turn published on
// memhive.<member>.episode under memhive.<member>.episode.<P>, where P is
// the server's partition(N, member) hash of the member token (a stream
// subject transform, so publishers see no change). Each partition has its
// own durable pull consumer, appender-p<P>, filtered on that subject; one
// process at a time consumes one partition (episodes.Appender holds a lease
// on it), so every member's turns pass through one sequential reader.

// PartitionConsumer is the durable consumer name of partition p.
func PartitionConsumer(p int) string { return AppenderDurable + "-p" + strconv.Itoa(p) }

// Partition is the stored subject of partition p's turns (all members).
func (s Subjects) Partition(p int) string { return s.AllEpisodes() + "." + strconv.Itoa(p) }

// partitionTransform maps the published lane to the stored one.
func partitionTransform(prefix string, n int) *jetstream.SubjectTransformConfig {
	s := Subjects{prefix}
	return &jetstream.SubjectTransformConfig{
		Source:      s.AllEpisodes(),
		Destination: s.p() + ".{{wildcard(1)}}.episode.{{partition(" + strconv.Itoa(n) + ",1)}}",
	}
}

// ErrPartitionMismatch says a process was configured with another number
// of partitions than the stream was made with: every process sharing the
// lanes must agree.
var ErrPartitionMismatch = errors.New("lanes: partition count differs from the stream's")

// StreamPartitions returns how many partitions the episode stream was made
// with (0: not partitioned).
func StreamPartitions(cfg *jetstream.StreamConfig) int {
	if cfg == nil || cfg.SubjectTransform == nil {
		return 0
	}
	d := cfg.SubjectTransform.Destination
	i := strings.Index(d, "{{partition(")
	if i < 0 {
		return 0
	}
	rest := d[i+len("{{partition("):]
	num, _, _ := strings.Cut(rest, ",")
	n, _ := strconv.Atoi(strings.TrimSpace(num))
	return n
}

// checkPartitions refuses to change the partitioning of a stream that holds
// turns or has consumers (an unused one is changed).
func checkPartitions(ctx context.Context, js jetstream.JetStream, want int) error {
	s, err := js.Stream(ctx, EpisodeStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("stream %s: %w", EpisodeStream, err)
	}
	info := s.CachedInfo()
	have := StreamPartitions(&info.Config)
	if have != want && (info.State.Msgs > 0 || info.State.Consumers > 0) {
		return fmt.Errorf("%w: the stream %s has %d partitions (0: none) and this process is set to %d; "+
			"set MEMHIVE_PARTITIONS=%d on every process (changing it needs a drained stream: docs/cluster.md)",
			ErrPartitionMismatch, EpisodeStream, have, want, have)
	}
	return nil
}

// EnsurePartitionConsumer makes partition p's durable consumer ready for a
// new owner and returns it. When the previous owner left turns delivered
// but unacknowledged (it died mid-batch), the consumer is made again from
// its acknowledgement floor, so that those turns come first and in stream
// order instead of after an ack wait, behind newer turns of the same
// members; what was committed but not acknowledged comes again and is
// skipped by the episodes' key.
//
// With reset the consumer is made again from its floor even when it shows
// nothing pending: the reader saw a gap in its delivery sequence (a fetch
// whose messages never reached it, around a NATS leader change).
//
// It returns the consumer and the last delivery sequence it handed out, so
// the reader can tell the next delivery it must see.
func EnsurePartitionConsumer(ctx context.Context, js jetstream.JetStream, prefix string, p int, ackWait time.Duration, maxDeliver int, reset bool) (jetstream.Consumer, uint64, error) {
	if ackWait == 0 {
		ackWait = 30 * time.Second
	}
	if maxDeliver <= 0 {
		maxDeliver = DefaultMaxDeliver
	}
	name := PartitionConsumer(p)
	cc := jetstream.ConsumerConfig{
		Durable:       name,
		Description:   "memhive appender, partition " + strconv.Itoa(p) + ": turns into episodes, acked after commit",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       ackWait,
		MaxAckPending: 50000,
		MaxDeliver:    maxDeliver,
		FilterSubject: Subjects{prefix}.Partition(p),
		DeliverPolicy: jetstream.DeliverAllPolicy,
	}
	if c, err := js.Consumer(ctx, EpisodeStream, name); err == nil {
		info, err := c.Info(ctx)
		if err != nil {
			return nil, 0, fmt.Errorf("consumer %s: %w", name, err)
		}
		if !reset && info.NumAckPending == 0 && info.NumRedelivered == 0 {
			return c, info.Delivered.Consumer, nil
		}
		if err := js.DeleteConsumer(ctx, EpisodeStream, name); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
			return nil, 0, fmt.Errorf("consumer %s: reset: %w", name, err)
		}
		cc.DeliverPolicy = jetstream.DeliverByStartSequencePolicy
		cc.OptStartSeq = info.AckFloor.Stream + 1
	} else if !errors.Is(err, jetstream.ErrConsumerNotFound) {
		return nil, 0, fmt.Errorf("consumer %s: %w", name, err)
	}
	c, err := js.CreateOrUpdateConsumer(ctx, EpisodeStream, cc)
	if err != nil {
		return nil, 0, fmt.Errorf("ensure consumer %s: %w", name, err)
	}
	return c, c.CachedInfo().Delivered.Consumer, nil
}

// AppendersIdle reports whether every appender consumer of the episode
// stream (the shared one or the partitions') has nothing waiting and
// nothing unacknowledged; false when there is none yet.
func AppendersIdle(ctx context.Context, js jetstream.JetStream) (bool, error) {
	s, err := js.Stream(ctx, EpisodeStream)
	if err != nil {
		return false, err
	}
	found := false
	lister := s.ListConsumers(ctx)
	for info := range lister.Info() {
		if info.Name != AppenderDurable && !strings.HasPrefix(info.Name, AppenderDurable+"-p") {
			continue
		}
		found = true
		if info.NumPending > 0 || info.NumAckPending > 0 {
			return false, nil
		}
	}
	if err := lister.Err(); err != nil {
		return false, err
	}
	return found, nil
}
