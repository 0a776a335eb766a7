package gateway_test

// The end-to-end hostile-input test (issue 10, must-show 4): 10,000 hostile
// inputs — huge fields, invalid UTF-8, control characters, SQL and
// NATS-subject metacharacters in every field, deep JSON, wrong types —
// across turns (NATS), recall requests (NATS, HTTP) and tool calls (NATS,
// HTTP, MCP over HTTP). Each must get a coded refusal, and nothing else in
// the record may change: every table's row count and digest are the same
// before and after, but for refusals, which must have grown by exactly the
// number of refused turns.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/episodes"
	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/internal/natstest"
	"github.com/memhive/memhive/lanes"
	"github.com/memhive/memhive/recall"
	"github.com/memhive/memhive/remember"
)

// metas are SQL, NATS-subject, shell and template metacharacters; every
// string field of a hostile input carries one.
var metas = []string{
	"'; DROP TABLE episodes; --", `" OR 1=1 --`, "$1::text", "%s%n%x", "memhive.*.>", ">", "*", "a.b.c", `\`, "`id`",
	"{{.Member}}", "${jndi:ldap://x}", "member:alice,person:eve", "_INBOX.x", "memhive.alice.recall", "\u202e\u2066", "NULL",
}

// A hostile input's defect: what makes it refusable. Every input has one.
const (
	dNUL      = "nul"           // a NUL character in a string field
	dControl  = "control"       // another control character in a string field
	dUTF8     = "invalid_utf8"  // bytes that are not UTF-8 inside a string
	dHuge     = "huge"          // a field over its cap
	dDeep     = "deep_json"     // a field replaced by deeply nested arrays
	dType     = "wrong_type"    // a field of the wrong JSON type
	dUnknown  = "unknown_field" // a field the endpoint does not take
	dTrailing = "trailing"      // data after the object
	dNotJSON  = "not_json"      // not JSON at all
	dMismatch = "member"        // a member other than the subject's or path's
)

// hostileGen builds hostile JSON objects.
type hostileGen struct {
	mu  sync.Mutex
	rng *rand.Rand
}

func (g *hostileGen) intn(n int) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.rng.IntN(n)
}

func (g *hostileGen) meta() string { return metas[g.intn(len(metas))] }

// field is one field of a request: its name, its well-formed value (which
// already carries metacharacters) and, for string fields, the cap that
// dHuge must pass (0: the field has no cap, pick another).
type field struct {
	name string
	val  any
	cap  int
}

const utf8Marker = "\ufdd0UTF8\ufdd0" // replaced by raw invalid bytes after marshalling

// build renders fields as a JSON object with defect applied; it returns
// the bytes and the defect actually applied.
func (g *hostileGen) build(fields []field, defect string, allowed []string) ([]byte, string) {
	if !slices.Contains(allowed, defect) {
		defect = allowed[g.intn(len(allowed))]
	}
	var strs, huge []int
	for i, f := range fields {
		if _, ok := f.val.(string); ok {
			strs = append(strs, i)
			if f.cap > 0 {
				huge = append(huge, i)
			}
		}
	}
	if defect == dHuge && len(huge) == 0 {
		defect = dNUL
	}
	m := map[string]any{}
	for _, f := range fields {
		m[f.name] = f.val
	}
	pick := func(idx []int) string { return fields[idx[g.intn(len(idx))]].name }
	switch defect {
	case dNUL:
		k := pick(strs)
		m[k] = m[k].(string) + "\x00" + g.meta()
	case dControl:
		k := pick(strs)
		c := rune(1 + g.intn(31))
		for c == '\t' || c == '\n' || c == '\r' {
			c = rune(1 + g.intn(31))
		}
		if g.intn(8) == 0 {
			c = 0x7f
		}
		m[k] = g.meta() + string(c) + m[k].(string)
	case dUTF8:
		k := pick(strs)
		m[k] = m[k].(string) + utf8Marker
	case dHuge:
		i := huge[g.intn(len(huge))]
		m[fields[i].name] = strings.Repeat(g.meta(), fields[i].cap/len(metas[0])+2) + strings.Repeat("x", fields[i].cap+1)
	case dDeep:
		k := fields[g.intn(len(fields))].name
		d := 20 + g.intn(3000)
		m[k] = json.RawMessage(strings.Repeat("[", d) + `"` + "x" + `"` + strings.Repeat("]", d))
	case dType:
		f := fields[g.intn(len(fields))]
		switch f.val.(type) {
		case string:
			m[f.name] = []any{42, map[string]any{g.meta(): true}, []string{g.meta()}, true}[g.intn(4)] // (null is a missing optional field, not a wrong type)
		case []string:
			m[f.name] = g.meta()
		default:
			m[f.name] = map[string]any{"$gt": g.meta()}
		}
	case dUnknown:
		m[g.meta()+"_x"] = g.meta()
	case dMismatch:
		m["member"] = []string{"bob", "eve", "alice_" + strconv.Itoa(g.intn(9))}[g.intn(3)]
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	bad := [][]byte{{0xff}, {0xfe, 0xfe}, {0xc3, 0x28}, {0xe2, 0x28, 0xa1}, {0xf0, 0x28, 0x8c, 0x28}, {0xed, 0xa0, 0x80}}
	b = bytes.ReplaceAll(b, []byte(utf8Marker), bad[g.intn(len(bad))])
	switch defect {
	case dTrailing:
		b = append(b, []string{`{}`, ` {"member":"bob"}`, `]`, ` ; DROP TABLE facts`}[g.intn(4)]...)
	case dNotJSON:
		b = [][]byte{[]byte(g.meta()), {0x00, 0x01, 0x02}, []byte(`{"query": "unterminated`), []byte(`nul`), []byte(`{]`)}[g.intn(5)]
	}
	return b, defect
}

