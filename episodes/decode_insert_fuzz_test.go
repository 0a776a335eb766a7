package episodes_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/lanes"
)

// FuzzDecodeInsert holds the decoder's promise against the real store:
// whatever lanes.Decode accepts, episodes.Insert and TouchSessions write.
// (lanes.FuzzDecode checks the decoder alone, fast; this one is slower and
// runs its seeds in every `go test`.)
func FuzzDecodeInsert(f *testing.F) {
	for _, s := range []struct{ member, data string }{
		{"alice", `{"session":"s","channel":"web:chat","audience":["member:alice"],"speaker":"member:alice","text":"hi"}`},
		{"alice", `{"id":"01ARZ3NDEKTSV4RRFFQ69G5FAV","channel":"c","audience":["*","b","a"],"speaker":"x","text":"","at":"0001-01-01T00:00:00Z","ref":"r"}`},
		{"alice", `{"channel":"c","audience":["a"],"speaker":"x","text":"t","at":"9999-12-31T23:59:59.999999999+14:00"}`},
		{"bob", `{"channel":"` + longASCII(256) + `","session":"` + longASCII(256) + `","audience":["` + longASCII(256) + `"],"speaker":"` + longASCII(256) + `","text":"t"}`},
		{"bob", `{"channel":"` + longRune('語', 85) + `","session":"` + longRune('😀', 64) + `","audience":["é"],"speaker":"x","text":"\t\n\r","ref":"` + longRune('😀', 128) + `"}`},
		{"carol", `{"channel":"c","audience":["person:bob\u001f*"],"speaker":"x","text":"t"}`},
		{"carol", `{"channel":"c","audience":["a"],"speaker":"x","text":"t\u0000"}`},
		{"carol", `{"channel":"c","audience":["a"],"speaker":"x","text":"\ud800 lone surrogate"}`},
		{"carol", `{"channel":"c","audience":["a"],"speaker":"x","text":"\ufffe\uffff noncharacters"}`},
	} {
		f.Add(s.member, []byte(s.data))
	}
	pool := dbtest.New(f)
	var n atomic.Int64
	f.Fuzz(func(t *testing.T, member string, data []byte) {
		tr, err := lanes.Decode(member, data, 4096)
		if err != nil {
			return
		}
		id := tr.ID
		if id == "" {
			id = episodes.SeqID(time.Now(), uint64(n.Add(1)))
		}
		at := tr.At
		if at.IsZero() {
			at = time.Now()
		}
		ep := episodes.Episode{Member: tr.Member, ID: id, Session: tr.Session, Channel: tr.Channel, Role: tr.Role,
			Speaker: tr.Speaker, Audience: tr.Audience, Content: tr.Text, Ref: tr.Ref, HappenedAt: at}
		ctx := context.Background()
		err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := episodes.Insert(ctx, tx, []episodes.Episode{ep}); err != nil {
				return err
			}
			if err := episodes.TouchSessions(ctx, tx, []episodes.Episode{ep}); err != nil {
				return err
			}
			return fmt.Errorf("roll back") // keep the table small; the insert ran
		})
		if err != nil && err.Error() != "roll back" {
			t.Fatalf("decoder accepted a turn the store refuses: %v\nturn %+v", err, tr)
		}
	})
}

func longASCII(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return string(b)
}

func longRune(r rune, n int) string {
	out := make([]rune, n)
	for i := range out {
		out[i] = r
	}
	return string(out)
}
