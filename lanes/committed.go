package lanes

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/nats-io/nats.go/jetstream"
)

// Committed reports whether the appender has acknowledged (so committed to
// Postgres) every turn of member the episode stream holds now, and the
// stream sequence of the member's newest stored turn (0: none). The close
// pass asks it first: a session is read whole only once the turns sent
// before its close request are rows (an assistant flushes its turns to the
// stream, not to Postgres, before it asks for the close).
//
// Which consumer answers depends on the stream: the shared appender
// consumer, or the partition consumer whose subject holds the member's
// last turn. The answer is the consumer's acknowledgement floor, so it is
// cautious: an earlier turn of another member still being written on the
// same consumer holds it back too. A member whose turns have all aged out of the stream, or who
// has none (or no stream exists yet), is committed.
func Committed(ctx context.Context, js jetstream.JetStream, prefix, member string) (bool, uint64, error) {
	s, err := js.Stream(ctx, EpisodeStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return true, 0, nil // no stream: no turn on its way
	}
	if err != nil {
		return false, 0, fmt.Errorf("stream %s: %w", EpisodeStream, err)
	}
	subject := Subjects{prefix}.Episode(member)
	if StreamPartitions(&s.CachedInfo().Config) > 0 {
		subject += ".*"
	}
	last, err := s.GetLastMsgForSubject(ctx, subject)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return true, 0, nil
	}
	if err != nil {
		return false, 0, fmt.Errorf("last turn of %s: %w", member, err)
	}
	name := AppenderDurable
	if rest, ok := strings.CutPrefix(last.Subject, Subjects{prefix}.Episode(member)+"."); ok {
		p, err := strconv.Atoi(rest)
		if err != nil {
			return false, 0, fmt.Errorf("last turn of %s: subject %q names no partition", member, last.Subject)
		}
		name = PartitionConsumer(p)
	}
	c, err := s.Consumer(ctx, name)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		return false, last.Sequence, nil // no appender has started on it yet
	}
	if err != nil {
		return false, 0, fmt.Errorf("consumer %s: %w", name, err)
	}
	info, err := c.Info(ctx)
	if err != nil {
		return false, 0, fmt.Errorf("consumer %s: %w", name, err)
	}
	done := info.AckFloor.Stream >= last.Sequence || (info.NumPending == 0 && info.NumAckPending == 0 && info.Delivered.Stream >= last.Sequence)
	return done, last.Sequence, nil
}
