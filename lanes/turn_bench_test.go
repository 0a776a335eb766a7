package lanes

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive"
)

// benchTurn is a turn as an assistant publishes it: every field given, a
// text of about textBytes bytes; escaped, its text holds newlines and
// quotes (as most assistant turns do), so the payload holds backslashes.
func benchTurn(textBytes int, escaped bool) []byte {
	words := strings.Fields("the a we went to lisbon berlin trip vacation coffee manager sister dog named rex work office " +
		"moved live love hate plan next week meeting doctor garden paint music guitar book film dinner friend school")
	var b strings.Builder
	for i := 0; b.Len() < textBytes; i++ {
		b.WriteString(words[i*7%len(words)])
		switch {
		case escaped && i%17 == 16:
			b.WriteString(".\n\n")
		case escaped && i%23 == 22:
			b.WriteString(` "quoted" `)
		default:
			b.WriteByte(' ')
		}
	}
	data, err := json.Marshal(map[string]any{
		"v": 1, "id": "01JD3Z4V9X8W7Q6P5N4M3K2J1H", "member": "alice", "session": "s-42", "channel": "web:chat",
		"audience": []string{"member:alice", "person:bob"}, "role": "assistant", "speaker": "assistant:talky",
		"text": b.String(), "at": "2026-11-30T10:00:00Z", "ref": "msg-1234",
	})
	if err != nil {
		panic(err)
	}
	return data
}

// BenchmarkDecodeKeyChecks is what the turn decoder's two whole-payload key
// scans cost against the whole Decode, in one process: each iteration
// decodes the turn, then runs memhive.CheckJSONKeys (a key's text) and
// memhive.RepeatedKey (a key given twice) by themselves on the same
// payload, each timed apart. keys/decode is CheckJSONKeys' time over
// Decode's (which includes it): Decode without the check would take
// (1 - keys/decode) of it. Compare:
//
//	go test -run '^$' -bench DecodeKeyChecks -benchtime 200000x ./lanes/
func BenchmarkDecodeKeyChecks(b *testing.B) {
	for _, c := range []struct {
		name    string
		text    int
		escaped bool
	}{
		{"text300", 300, false},
		{"text300-escaped", 300, true},
		{"text4k-escaped", 4096, true},
	} {
		data := benchTurn(c.text, c.escaped)
		if _, err := Decode("alice", data, 0); err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var decode, keys, repeated time.Duration
			for b.Loop() {
				t0 := time.Now()
				if _, err := Decode("alice", data, 0); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if err := memhive.CheckJSONKeys(data); err != nil {
					b.Fatal(err)
				}
				t2 := time.Now()
				if _, ok := memhive.RepeatedKey(data); ok {
					b.Fatal("repeated key")
				}
				t3 := time.Now()
				decode += t1.Sub(t0)
				keys += t2.Sub(t1)
				repeated += t3.Sub(t2)
			}
			n := float64(b.N)
			b.ReportMetric(float64(decode.Nanoseconds())/n, "decode-ns")
			b.ReportMetric(float64(keys.Nanoseconds())/n, "keys-ns")
			b.ReportMetric(float64(repeated.Nanoseconds())/n, "repeated-ns")
			b.ReportMetric(float64(keys)/float64(decode), "keys/decode")
			b.ReportMetric(float64(repeated)/float64(decode), "repeated/decode")
		})
	}
}
