package inspector

import (
	"errors"

	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memhive/memhive"
)

var funcs = template.FuncMap{
	"when": when,
	"whenp": func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return when(*t)
	},
	"join":      strings.Join,
	"hexdump":   hexdump,
	"printable": printable,
	"jsonpp":    jsonpp,
	"short": func(s string) string {
		if len(s) > 10 {
			return "…" + s[len(s)-8:]
		}
		return s
	},
	"link":    link,
	"add":     func(a, b int) int { return a + b },
	"csv":     func(s []string) string { return strings.Join(s, ",") },
	"rowlink": rowLink,
}

func when(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02 15:04:05Z")
}

// link is path with the query of the non-empty pairs (name, value, …).
func link(path string, kv ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			q.Set(kv[i], kv[i+1])
		}
	}
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

// hexdump is raw bytes as rows of 16 hex bytes beside their printable ASCII.
func hexdump(b []byte) string {
	return hex.Dump(b)
}

// printable is raw bytes as text: valid UTF-8 kept (the template escapes
// it), control characters and invalid bytes shown as \xNN.
func printable(b []byte) string {
	var sb strings.Builder
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&sb, `\x%02x`, b[0])
		case r < 0x20 && r != '\n' && r != '\t', r == 0x7f:
			fmt.Fprintf(&sb, `\x%02x`, r)
		default:
			sb.Write(b[:n])
		}
		b = b[n:]
	}
	return sb.String()
}

func jsonpp(v any) string {
	var b []byte
	switch x := v.(type) {
	case []byte:
		var out any
		if json.Unmarshal(x, &out) != nil {
			return string(x)
		}
		b, _ = json.MarshalIndent(out, "", "  ")
	case json.RawMessage:
		return jsonpp([]byte(x))
	default:
		b, _ = json.MarshalIndent(v, "", "  ")
	}
	return string(b)
}

// splitList is a comma-separated form value as trimmed, non-empty entries.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// asCoded reports whether err is (or wraps) a coded *memhive.Error.
func asCoded(err error, me **memhive.Error) bool { return errors.As(err, me) }

// rowLink is the inspector page of a recalled row: an episode in the
// timeline, a fact or belief on the facts page.
func rowLink(member, kind, id string) string {
	base := Prefix + "/members/" + url.PathEscape(member)
	switch kind {
	case "episode":
		return link(base+"/timeline", "ids", id) + "#e-" + url.QueryEscape(id)
	case "fact":
		return base + "/facts#f-" + url.QueryEscape(id)
	case "belief":
		return base + "/facts#b-" + url.QueryEscape(id)
	}
	return base + "/timeline"
}