// Field sets, every string carrying metacharacters. Caps are the caps the
// decoders hold: recall's MaxQueryBytes and MaxFieldBytes, the memory
// tools' MaxText and MaxID, the turn decoder's text cap and session cap.
func (g *hostileGen) recallFields() []field {
	return []field{
		{"query", "where is " + g.meta(), recall.MaxQueryBytes},
		{"tier", []string{"0", "1"}[g.intn(2)], 0},
		{"audience", []string{"member:alice", g.meta()}, 0},
		{"channel", "web:" + g.meta(), recall.MaxFieldBytes},
		{"asker", "assistant:" + g.meta(), recall.MaxFieldBytes},
		{"session", "s-" + g.meta(), recall.MaxFieldBytes},
		{"limit", 5, 0},
	}
}

func (g *hostileGen) toolFields(tool string, ids []string) []field {
	id := ids[g.intn(len(ids))] // a real, visible id: without the defect the call would write
	switch tool {
	case gateway.UpdateTool:
		return []field{{"id", id, remember.MaxID}, {"claim", "Lisbon " + g.meta(), remember.MaxText}}
	case gateway.ForgetTool:
		return []field{{"id", id, remember.MaxID}, {"reason", g.meta(), remember.MaxText}}
	case gateway.ListTool:
		// a filter's cap is its field's: a subject's memorize's (1 KiB), a channel's
		return []field{{"subject", g.meta(), remember.MaxSubject}, {"channel", g.meta(), lanes.MaxChannel}, {"limit", 5, 0}}
	case gateway.ReviewTool:
		return []field{{"x", g.meta(), 0}} // review takes no argument: any is refused
	case gateway.ProfileTool:
		return []field{{"op", "append", 0}, {"line", "likes " + g.meta(), remember.MaxText}, {"section", "profile", 0}}
	case gateway.RecallTool:
		return []field{{"query", "where is " + g.meta(), recall.MaxQueryBytes}, {"limit", 3, 0}}
	default: // memorize
		return []field{{"subject", "person:" + g.meta(), 0}, {"predicate", "likes", 0}, {"claim", g.meta(), remember.MaxText}}
	}
}

