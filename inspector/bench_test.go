package inspector_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/internal/locomo"
)

// BenchmarkPlaygroundAgainstAPI: one LoCoMo question through the HTTP API
// (JSON) and through the playground (the same call, rendered as a page with
// its breakdown), in the same process, so their ratio is the page's cost.
//
//	go test -run '^$' -bench PlaygroundAgainstAPI -benchtime 200x ./inspector/
func BenchmarkPlaygroundAgainstAPI(b *testing.B) {
	h := setup(b)
	s := h.lo
	q := s.Questions[0]
	asOf := s.Now().Format(time.RFC3339)
	req := map[string]any{"query": q.Text, "tier": "1", "audience": s.Audience(), "channel": locomo.Channel, "as_of": asOf}
	page := "/ui/members/" + h.loMember + "/recall?" + url.Values{"q": {q.Text}, "as": {strings.Join(s.Audience(), ",")},
		"on": {locomo.Channel}, "as_of": {asOf}, "tier": {"1"}}.Encode()
	b.Run("api", func(b *testing.B) {
		for b.Loop() {
			h.apiRecall(h.loKey, h.loMember, req)
		}
	})
	b.Run("playground", func(b *testing.B) {
		for b.Loop() {
			if code, body := h.do("GET", page, nil, bearer(h.opKey)); code != 200 || !strings.Contains(body, `id="fused"`) {
				b.Fatalf("playground: %d", code)
			}
		}
	})
}
