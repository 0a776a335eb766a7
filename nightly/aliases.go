package nightly

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/oklog/ulid/v2"
	"golang.org/x/text/unicode/norm"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/closer"
)

// Alias is one recorded decision that two spellings or relation keys mean
// one thing. Alias and Canonical are canonical forms (memhive.Canon for
// entities, memhive.CanonPredicate for predicates). Lookup is one hop.
type Alias struct {
	ID         string     `json:"id"`
	Dimension  string     `json:"dimension"` // entity | predicate | claim
	Alias      string     `json:"alias"`
	Canonical  string     `json:"canonical"`
	DecidedAt  time.Time  `json:"decided_at"`
	DecidedBy  string     `json:"decided_by"` // nightly:<rule> | judge | <operator>
	RevertedAt *time.Time `json:"reverted_at,omitempty"`
	// AlreadyReverted: RevertAlias found it reverted and changed nothing.
	AlreadyReverted bool `json:"already_reverted,omitempty"`
}

// ListAliases returns every alias decision of member, reverted ones
// included, oldest first.
func ListAliases(ctx context.Context, pool *pgxpool.Pool, member string) ([]Alias, error) {
	rows, err := pool.Query(ctx, `SELECT id, dimension, alias, canonical, decided_at, decided_by, reverted_at FROM aliases
		WHERE member_id = $1 ORDER BY decided_at, id`, member)
	if err != nil {
		return nil, fmt.Errorf("list aliases: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Alias, error) {
		var a Alias
		return a, r.Scan(&a.ID, &a.Dimension, &a.Alias, &a.Canonical, &a.DecidedAt, &a.DecidedBy, &a.RevertedAt)
	})
	if err != nil {
		return nil, fmt.Errorf("list aliases: %w", err)
	}
	if out == nil {
		out = []Alias{}
	}
	return out, nil
}

