package inspector_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/memhive/memhive/nightly"
)

// axisHTML is the facts page's card of one axis.
func axisHTML(t *testing.T, page, predicate string) string {
	t.Helper()
	i := strings.Index(page, `data-predicate="`+predicate+`"`)
	if i < 0 {
		return ""
	}
	rest := page[i:]
	if j := strings.Index(rest[1:], `class="card axis"`); j >= 0 {
		rest = rest[:j+1]
	}
	return rest
}

var barRe = regexp.MustCompile(`<a class="bar([^"]*)"[^>]*>([^<]*)</a>`)

// bars are an axis's chains, each as its claims in order ("+" marks the
// version in force).
func bars(axis string) []string {
	var out []string
	for _, chain := range strings.Split(axis, `<div class="timeline">`)[1:] {
		var cs []string
		for _, m := range barRe.FindAllStringSubmatch(chain[:strings.Index(chain, "</div>")], -1) {
			c := m[2]
			if strings.Contains(m[1], "inforce") {
				c += "+"
			}
			cs = append(cs, c)
		}
		out = append(out, strings.Join(cs, " → "))
	}
	return out
}

// TestFactsPageDrawsChainsThroughAliases: alice's teacher and nurse are two
// axes (job_title, occupation) until a night aliases occupation to
// job_title; then one axis, one chain teacher → nurse with nurse in force
// and teacher superseded by it. Reverting the alias makes them two axes
// again, both in force.
func TestFactsPageDrawsChainsThroughAliases(t *testing.T) {
	t.Parallel()
	h := setup(t)
	op := bearer(h.opKey)
	_, page := h.do("GET", "/ui/members/alice/facts", nil, op)
	if got := bars(axisHTML(t, page, "job_title")); strings.Join(got, "|") != "teacher+" {
		t.Fatalf("before the alias, job_title: %q", got)
	}
	if got := bars(axisHTML(t, page, "occupation")); strings.Join(got, "|") != "nurse+" {
		t.Fatalf("before the alias, occupation: %q", got)
	}
	alias := nightAlias(t, h)
	_, page = h.do("GET", "/ui/members/alice/facts", nil, op)
	job := axisHTML(t, page, "job_title")
	if got := bars(job); strings.Join(got, "|") != "teacher → nurse+" {
		t.Fatalf("with the alias, job_title should be one chain teacher → nurse: %q", got)
	}
	if axisHTML(t, page, "occupation") != "" {
		t.Fatal("with the alias, occupation should be drawn on the job_title axis")
	}
	if !strings.Contains(job, `<a href="#f-`+h.nurse+`"`) {
		t.Fatal("teacher's row should link to the nurse version that superseded it")
	}
	if _, err := nightly.RevertAlias(t.Context(), h.pool, "alice", alias); err != nil {
		t.Fatal(err)
	}
	_, page = h.do("GET", "/ui/members/alice/facts", nil, op)
	if a, b := bars(axisHTML(t, page, "job_title")), bars(axisHTML(t, page, "occupation")); strings.Join(a, "|") != "teacher+" || strings.Join(b, "|") != "nurse+" {
		t.Fatalf("after the revert: job_title %q, occupation %q", a, b)
	}
}
