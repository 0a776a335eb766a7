package memhive_test

import (
	"slices"
	"testing"

	"github.com/memhive/memhive"
)

// TestBlankAudienceEntries: an entry made only of white space and format
// characters (an outside client's turn came with the audience ["\u200b"])
// names no one and is dropped; an entry with anything visible is kept.
func TestBlankAudienceEntries(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		in   []string
		want []string
	}{
		{"empty", []string{""}, nil},
		{"spaces", []string{" \t\n"}, nil},
		{"no-break space", []string{"\u00a0"}, nil},
		{"zero-width space", []string{"\u200b"}, nil},
		{"joiners and word joiner", []string{"\u200c\u200d", "\u2060"}, nil},
		{"byte-order mark", []string{"\ufeff "}, nil},
		{"direction marks and soft hyphen", []string{"\u200e\u200f\u00ad"}, nil},
		{"blank beside a person", []string{"\u200b", "member:alice", " member:alice "}, []string{"member:alice"}},
		{"visible with a format character", []string{"person:zo\u200be"}, []string{"person:zo\u200be"}},
		{"public", []string{"*", "\ufeff"}, []string{"*"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := memhive.NormalizeAudience(tc.in); !slices.Equal(got, tc.want) {
				t.Fatalf("NormalizeAudience(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestBlank: channels are held to the same rule (a channel of U+2060 is
// no channel, as one of U+00A0 was not).
func TestBlank(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"": true, " ": true, "\u00a0": true, "\u200b": true, "\u2060\ufeff": true, "\u200d ": true,
		"web:chat": false, "\u200bx": false, "東": false, "*": false,
	} {
		if got := memhive.Blank(s); got != want {
			t.Errorf("Blank(%q) = %v, want %v", s, got, want)
		}
	}
}
