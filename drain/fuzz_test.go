package drain_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/memhive/memhive/drain"
)

// FuzzEntries: whatever a memory file holds, splitting it never panics and
// every entry is non-empty valid UTF-8 without control characters, with
// its hash, on a line of the file.
func FuzzEntries(f *testing.F) {
	for _, s := range []string{
		"- a\n- b\n\npara\ngraph\n",
		"---\nname: x\n---\n# H\n1. one\n2) two\n",
		"## Gemini Added Memories\n- x\n## Next\n- y\n",
		"```\ncode\n```\n<!-- c -->\n* [ ] task\n",
		"\x00\xff\r\n- \t\n",
	} {
		f.Add("MEMORY.md", s)
		f.Add("GEMINI.md", s)
		f.Add("memories/a.md", s)
	}
	f.Fuzz(func(t *testing.T, name, body string) {
		lines := strings.Count(body, "\n") + 1
		for _, e := range drain.Entries([]drain.File{{Path: name, Data: []byte(body)}}) {
			if e.Text == "" || !utf8.ValidString(e.Text) || strings.ContainsFunc(e.Text, unicode.IsControl) {
				t.Fatalf("entry %q", e.Text)
			}
			if e.Hash != drain.Hash(e.Text) {
				t.Fatalf("hash of %q", e.Text)
			}
			if e.Line < 1 || e.Line > lines {
				t.Fatalf("entry %q on line %d of %d", e.Text, e.Line, lines)
			}
		}
	})
}
