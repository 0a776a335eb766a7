package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/lanes"
)

func (e *env) printf(format string, args ...any) { fmt.Fprintf(e.stdout, format, args...) }

func cmdPublish(e *env, args []string) error {
	fs := newFlags(e, "publish", "publish --member M --session S --channel C --audience A,B --speaker P [--role user] [--at RFC3339] [--ref R] [--id ULID] [TEXT | -]", `
Publish one turn on the member's lane and wait until the stream holds it.
Then wait up to --wait for the row: "accepted" means the turn was read back
from the record by its id (one is assigned when --id is not given); a
refusal (missing audience or channel, oversized text, control characters, …)
is printed with its code and exits 1; "queued" means the stream holds the
turn but the row was not there yet. Reads the text from standard input when
TEXT is "-" or absent.`)
	member := fs.String("member", "", "member id (required)")
	session := fs.String("session", "default", "session id")
	channel := fs.String("channel", "", "channel, e.g. web:chat (required)")
	audience := fs.String("audience", "", "who was present, comma separated, e.g. member:alice,person:bob (required)")
	speaker := fs.String("speaker", "", "who said it, e.g. member:alice (required)")
	role := fs.String("role", "user", "user, assistant or peer")
	at := fs.String("at", "", "when it was said (RFC 3339); default when received")
	ref := fs.String("ref", "", "the client's own message id within its chat (≤128 chars)")
	id := fs.String("id", "", "turn id (ULID); makes retries idempotent (default: derived from --channel and --ref when given, as import does)")
	data := fs.String("data", "", "data directory of a running memhive")
	wait := fs.Duration("wait", 3*time.Second, "how long to wait for the appender to commit or refuse")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	if err := parseInterleaved(fs, args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	text := strings.Join(fs.Args(), " ")
	if text == "" || text == "-" {
		// read whole up to twice the default cap (the appender's own cap
		// decides); more is refused, never cut
		limit := int64(2 * lanes.DefaultMaxText)
		b, err := io.ReadAll(io.LimitReader(e.stdin, limit+2)) // the text, a last newline, and one byte more
		if err != nil {
			return err
		}
		text = strings.TrimRight(string(b), "\n")
		if int64(len(text)) > limit {
			return memhive.Errorf(memhive.CodeTextTooLarge, "standard input holds more than %d bytes, over any turn's text cap; nothing was published", limit)
		}
	}
	if *member == "" {
		return usagef("--member is required")
	}
	if !memhive.ValidMember(*member) {
		return memhive.Errorf(memhive.CodeInvalidMember, "--member %q is not a valid member id (want [a-z0-9][a-z0-9_-]{0,63})", *member)
	}
	legacy := ""
	if *id == "" && *ref != "" {
		// the client's own message id names the turn in its channel, as on
		// import: the same --ref published again there is the same turn,
		// written once
		*id = lineID(*member, strings.TrimSpace(*channel), *ref, *at, nil, nil)
		legacy = legacyRefID(*member, *ref, *at)
	}
	if *id == "" {
		*id = lanes.NewID()
	}
	tr := lanes.Turn{Session: *session, Channel: *channel, Audience: memhive.SplitList(*audience), Role: *role,
		Speaker: *speaker, Text: text, Ref: *ref, ID: *id}
	if *at != "" {
		ts, err := memhive.ParseRFC3339(*at) // as the decoder reads a turn's at
		if err != nil {
			return usagef("--at %q is not an RFC 3339 time", *at)
		}
		tr.At = ts
	}
	return withNATS(*data, func(t *target, nc *nats.Conn) error {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second+*wait)
		defer cancel()
		if legacy != "" {
			// a turn an older memhive wrote under the id it derived from
			// the ref alone keeps that id (published again, it is the same
			// turn); without the database there is nothing to compare
			if pool, err := t.connectDB(ctx); err == nil {
				err := keepLegacyIDs(ctx, pool, []string{*member}, []string{strings.TrimSpace(tr.Channel)}, []string{legacy}, []*lanes.Turn{&tr})
				pool.Close()
				if err != nil {
					return err
				}
			}
		}
		refused := make(chan *lanes.PublishError, 1)
		c, err := lanes.NewClient(ctx, nc, lanes.ClientOptions{Prefix: t.prefix(), OnError: func(pe *lanes.PublishError) {
			select {
			case refused <- pe:
			default:
			}
		}})
		if err != nil {
			return err
		}
		defer c.Close()
		if err := c.Publish(*member, tr); err != nil {
			return err
		}
		if err := c.Flush(ctx); err != nil {
			return err
		}
		select {
		case pe := <-refused:
			return pe.Err
		default:
		}
		// The stream holds it; wait for the row, or the appender's refusal.
		committed, why := false, ""
		pool, err := t.connectDB(ctx)
		if err != nil {
			why = "could not read the record: " + err.Error()
		} else {
			defer pool.Close()
			deadline := time.Now().Add(*wait)
			for {
				got, err := episodes.Existing(ctx, pool, [][2]string{{*member, tr.ID}})
				if err != nil {
					why = err.Error()
					break
				}
				if committed = got[[2]string{*member, tr.ID}]; committed {
					// The id may name an earlier, different turn (the
					// stream drops a repeat of a Nats-Msg-Id unseen).
					if err := sameAsStored(ctx, pool, *member, tr); err != nil {
						return err
					}
					break
				}
				select {
				case pe := <-refused:
					return pe.Err
				case <-time.After(50 * time.Millisecond):
				}
				if time.Now().After(deadline) {
					why = fmt.Sprintf("the appender has not committed it within %s", *wait)
					break
				}
			}
		}
		select {
		case pe := <-refused:
			return pe.Err
		default:
		}
		status := "accepted"
		if !committed {
			status = "queued"
		}
		if *asJSON {
			out := map[string]any{"status": status, "member": *member, "id": tr.ID, "ref": tr.Ref}
			if why != "" {
				out["reason"] = why
			}
			return printJSON(e.stdout, out)
		}
		if committed {
			e.printf("accepted: the turn is in the record of %s (id %s)\n", *member, tr.ID)
		} else {
			e.printf("queued: the stream holds the turn (id %s); %s\n", tr.ID, why)
		}
		return nil
	})
}