func (g *hostileGen) turnFields() []field {
	return []field{
		{"session", "s-" + g.meta(), 256},
		{"channel", "web:" + g.meta(), 0},
		{"audience", []string{"member:alice", g.meta()}, 0},
		{"role", "user", 0},
		{"speaker", "member:" + g.meta(), 0},
		{"text", "hello " + g.meta(), lanes.DefaultMaxText},
		{"ref", "r-" + g.meta(), 128},
	}
}

// digest is every table's row count and content digest, but refusals'
// (counted apart) and the migrator's own.
func digest(t *testing.T, pool *pgxpool.Pool) (tables map[string]string, refusals int) {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	rows.Close()
	tables = map[string]string{}
	for _, n := range names {
		if n == "refusals" {
			if err := pool.QueryRow(ctx, `SELECT count(*) FROM refusals`).Scan(&refusals); err != nil {
				t.Fatal(err)
			}
			continue
		}
		var count int
		var sum string
		q := fmt.Sprintf(`SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM %q t`, n)
		if err := pool.QueryRow(ctx, q).Scan(&count, &sum); err != nil {
			t.Fatal(err)
		}
		tables[n] = fmt.Sprintf("%d rows, md5 %s", count, sum)
	}
	return tables, refusals
}

// outcome counts what one surface answered.
type outcome struct {
	mu      sync.Mutex
	sent    atomic.Int64
	coded   atomic.Int64
	bad     []string
	badN    int
	codes   map[string]int
	defects map[string]int
}

func newOutcome() *outcome { return &outcome{codes: map[string]int{}, defects: map[string]int{}} }

func (o *outcome) ok(defect, code string) {
	o.coded.Add(1)
	o.mu.Lock()
	o.codes[code]++
	o.defects[defect]++
	o.mu.Unlock()
}

func (o *outcome) fail(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.badN++
	if len(o.bad) < 15 {
		s := fmt.Sprintf(format, args...)
		if len(s) > 300 {
			s = s[:300] + "…"
		}
		o.bad = append(o.bad, s)
	}
}

// codeOf reads a coded error body ({"error":{"code","message"}}), or
// the JSON-RPC error /mcp answers, whose data holds the code
// ({"jsonrpc":"2.0","id",…,"error":{"code":-32600,"message","data":{"code"}}}).
func codeOf(b []byte) string {
	var rpc struct {
		JSONRPC string `json:"jsonrpc"`
		Error   struct {
			Message string `json:"message"`
			Data    struct {
				Code string `json:"code"`
			} `json:"data"`
		} `json:"error"`
	}
	if json.Unmarshal(b, &rpc) == nil && rpc.JSONRPC == "2.0" {
		if rpc.Error.Message == "" {
			return ""
		}
		return rpc.Error.Data.Code
	}
	var body memhive.ErrorBody
	if err := json.Unmarshal(b, &body); err != nil || body.Error == nil || body.Error.Code == "" || body.Error.Message == "" {
		return ""
	}
	return string(body.Error.Code)
}

// run sends n inputs through send on workers goroutines.
func run(n, workers int, send func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				send(i)
			}
		}()
	}
	wg.Wait()
}

func TestHostileInputsChangeNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("MEMHIVE_TEST_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (MEMHIVE_TEST_SEED=%d reproduces)", seed, seed)
	g := &hostileGen{rng: rand.New(rand.NewPCG(seed, 10))}

	// A record with something for every tool to find.
	pool := dbtest.New(t)
	at := time.Date(2024, 5, 2, 9, 0, 0, 0, time.UTC)
	aud := []string{"member:alice", "person:bob"}
	if _, err := episodes.Insert(ctx, pool, []episodes.Episode{
		{Member: "alice", ID: "01HX0000000000000000000001", Session: "s-1", Channel: "web:chat", Role: "user",
			Speaker: "member:alice", Audience: aud, Content: "Bob moved to Lisbon", HappenedAt: at},
	}); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i, c := range []string{"Lisbon", "Porto", "Faro"} {
		fa := facts.Fact{ID: fmt.Sprintf("01HX00000000000000000000F%d", i), Member: "alice", Subject: "person:bob", Predicate: "likes", Claim: c,
			ValidFrom: at, SourceEpisodeIDs: []string{"01HX0000000000000000000001"}, Channel: "web:chat", Audience: aud}
		ok, id, err := facts.Insert(ctx, pool, &fa)
		if err != nil || !ok {
			t.Fatalf("insert fact: %v", err)
		}
		ids = append(ids, id)
	}
	mem := remember.New(pool)
	bob := remember.Who{Member: "alice", Audience: aud, Channel: "web:chat"}
	pr, err := mem.EditProfile(ctx, bob, remember.ProfileArgs{Op: remember.OpAppend, Line: "Bob likes chess"})
	if err != nil {
		t.Fatal(err)
	}
	ids = append(ids, pr.Added[0].ID)
	rec := recall.New(pool, recall.Config{}, nil, nil)

	nc := natstest.Start(t).Conn(t)
	app, err := episodes.NewAppender(pool, nc, episodes.AppenderConfig{}, nil, quiet)
	if err != nil {
		t.Fatal(err)
	}
	actx, stopApp := context.WithCancel(ctx)
	appDone := make(chan error, 1)
	go func() { appDone <- app.Run(actx) }()
	t.Cleanup(func() {
		stopApp()
		if err := <-appDone; err != nil {
			t.Errorf("appender: %v", err)
		}
	})
	serving(t)(gateway.ServeNATS(nc, "memhive", rec, quiet))
	serving(t)(gateway.ServeMemoryNATS(nc, "memhive", mem, quiet))
	hs := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Recaller: rec, Memorizer: mem, Keys: testKeys,
		TierFor: func(string) (string, bool) { return "1", true }}))
	t.Cleanup(hs.Close)

	// Wait for the appender to hold its consumer, then take the record's
	// picture.
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := js.Consumer(ctx, lanes.EpisodeStream, lanes.AppenderDurable); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the appender never made its consumer")
		}
		time.Sleep(20 * time.Millisecond)
	}
	before, refusedBefore := digest(t, pool)

	const (
		nTurns      = 2000
		nRecallNATS = 1500
		nRecallHTTP = 1500
		nToolNATS   = 1500
		nToolHTTP   = 1500
		nToolMCP    = 2000
	)
	all := []string{dNUL, dControl, dUTF8, dHuge, dDeep, dType, dUnknown, dTrailing, dNotJSON, dMismatch}
	surfaces := map[string]*outcome{}
	for _, s := range []string{"turns/nats", "recall/nats", "recall/http", "tools/nats", "tools/http", "tools/mcp"} {
		surfaces[s] = newOutcome()
	}
	toolNames := append([]string{}, gateway.MemoryTools...)

	// Turns on NATS: each published to alice's lane with its own reply
	// inbox; the refusal must come back there with a code.
	t.Run("turns/nats", func(t *testing.T) {
		o := surfaces["turns/nats"]
		turnDefects := []string{dNUL, dControl, dUTF8, dHuge, dDeep, dType, dTrailing, dNotJSON, dMismatch}
		replies := make(chan *nats.Msg, nTurns)
		sub, err := nc.ChanSubscribe("_INBOX.hostile.turn.>", replies)
		if err != nil {
			t.Fatal(err)
		}
		defer sub.Unsubscribe()
		defects := make([]string, nTurns)
		run(nTurns, 4, func(i int) {
			body, d := g.build(g.turnFields(), all[i%len(all)], turnDefects)
			defects[i] = d
			m := nats.NewMsg("memhive.alice.episode")
			m.Data = body
			m.Header.Set(lanes.HeaderReplyTo, "_INBOX.hostile.turn."+strconv.Itoa(i))
			o.sent.Add(1)
			if _, err := js.PublishMsg(ctx, m); err != nil {
				o.fail("turn %d (%s): publish: %v", i, d, err)
			}
		})
		got := map[int]bool{}
		wait := time.After(90 * time.Second)
	collect:
		for len(got) < nTurns {
			select {
			case m := <-replies:
				i, _ := strconv.Atoi(strings.TrimPrefix(m.Subject, "_INBOX.hostile.turn."))
				if got[i] {
					o.fail("turn %d (%s): a second refusal", i, defects[i])
					continue
				}
				got[i] = true
				if c := codeOf(m.Data); c != "" {
					o.ok(defects[i], c)
				} else {
					o.fail("turn %d (%s): refusal without a code: %s", i, defects[i], m.Data)
				}
			case <-wait:
				break collect
			}
		}
		missing := map[string]int{}
		for i := range nTurns {
			if !got[i] {
				missing[defects[i]]++
			}
		}
		for d, n := range missing {
			o.fail("%d turns with defect %s got no coded refusal within 90 s (stored, or holding the lane)", n, d)
		}
	})

	// Recall requests on NATS: every field hostile, and one defect.
	t.Run("recall/nats", func(t *testing.T) {
		o := surfaces["recall/nats"]
		run(nRecallNATS, 4, func(i int) {
			body, d := g.build(g.recallFields(), all[i%len(all)], all)
			o.sent.Add(1)
			msg, err := nc.Request("memhive.alice.recall", body, 30*time.Second)
			if err != nil {
				o.fail("recall %d (%s): %v", i, d, err)
				return
			}
			if c := codeOf(msg.Data); c != "" {
				o.ok(d, c)
			} else {
				o.fail("recall %d (%s) %q: answered %s", i, d, body, msg.Data)
			}
		})
	})

	client := &http.Client{Timeout: 60 * time.Second}
	postRaw := func(url string, body []byte, hdr http.Header) (int, []byte, error) {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		req.Header = hdr.Clone()
		if req.Header == nil {
			req.Header = http.Header{}
		}
		req.Header.Set("Content-Type", "application/json")
		if req.Header.Get("Authorization") == "" { // past the door: the hostile part is the request
			req.Header.Set("Authorization", "Bearer "+testKey)
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}

	// Recall requests over HTTP, a few over the body cap.
	t.Run("recall/http", func(t *testing.T) {
		o := surfaces["recall/http"]
		run(nRecallHTTP, 4, func(i int) {
			body, d := g.build(g.recallFields(), all[i%len(all)], all)
			if i%100 == 0 {
				body, d = append(body, bytes.Repeat([]byte(" "), gateway.MaxBody)...), "over_body_cap"
			}
			o.sent.Add(1)
			status, b, err := postRaw(hs.URL+"/v1/members/alice/recall", body, nil)
			if err != nil {
				o.fail("recall %d (%s): %v", i, d, err)
				return
			}
			if c := codeOf(b); status >= 400 && c != "" {
				o.ok(d, c)
			} else {
				o.fail("recall %d (%s) %q: %d %s", i, d, body, status, b)
			}
		})
	})

	bindHdr := func(b gateway.Binding) http.Header { return bindingHeaders(b) }
	good := gateway.Binding{Member: "alice", Audience: aud, Channel: "web:chat", Tier: "1", Session: "s-1"}

	// hostileBinding is a binding whose one hostile part is a header
	// (invalid UTF-8 or over its cap; HTTP clients refuse to send control
	// characters in headers, NATS headers carry them).
	hostileBinding := func(nats bool) (gateway.Binding, string) {
		b := good
		switch g.intn(4) {
		case 0:
			b.Audience = []string{"member:alice", "person:bob\xff" + g.meta()}
			return b, "binding_" + dUTF8
		case 1:
			b.Channel = strings.Repeat("c", recall.MaxFieldBytes+1) + g.meta()
			return b, "binding_" + dHuge
		case 2:
			if nats {
				b.Channel = "web:" + g.meta() + "\x01"
				return b, "binding_" + dControl
			}
			b.Asker = "assistant:" + g.meta() + strings.Repeat("a", recall.MaxFieldBytes)
			return b, "binding_" + dHuge
		default:
			b.Member = "bob"
			return b, "binding_" + dMismatch
		}
	}

	// Tool calls on NATS: the args hostile, or the binding's headers.
	t.Run("tools/nats", func(t *testing.T) {
		o := surfaces["tools/nats"]
		run(nToolNATS, 4, func(i int) {
			tool := toolNames[i%len(toolNames)]
			body, d := g.build(g.toolFields(tool, ids), all[i%len(all)], all)
			b := good
			if i%5 == 0 {
				b, d = hostileBinding(true)
				body, _ = json.Marshal(map[string]any{}) // well-formed args: the binding is what is hostile
				if tool == gateway.UpdateTool || tool == gateway.ForgetTool {
					body, _ = json.Marshal(map[string]any{"id": ids[0], "claim": "Lisbon", "reason": "x"})
					if tool == gateway.ForgetTool {
						body, _ = json.Marshal(map[string]any{"id": ids[0]})
					}
				}
				if tool == gateway.ProfileTool {
					body, _ = json.Marshal(map[string]any{"op": "append", "line": "likes tea"})
				}
			}
			m := nats.NewMsg("memhive.alice." + tool)
			m.Data = body
			for k, vs := range bindHdr(b) {
				for _, v := range vs {
					m.Header.Add(k, v)
				}
			}
			o.sent.Add(1)
			msg, err := nc.RequestMsg(m, 30*time.Second)
			if err != nil {
				o.fail("%s %d (%s): %v", tool, i, d, err)
				return
			}
			if c := codeOf(msg.Data); c != "" {
				o.ok(d, c)
			} else {
				o.fail("%s %d (%s) %q: answered %s", tool, i, d, body, msg.Data)
			}
		})
	})

	// Tool calls over HTTP: the body is the tool's arguments.
	t.Run("tools/http", func(t *testing.T) {
		o := surfaces["tools/http"]
		run(nToolHTTP, 4, func(i int) {
			tool := toolNames[i%len(toolNames)]
			body, d := g.build(g.toolFields(tool, ids), all[i%len(all)], all)
			b := good
			if i%7 == 0 {
				b, d = hostileBinding(false)
				body = []byte(`{}`)
				if tool == gateway.UpdateTool {
					body, _ = json.Marshal(map[string]any{"id": ids[0], "claim": "Lisbon"})
				} else if tool == gateway.ForgetTool {
					body, _ = json.Marshal(map[string]any{"id": ids[0]})
				} else if tool == gateway.ProfileTool {
					body, _ = json.Marshal(map[string]any{"op": "append", "line": "likes tea"})
				}
			}
			o.sent.Add(1)
			status, rb, err := postRaw(hs.URL+"/v1/members/alice/"+tool, body, bindHdr(b))
			if err != nil {
				o.fail("%s %d (%s): %v", tool, i, d, err)
				return
			}
			if c := codeOf(rb); status >= 400 && c != "" {
				o.ok(d, c)
			} else {
				o.fail("%s %d (%s) %q: %d %s", tool, i, d, body, status, rb)
			}
		})
	})

	// Tool calls over MCP (streamable HTTP): memory_recall, memorize and
	// the five memory tools, the arguments hostile. A refusal is a tool
	// error with a memhive code, or a JSON-RPC error (the SDK's own
	// refusal of arguments it cannot decode), which carries a numeric code.
	t.Run("tools/mcp", func(t *testing.T) {
		o := surfaces["tools/mcp"]
		mcpTools := append([]string{gateway.RecallTool, gateway.MemorizeTool}, toolNames...)
		sessions := make([]*mcp.ClientSession, 4)
		for i := range sessions {
			sessions[i] = connectHTTP(t, hs.URL+"/mcp", bindHdr(good))
		}
		var worker atomic.Int64
		var next atomic.Int64
		var wg sync.WaitGroup
		for range len(sessions) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cs := sessions[worker.Add(1)-1]
				for {
					i := int(next.Add(1)) - 1
					if i >= nToolMCP {
						return
					}
					tool := mcpTools[i%len(mcpTools)]
					body, d := g.build(g.toolFields(tool, ids), all[i%len(all)], []string{dNUL, dControl, dUTF8, dHuge, dDeep, dType, dUnknown})
					o.sent.Add(1)
					res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(body)})
					if err != nil {
						var rpc *jsonrpc.Error
						if errors.As(err, &rpc) {
							o.ok(d, "jsonrpc_"+strconv.Itoa(int(rpc.Code))) // the SDK refused the call with a JSON-RPC error
							continue
						}
						// The HTTP layer refused the message (the client drops its
						// session on that): the same message, posted as is, must get
						// a coded refusal; then a fresh session.
						env, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": i, "method": "tools/call",
							"params": map[string]any{"name": tool, "arguments": json.RawMessage(body)}})
						hdr := bindHdr(good)
						hdr.Set("Accept", "application/json, text/event-stream")
						status, rb, perr := postRaw(hs.URL+"/mcp", env, hdr)
						if c := codeOf(rb); perr == nil && status >= 400 && c != "" {
							o.ok(d, c)
						} else {
							o.fail("%s %d (%s): transport: %v; posted as is: %d %s %v", tool, i, d, err, status, rb, perr)
						}
						cs = connectHTTP(t, hs.URL+"/mcp", bindHdr(good))
						continue
					}
					text := ""
					if len(res.Content) == 1 {
						if tc, ok := res.Content[0].(*mcp.TextContent); ok {
							text = tc.Text
						}
					}
					if c := codeOf([]byte(text)); res.IsError && c != "" {
						o.ok(d, c)
					} else if res.IsError && text != "" {
						o.ok(d, "sdk_tool_error") // the SDK's own argument validation, as a tool error
					} else {
						o.fail("%s %d (%s) %q: answered %v %s", tool, i, d, body, res.IsError, text)
					}
				}
			}()
		}
		wg.Wait()
	})

	// Nothing but refusals changed.
	after, refusedAfter := digest(t, pool)
	for n, d := range before {
		if after[n] != d {
			t.Errorf("table %s changed: before %s, after %s", n, d, after[n])
		}
	}
	for n := range after {
		if _, ok := before[n]; !ok {
			t.Errorf("table %s appeared", n)
		}
	}
	turns := surfaces["turns/nats"]
	if got := refusedAfter - refusedBefore; got != int(turns.coded.Load()) {
		t.Errorf("refusals grew by %d, but %d turns were refused with a code", got, turns.coded.Load())
	}
	total := int64(0)
	for _, name := range []string{"turns/nats", "recall/nats", "recall/http", "tools/nats", "tools/http", "tools/mcp"} {
		o := surfaces[name]
		total += o.sent.Load()
		t.Logf("%s: %d sent, %d coded refusals; codes %v; defects %v", name, o.sent.Load(), o.coded.Load(), o.codes, o.defects)
		if o.badN > 0 {
			t.Errorf("%s: %d inputs not refused with a code, first %d:\n%s", name, o.badN, len(o.bad), strings.Join(o.bad, "\n"))
		}
	}
	if total < 10000 {
		t.Errorf("only %d hostile inputs sent", total)
	}
	t.Logf("%d hostile inputs; %d tables unchanged; refusals %d → %d", total, len(before), refusedBefore, refusedAfter)
}
