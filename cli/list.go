package cli

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive/episodes"
)

func cmdEpisodes(e *env, args []string) error {
	fs := newFlags(e, "episodes", "episodes --member M [--session S] [--limit N] [--json]",
		"List a member's stored turns, newest first, with audience, channel and ref.")
	member := fs.String("member", "", "member id (required)")
	session := fs.String("session", "", "only this session")
	limit := fs.Int("limit", 20, "how many (0: all)")
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if *limit < 0 {
		return usagef("--limit %d is negative (0 lists all)", *limit)
	}
	if err := checkMember(*member); err != nil {
		return err
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		eps, err := episodes.List(ctx, pool, *member, episodes.ListOptions{Session: *session, Limit: allIfZero(*limit)})
		if err != nil {
			return err
		}
		if *asJSON {
			if eps == nil {
				eps = []episodes.Episode{}
			}
			return printJSON(e.stdout, eps)
		}
		if len(eps) == 0 {
			if *session != "" {
				e.printf("no episodes for %s in session %q\n", *member, *session)
			} else {
				e.printf("no episodes for %s\n", *member)
			}
			return nil
		}
		w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "AT\tSESSION\tCHANNEL\tAUDIENCE\tSPEAKER\tREF\tTEXT")
		for _, x := range eps {
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", x.HappenedAt.UTC().Format(time.RFC3339), x.Session, x.Channel,
				strings.Join(x.Audience, ","), x.Speaker, dash(x.Ref), short(x.Content, 60))
		}
		return w.Flush()
	})
}

func cmdRefusals(e *env, args []string) error {
	fs := newFlags(e, "refusals", "refusals [--member M] [--limit N] [--json]",
		"List refused turns, newest first: the code, the sentence, and the raw bytes that came in.")
	member := fs.String("member", "", "only this member (the subject's member token)")
	limit := fs.Int("limit", 20, "how many (0: all)")
	asJSON := fs.Bool("json", false, "print JSON (raw bytes base64)")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if *limit < 0 {
		return usagef("--limit %d is negative (0 lists all)", *limit)
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		rs, err := episodes.Refusals(ctx, pool, *member, allIfZero(*limit))
		if err != nil {
			return err
		}
		if *asJSON {
			if rs == nil {
				rs = []episodes.Refusal{}
			}
			return printJSON(e.stdout, rs)
		}
		if len(rs) == 0 {
			e.printf("no refusals\n")
			return nil
		}
		w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "AT\tMEMBER\tCODE\tMESSAGE\tRAW")
		for _, r := range rs {
			raw := string(r.Raw)
			if !utf8.ValidString(raw) {
				raw = fmt.Sprintf("(%d bytes, not UTF-8)", len(r.Raw))
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", r.RecordedAt.UTC().Format(time.RFC3339), r.Member, r.Code, short(r.Message, 70), short(raw, 50))
		}
		return w.Flush()
	})
}

// allIfZero is a --limit as the store reads it: the flag's 0 ("all")
// is episodes.All, where the store's own 0 would be its default of 50.
func allIfZero(limit int) int {
	if limit == 0 {
		return episodes.All
	}
	return limit
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func short(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