// waitCommitted waits until the appender's consumer has nothing pending and
// nothing unacknowledged, or until d passes.
func waitCommitted(ctx context.Context, nc *nats.Conn, d time.Duration) bool {
	js, err := jetstream.New(nc)
	if err != nil {
		return false
	}
	deadline := time.Now().Add(d)
	for {
		if idle, err := lanes.AppendersIdle(ctx, js); err == nil && idle {
			// Refusals are announced right after the ack: give them a moment.
			time.Sleep(150 * time.Millisecond)
			return true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// parseInterleaved parses flags that may stand after positional arguments
// ("memhive recall "where do I live" --json").
func parseInterleaved(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if rest[0] == "--" {
			pos = append(pos, rest[1:]...)
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	return fs.Parse(append([]string{"--"}, pos...))
}

// sameAsStored checks that the row stored under tr's id holds tr: a
// client that reuses an id for another turn gets id_conflict, not
// "accepted".
func sameAsStored(ctx context.Context, pool *pgxpool.Pool, member string, tr lanes.Turn) error {
	body, err := json.Marshal(tr)
	if err != nil {
		return err
	}
	t, err := lanes.Decode(member, body, 0) // the turn as the appender reads it
	if err != nil {
		return err
	}
	bad, err := episodes.Conflicting(ctx, pool, []episodes.Episode{{Member: member, ID: tr.ID, Session: t.Session,
		Channel: t.Channel, Role: t.Role, Speaker: t.Speaker, Audience: t.Audience, Content: t.Text}})
	if err != nil {
		return err
	}
	if bad[0] {
		return memhive.Errorf(memhive.CodeIDConflict, "id %s already names a different turn in %s's record; this turn was not written: publish it with its own id (or none)", tr.ID, member)
	}
	return nil
}