// RevertAlias reverts one alias decision, for good (nothing is deleted):
//   - reverted_at is set on the alias;
//   - the pair goes to rejected_pairs (decided_by 'revert'), so no later
//     nightly run proposes it again;
//   - every supersession a nightly run made through the alias
//     (alias_effects) that is still in effect is undone: the closed version
//     gets superseded_by, expired_at and closure_source cleared, and
//     valid_until cleared when the run had set it; the effect rows are
//     marked undone_at, undone_by 'revert:<alias id>';
//   - a consolidation_log row (kind 'revert') records the counts.
//
// Aliases are otherwise applied only when reading, so afterwards recall
// answers as it did before the alias was decided, and the next nightly run
// (which a revert makes due) recomputes the derived beliefs. Reverting a
// reverted alias changes nothing.
func RevertAlias(ctx context.Context, pool *pgxpool.Pool, member, id string) (*Alias, error) {
	// the member's pass lock: a nightly run never supersedes through the
	// alias while its effects are being undone
	unlock, _, err := closer.LockMember(ctx, pool, member, true)
	if err != nil {
		return nil, fmt.Errorf("revert alias: %w", err)
	}
	defer unlock()
	var a Alias
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var was *time.Time
		err := tx.QueryRow(ctx, `SELECT reverted_at FROM aliases WHERE member_id = $1 AND id = $2 FOR UPDATE`, member, id).Scan(&was)
		if errors.Is(err, pgx.ErrNoRows) {
			return memhive.Errorf(memhive.CodeNotFound, "member %s has no alias %s", member, id)
		}
		if err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `UPDATE aliases SET reverted_at = coalesce(reverted_at, clock_timestamp())
			WHERE member_id = $1 AND id = $2
			RETURNING id, dimension, alias, canonical, decided_at, decided_by, reverted_at`, member, id).
			Scan(&a.ID, &a.Dimension, &a.Alias, &a.Canonical, &a.DecidedAt, &a.DecidedBy, &a.RevertedAt)
		if err != nil {
			return err
		}
		if was != nil {
			// reverted before: nothing more to undo, and no second log row
			a.AlreadyReverted = true
			return nil
		}
		x, y := pair(a.Alias, a.Canonical)
		if _, err = tx.Exec(ctx, `INSERT INTO rejected_pairs (member_id, dimension, a, b, decided_by)
			VALUES ($1, $2, $3, $4, 'revert') ON CONFLICT DO NOTHING`, member, a.Dimension, x, y); err != nil {
			return err
		}
		n, err := undoEffects(ctx, tx, member, a.ID)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO consolidation_log (member_id, run_id, kind, status, verdicts, finished_at)
			VALUES ($1, $2, 'revert', 'completed', jsonb_build_object('alias', $3::text, 'undone', $4::int), clock_timestamp())`,
			member, ulid.Make().String(), a.ID, n)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("revert alias: %w", err)
	}
	return &a, nil
}

// undoEffects reopens every version a nightly supersession through alias
// closed, where that supersession is still what closed it (a later
// update_memory or forget is left alone), and marks the effects undone
// (every alias the supersession went through, since it no longer holds).
func undoEffects(ctx context.Context, tx pgx.Tx, member, alias string) (int, error) {
	rows, err := tx.Query(ctx, `SELECT fact_id, run_id, superseded_by, set_valid_until FROM alias_effects
		WHERE member_id = $1 AND alias_id = $2 AND undone_at IS NULL ORDER BY fact_id, run_id`, member, alias)
	if err != nil {
		return 0, err
	}
	type eff struct {
		fact, run, by string
		setUntil      bool
	}
	var effs []eff
	var e eff
	if _, err := pgx.ForEachRow(rows, []any{&e.fact, &e.run, &e.by, &e.setUntil}, func() error { effs = append(effs, e); return nil }); err != nil {
		return 0, err
	}
	n := 0
	for _, e := range effs {
		tag, err := tx.Exec(ctx, `UPDATE facts SET superseded_by = NULL, expired_at = NULL, closure_source = NULL,
				valid_until = CASE WHEN $5 THEN NULL ELSE valid_until END
			WHERE member_id = $1 AND id = $2 AND superseded_by = $3 AND closure_source = $4`,
			member, e.fact, e.by, "nightly:"+e.run, e.setUntil)
		if err != nil {
			return 0, fmt.Errorf("undo supersession of %s: %w", e.fact, err)
		}
		n += int(tag.RowsAffected())
		if _, err := tx.Exec(ctx, `UPDATE alias_effects SET undone_at = clock_timestamp(), undone_by = $4
			WHERE member_id = $1 AND fact_id = $2 AND run_id = $3 AND undone_at IS NULL`, member, e.fact, e.run, "revert:"+alias); err != nil {
			return 0, fmt.Errorf("mark alias effect undone: %w", err)
		}
	}
	return n, nil
}

func pair(a, b string) (string, string) {
	if a > b {
		return b, a
	}
	return a, b
}

// predicateSynonyms maps relation keys to the key they mean.
var predicateSynonyms = map[string]string{
	"resides_in": "lives_in", "home_city": "lives_in", "lives_at": "lives_in", "based_in": "lives_in",
	"living_in": "lives_in", "residence": "lives_in", "home": "lives_in", "city": "lives_in", "location": "lives_in",
	"hometown": "from", "born_in": "from", "comes_from": "from", "origin": "from",
	"employer": "works_at", "works_for": "works_at", "employed_at": "works_at", "employed_by": "works_at", "company": "works_at",
	"job": "job_title", "occupation": "job_title", "profession": "job_title", "works_as": "job_title", "role": "job_title",
	"boss": "manager", "supervisor": "manager", "reports_to": "manager",
	"spouse": "married_to", "married": "married_to",
	"enjoys": "likes", "loves": "likes", "fond_of": "likes", "likes_to": "likes",
	"hates": "dislikes", "detests": "dislikes",
	"pet": "has_pet", "pets": "has_pet",
	"full_name": "name", "called": "name",
	"boyfriend": "partner", "girlfriend": "partner",
	"mom": "mother", "mum": "mother", "dad": "father",
	"coworker": "colleague",
}

type proposal struct {
	dim, alias, canonical, by string
	judge                     bool // ask the judge when there is one
}

// canonicalise proposes aliases by deterministic matching and records them,
// skipping refused pairs, spellings that already have a live alias, and
// anything that would make a chain (lookup is one hop).
func canonicalise(ctx context.Context, tx pgx.Tx, member string, opt Options, mr *MemberReport) error {
	rejected := map[string]bool{}
	rows, err := tx.Query(ctx, `SELECT dimension, a, b FROM rejected_pairs WHERE member_id = $1`, member)
	if err != nil {
		return err
	}
	var d, a, b string
	if _, err := pgx.ForEachRow(rows, []any{&d, &a, &b}, func() error { rejected[d+"\x00"+a+"\x00"+b] = true; return nil }); err != nil {
		return err
	}
	var props []proposal

	// Predicates: the synonym table.
	rows, err = tx.Query(ctx, `SELECT DISTINCT predicate_canon FROM facts WHERE member_id = $1 ORDER BY 1`, member)
	if err != nil {
		return err
	}
	preds, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, p := range preds {
		if c, ok := predicateSynonyms[p]; ok && c != p {
			props = append(props, proposal{dim: "predicate", alias: p, canonical: c, by: "nightly:synonym"})
		}
	}

	// Entities: names, normalisation, containment, edit distance.
	rows, err = tx.Query(ctx, `SELECT en.canon, en.kind,
			(SELECT count(*) FROM entity_edges e WHERE e.member_id = en.member_id AND (e.src_id = en.id OR e.dst_id = en.id))
		FROM entities en WHERE en.member_id = $1 ORDER BY en.canon`, member)
	if err != nil {
		return err
	}
	type ent struct {
		canon, kind string
		mentions    int
	}
	ents, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ent, error) {
		var e ent
		return e, r.Scan(&e.canon, &e.kind, &e.mentions)
	})
	if err != nil {
		return err
	}
	byCanon := map[string]ent{}
	for _, e := range ents {
		byCanon[e.canon] = e
	}
	// Participant ids name people: "alice" → "member:alice".
	for _, e := range ents {
		kind, nm, ok := strings.Cut(e.canon, ":")
		if !ok || (kind != "member" && kind != "person") {
			continue
		}
		spoken := memhive.Canon(strings.NewReplacer("_", " ", "-", " ", ".", " ").Replace(nm))
		if _, ok := byCanon[spoken]; ok && spoken != e.canon {
			props = append(props, proposal{dim: "entity", alias: spoken, canonical: e.canon, by: "nightly:name"})
		}
	}
	// Name facts: (member:alice, name, Alice Moreau) → "alice moreau" → "member:alice".
	rows, err = tx.Query(ctx, `SELECT DISTINCT subject_canon, claim_canon FROM facts
		WHERE member_id = $1 AND predicate_canon = 'name' AND expired_at IS NULL AND subject_canon LIKE '%:%' ORDER BY 1, 2`, member)
	if err != nil {
		return err
	}
	var subj, claim string
	if _, err := pgx.ForEachRow(rows, []any{&subj, &claim}, func() error {
		if _, ok := byCanon[claim]; ok && claim != subj {
			props = append(props, proposal{dim: "entity", alias: claim, canonical: subj, by: "nightly:name"})
		}
		return nil
	}); err != nil {
		return err
	}
	better := func(x, y ent) bool { // is x the better canonical?
		if x.mentions != y.mentions {
			return x.mentions > y.mentions
		}
		if len(x.canon) != len(y.canon) {
			return len(x.canon) > len(y.canon)
		}
		return x.canon < y.canon
	}
	for i, x := range ents {
		if strings.Contains(x.canon, ":") {
			continue
		}
		for _, y := range ents[i+1:] {
			if strings.Contains(y.canon, ":") {
				continue
			}
			if key(x.canon) == key(y.canon) {
				c, al := x, y
				if better(y, x) {
					c, al = y, x
				}
				props = append(props, proposal{dim: "entity", alias: al.canon, canonical: c.canon, by: "nightly:normalise"})
				continue
			}
			if x.kind != y.kind {
				continue
			}
			if d := levenshtein(x.canon, y.canon); x.kind == "person" && x.canon[0] == y.canon[0] &&
				((d == 1 && min(len(x.canon), len(y.canon)) >= 7) || (d == 2 && min(len(x.canon), len(y.canon)) >= 10)) {
				c, al := x, y
				if better(y, x) {
					c, al = y, x
				}
				props = append(props, proposal{dim: "entity", alias: al.canon, canonical: c.canon, by: "nightly:edit-distance", judge: true})
			}
		}
	}
	// Containment between people: "bob" and "robert smith" ⊂ "robert (bob) smith",
	// only when exactly one longer name contains the shorter.
	for _, x := range ents {
		if x.kind != "person" || strings.Contains(x.canon, ":") {
			continue
		}
		xt := tokens(x.canon)
		var hosts []ent
		for _, y := range ents {
			if y.canon == x.canon || y.kind != "person" || strings.Contains(y.canon, ":") {
				continue
			}
			if yt := tokens(y.canon); len(yt) > len(xt) && subset(xt, yt) {
				hosts = append(hosts, y)
			}
		}
		if len(hosts) == 1 {
			props = append(props, proposal{dim: "entity", alias: x.canon, canonical: hosts[0].canon, by: "nightly:containment"})
		}
	}

	// Record: each spelling gets at most one live alias, pointing at a
	// root (a spelling that is not itself an alias).
	for _, dim := range []string{"predicate", "entity"} {
		liveMap, err := liveAliases(ctx, tx, member, dim)
		if err != nil {
			return err
		}
		canonicals := map[string]bool{}
		for _, c := range liveMap {
			canonicals[c] = true
		}
		for _, p := range props {
			if p.dim != dim {
				continue
			}
			target := p.canonical
			if c, ok := liveMap[target]; ok {
				target = c
			}
			x, y := pair(p.alias, target)
			if p.alias == target || rejected[dim+"\x00"+x+"\x00"+y] || canonicals[p.alias] {
				continue
			}
			if _, ok := liveMap[p.alias]; ok {
				continue
			}
			by := p.by
			if p.judge && opt.Judge != nil {
				mr.ModelCalls++
				same, err := opt.Judge.Same(ctx, dim, p.alias, target)
				if err != nil {
					return fmt.Errorf("judge: %w", err)
				}
				if !same {
					tag, err := tx.Exec(ctx, `INSERT INTO rejected_pairs (member_id, dimension, a, b, decided_by)
						VALUES ($1, $2, $3, $4, 'judge') ON CONFLICT DO NOTHING`, member, dim, x, y)
					if err != nil {
						return err
					}
					rejected[dim+"\x00"+x+"\x00"+y] = true
					mr.Rejected += int(tag.RowsAffected())
					continue
				}
				by = "judge"
			}
			tag, err := tx.Exec(ctx, `INSERT INTO aliases (member_id, id, dimension, alias, canonical, decided_by)
				VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (member_id, dimension, alias) WHERE reverted_at IS NULL DO NOTHING`,
				member, closer.ID("als_", member, dim, p.alias, target, opt.RunID), dim, p.alias, target, by)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 1 {
				mr.Aliases++
				liveMap[p.alias] = target
				canonicals[target] = true
			}
		}
	}
	return nil
}

// key is a spelling with diacritics, punctuation and parenthesised parts
// removed: "José O'Neil" and "jose oneil" share it.
func key(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range norm.NFD.String(s) {
		switch {
		case r == '(':
			depth++
		case r == ')':
			if depth > 0 {
				depth--
			}
		case depth > 0 || unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// tokens are the words of a name, parenthesised nicknames included.
func tokens(s string) []string {
	f := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' })
	sort.Strings(f)
	return f
}

func subset(a, b []string) bool {
	for _, x := range a {
		i := sort.SearchStrings(b, x)
		if i == len(b) || b[i] != x {
			return false
		}
	}
	return true
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
