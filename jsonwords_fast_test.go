package memhive

import (
	"strings"
	"testing"
)

// FuzzKeyChecksFastPath: CheckJSONKeys and RepeatedKey, with their byte
// scan in front, answer every input exactly as their encoding/json readings
// alone (checkJSONKeys, repeatedKey) do: the same fault, code and message,
// or none, valid JSON or not. The seeds run as a test; fuzz further with
//
//	go test -run '^$' -fuzz FuzzKeyChecksFastPath -fuzztime 60s .
func FuzzKeyChecksFastPath(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"b":2}`, `{"a\u0007":1}`, `{"a\t":1}`, "{\"a\u0085\":1}", "{\"a\u007f\":1}", "{\"a\u00a0\":1}",
		`{"ok":1,"b\ud800":2}`, `{"ok":{"deep":[{"x":{"y\u0085":1}}]}}`, `{"ok":[1,"v",{"k\u0001":null}]}`,
		`{"text":"a\u0085\u0007\t"}`, `["\u0085",{"ok":"\u0000"}]`, `"\u0085"`, `{"ok":`, `{"a\u0085"`,
		`{"audience":["x"],"text":"t","audience":["*"]}`, `{"audience":["x"],"Audience":["*"]}`, `{"ak":1,"a\u212a":2}`,
		`{"a":{"b":1,"b":2}}`, `[1,2]`, `null`, `{"text":"a \"text\": b","text2":1}`, `{"t":"x\\","t":1}`,
		`{"t":"x\\\"","T":1}`, `{} {"a\u0001":1}`, `{"a":1}{"a":2}`, `{"a":1 "b\u0001":2}`, `{"a":01,"b\u0001":1}`,
		`}{"a\u0001":1}`, `{"a":[}],"a":1}`, ` {"x":1,"X":2}`, `{"a":"b","c":"d","e":{"a":"A"},"A":0}`,
		`{"ſ":1,"s":2}`, `{"\u0061":1,"a":2}`, "{\"a\":1,\r\n\"A\":2}", `{"a":1,}`, `{"a":[1,2,{"b\n":3}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, want := CheckJSONKeys(data), checkJSONKeys(data)
		if (got == nil) != (want == nil) || got != nil && (CodeOf(got) != CodeOf(want) || AsError(got).Message != AsError(want).Message) {
			t.Fatalf("CheckJSONKeys(%q) = %v, its slow path %v", data, got, want)
		}
		k, ok := RepeatedKey(data)
		wk, wok := repeatedKey(data)
		if k != wk || ok != wok {
			t.Fatalf("RepeatedKey(%q) = %q, %v; its slow path %q, %v", data, k, ok, wk, wok)
		}
	})
}

// BenchmarkKeyChecks compares the key checks with their byte scan in front
// (fast: what every caller runs) and their encoding/json readings alone
// (slow: what they were), in one run, on a turn as an assistant publishes
// it (every field given, 300 bytes of text holding newlines and quotes):
//
//	go test -run '^$' -bench KeyChecks -benchtime 200000x .
func BenchmarkKeyChecks(b *testing.B) {
	data := []byte(`{"at":"2026-11-30T10:00:00Z","audience":["member:alice","person:bob"],"channel":"web:chat",` +
		`"id":"01JD3Z4V9X8W7Q6P5N4M3K2J1H","member":"alice","ref":"msg-1234","role":"assistant","session":"s-42",` +
		`"speaker":"assistant:talky","text":"` + strings.Repeat(`we went to lisbon on the trip.\n\nthe \"coffee\" was good `, 6) + `","v":1}`)
	for _, c := range []struct {
		name  string
		check func([]byte) bool
	}{
		{"CheckJSONKeys/fast", func(d []byte) bool { return CheckJSONKeys(d) == nil }},
		{"CheckJSONKeys/slow", func(d []byte) bool { return checkJSONKeys(d) == nil }},
		{"RepeatedKey/fast", func(d []byte) bool { _, ok := RepeatedKey(d); return !ok }},
		{"RepeatedKey/slow", func(d []byte) bool { _, ok := repeatedKey(d); return !ok }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if !c.check(data) {
					b.Fatal("fault")
				}
			}
		})
	}
}
