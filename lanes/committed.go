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

// Mark is a member's newest turn in the episode stream at one moment, and
// the appender consumer that reads it.
type Mark struct {
	Seq      uint64 // 0: the stream holds no turn of the member
	Consumer string // AppenderDurable, or the partition's consumer
}

// LastTurn marks member's newest turn in the episode stream now. The close
// pass takes it when a close request comes, then waits until Acked: a
// session is read whole only once the turns sent before its close request
// are rows (an assistant flushes its turns to the stream, not to Postgres,
// before it asks for the close). Turns that come after the request do not
// hold the close back.
func LastTurn(ctx context.Context, js jetstream.JetStream, prefix, member string) (Mark, error) {
	s, err := js.Stream(ctx, EpisodeStream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return Mark{}, nil // no stream: no turn on its way
	}
	if err != nil {
		return Mark{}, fmt.Errorf("stream %s: %w", EpisodeStream, err)
	}
	subject := Subjects{prefix}.Episode(member)
	if StreamPartitions(&s.CachedInfo().Config) > 0 {
		subject += ".*"
	}
	last, err := s.GetLastMsgForSubject(ctx, subject)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return Mark{}, nil
	}
	if err != nil {
		return Mark{}, fmt.Errorf("last turn of %s: %w", member, err)
	}
	m := Mark{Seq: last.Sequence, Consumer: AppenderDurable}
	if rest, ok := strings.CutPrefix(last.Subject, Subjects{prefix}.Episode(member)+"."); ok {
		p, err := strconv.Atoi(rest)
		if err != nil {
			return Mark{}, fmt.Errorf("last turn of %s: subject %q names no partition", member, last.Subject)
		}
		m.Consumer = PartitionConsumer(p)
	}
	return m, nil
}

// Acked reports whether the appender has acknowledged (so committed to
// Postgres) every turn up to m on m's consumer. The answer is the consumer's
// acknowledgement floor, so it is cautious: an earlier turn of another
// member still being written on the same consumer holds it back too. A
// consumer that does not exist yet has acknowledged nothing.
func Acked(ctx context.Context, js jetstream.JetStream, m Mark) (bool, error) {
	if m.Seq == 0 {
		return true, nil
	}
	c, err := js.Consumer(ctx, EpisodeStream, m.Consumer)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		return false, nil // no appender has started on it yet
	}
	if err != nil {
		return false, fmt.Errorf("consumer %s: %w", m.Consumer, err)
	}
	info, err := c.Info(ctx)
	if err != nil {
		return false, fmt.Errorf("consumer %s: %w", m.Consumer, err)
	}
	return info.AckFloor.Stream >= m.Seq || (info.NumPending == 0 && info.NumAckPending == 0 && info.Delivered.Stream >= m.Seq), nil
}

// WaitCommitted marks member's newest turn in the episode stream (LastTurn)
// and waits, up to wait, until the appender has committed it (Acked). It
// reports whether it was committed in time; a turn published after the
// call began does not hold it back. The close pass waits so before it
// reads a session; a fresh recall before it reads the record.
func WaitCommitted(ctx context.Context, js jetstream.JetStream, prefix, member string, wait time.Duration) (Mark, bool, error) {
	mark, err := LastTurn(ctx, js, prefix, member)
	if err != nil {
		return mark, false, err
	}
	deadline := time.Now().Add(wait)
	for pause := 2 * time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		ok, err := Acked(ctx, js, mark)
		if err != nil || ok {
			return mark, ok, err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return mark, false, nil
		}
		select {
		case <-ctx.Done():
			return mark, false, ctx.Err()
		case <-time.After(min(pause, left)):
		}
	}
}
