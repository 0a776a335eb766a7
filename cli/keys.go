package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/node"
	"github.com/memhive/memhive/templates"
)

func init() {
	extraCommands["keys"] = command{"create, list and revoke API keys and assistants' NATS credentials", cmdKeys}
}

const keysHelp = `
Manage who may talk to memhive (docs/surfaces.md, "Trust").

  memhive keys create --member M[,M2] --assistant NAME [--note TEXT] [--json]
      An API key for HTTP and MCP over HTTP (Authorization: Bearer <key>),
      bound to those members and to the assistant, whose template gives the
      tier. The key is printed once; only its sha256 is stored.
  memhive keys create --operator [--note TEXT] [--json]
      An operator key: /metrics, /readyz and the inspector at /ui (which shows
      every member's memory); never the member routes or /mcp.
      memhive up makes one on first start into <data>/credentials/operator.key.
  memhive keys create --nats --member M[,M2] --assistant NAME [--json]
      NATS credentials for an assistant of the embedded NATS: it may publish
      only to those members' lanes and must use the inbox prefix printed
      (nats.CustomInboxPrefix). A running memhive picks them up within a second.
  memhive keys list [--json]
      Every key and NATS credential, revoked ones too; never a secret.
  memhive keys revoke ID [--json]
      Revoke an API key (by id) or a NATS credential (by user). Nothing is deleted.

Keys live in the database of the memhive running from --data (or
MEMHIVE_DATABASE_URL); NATS credentials in <data>/credentials.`

func cmdKeys(e *env, args []string) error {
	fs := newFlags(e, "keys", "keys create|list|revoke [flags]", keysHelp)
	if len(args) == 0 || isHelp(args[0]) {
		fs.Usage()
		if len(args) == 0 {
			return usagef("want create, list or revoke")
		}
		return flag.ErrHelp
	}
	switch args[0] {
	case "create":
		return keysCreate(e, args[1:])
	case "list":
		return keysList(e, args[1:])
	case "revoke":
		return keysRevoke(e, args[1:])
	}
	fs.Usage()
	return usagef("unknown subcommand %q: want create, list or revoke", args[0])
}

// createdKey is what keys create prints: the secret, once.
type createdKey struct {
	Kind      string    `json:"kind"` // assistant, operator or nats
	ID        string    `json:"id"`
	Key       string    `json:"key,omitempty"`
	Members   []string  `json:"members,omitempty"`
	Assistant string    `json:"assistant,omitempty"`
	Note      string    `json:"note,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	// NATS credentials.
	User        string `json:"user,omitempty"`
	Password    string `json:"password,omitempty"`
	InboxPrefix string `json:"inbox_prefix,omitempty"`
	URL         string `json:"url,omitempty"`
}

func keysCreate(e *env, args []string) error {
	fs := newFlags(e, "keys create", "keys create (--member M --assistant NAME | --operator) [--nats] [--note TEXT] [--json]", keysHelp)
	members := fs.String("member", "", "member id, or a comma-separated list")
	assistant := fs.String("assistant", "", "the assistant's name (its template gives the tier)")
	operator := fs.Bool("operator", false, "an operator key")
	natsCred := fs.Bool("nats", false, "NATS credentials for the embedded NATS instead of an API key")
	note := fs.String("note", "", "a note kept with the key")
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	spec := apikey.Spec{Assistant: *assistant, Note: *note, Kind: apikey.KindAssistant}
	for _, m := range memhive.SplitList(*members) {
		if m = strings.TrimSpace(m); m != "" {
			spec.Members = append(spec.Members, m)
		}
	}
	if *operator {
		if *natsCred {
			return usagef("--operator and --nats do not go together (memhive's own NATS user is in <data>/credentials/nats.json)")
		}
		spec.Kind = apikey.KindOperator
	}
	if err := spec.Validate(); err != nil {
		return err
	}
	if spec.Kind == apikey.KindAssistant {
		if err := checkAssistant(spec.Assistant); err != nil {
			return err
		}
	}
	var out createdKey
	if *natsCred {
		t, err := resolve(*data)
		if err != nil {
			return err
		}
		if t.cfg.NATSURL != "" {
			return usagef("--nats makes credentials for the embedded NATS; MEMHIVE_NATS_URL names another server, whose users are its own")
		}
		u := config.AssistantUser{User: spec.Assistant + "-" + config.RandomSecret(4), Members: spec.Members,
			Assistant: spec.Assistant, CreatedAt: time.Now().UTC()}
		pw := config.RandomSecret(24)
		if u.Hash, err = node.HashNATSPassword(pw); err != nil {
			return err
		}
		us, err := config.ReadAssistantUsers(t.cfg.DataDir)
		if err != nil {
			return err
		}
		if err := config.WriteAssistantUsers(t.cfg.DataDir, append(us, u)); err != nil {
			return err
		}
		out = createdKey{Kind: "nats", ID: u.User, Members: u.Members, Assistant: u.Assistant, CreatedAt: u.CreatedAt,
			User: u.User, Password: pw, InboxPrefix: u.InboxPrefix()}
		if t.addr != nil && t.addr.NATSURL != "" {
			if nu, err := url.Parse(t.addr.NATSURL); err == nil {
				nu.User = url.UserPassword(u.User, pw)
				out.URL = nu.String()
			}
		}
	} else {
		err := withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
			key, k, err := apikey.NewStore(pool).Create(ctx, spec)
			if err != nil {
				return err
			}
			out = createdKey{Kind: k.Kind, ID: k.ID, Key: key, Members: k.Members, Assistant: k.Assistant, Note: k.Note, CreatedAt: k.CreatedAt}
			return nil
		})
		if err != nil {
			return err
		}
	}
	if *asJSON {
		return printJSON(e.stdout, out)
	}
	switch out.Kind {
	case "nats":
		e.printf("NATS user %s for %s, members %s (shown once; only a bcrypt hash is kept):\n  user:         %s\n  password:     %s\n  inbox prefix: %s (nats.CustomInboxPrefix)\n",
			out.User, out.Assistant, strings.Join(out.Members, ","), out.User, out.Password, out.InboxPrefix)
		if out.URL != "" {
			e.printf("  url:          %s\n", out.URL)
		}
	default:
		e.printf("%s key %s (shown once; only its sha256 is kept):\n  %s\nUse it as: Authorization: Bearer <key>\n", out.Kind, out.ID, out.Key)
	}
	return nil
}

// checkAssistant refuses an assistant no template names: its key could
// never read memory (the tier comes from the template).
func checkAssistant(name string) error {
	cfg, err := config.Load("")
	if err != nil {
		return err
	}
	as, err := templates.Assistants(cfg.TemplatesDir)
	if err != nil {
		return err
	}
	if _, ok := as[name]; ok {
		return nil
	}
	var known []string
	for n := range as {
		known = append(known, n)
	}
	sort.Strings(known)
	return memhive.Errorf(memhive.CodeMalformedRequest, "no assistant template is named %q (known: %s; MEMHIVE_TEMPLATES adds more)", name, strings.Join(known, ", "))
}

// listedKey is one row of keys list.
type listedKey struct {
	Kind      string     `json:"kind"`
	ID        string     `json:"id"`
	Members   []string   `json:"members,omitempty"`
	Assistant string     `json:"assistant,omitempty"`
	Note      string     `json:"note,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
	RevokedAt *time.Time `json:"revoked_at,omitempty"`
	Revoked   bool       `json:"revoked"`
}

func keysList(e *env, args []string) error {
	fs := newFlags(e, "keys list", "keys list [--json]", keysHelp)
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	out := []listedKey{}
	err := withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		ks, err := apikey.NewStore(pool).List(ctx)
		if err != nil {
			return err
		}
		for _, k := range ks {
			out = append(out, listedKey{Kind: k.Kind, ID: k.ID, Members: k.Members, Assistant: k.Assistant, Note: k.Note,
				CreatedAt: k.CreatedAt, RevokedAt: k.RevokedAt, Revoked: k.RevokedAt != nil})
		}
		us, err := config.ReadAssistantUsers(t.cfg.DataDir)
		if err != nil {
			return err
		}
		for _, u := range us {
			out = append(out, listedKey{Kind: "nats", ID: u.User, Members: u.Members, Assistant: u.Assistant, CreatedAt: u.CreatedAt, Revoked: u.Revoked})
		}
		return nil
	})
	if err != nil {
		return err
	}
	if *asJSON {
		return printJSON(e.stdout, out)
	}
	if len(out) == 0 {
		e.printf("no keys\n")
		return nil
	}
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "KIND\tID\tMEMBERS\tASSISTANT\tCREATED\tREVOKED\tNOTE")
	for _, k := range out {
		rev := "-"
		if k.Revoked {
			rev = "revoked"
			if k.RevokedAt != nil {
				rev = k.RevokedAt.UTC().Format(time.RFC3339)
			}
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.Kind, k.ID, dash(strings.Join(k.Members, ",")), dash(k.Assistant),
			k.CreatedAt.UTC().Format(time.RFC3339), rev, dash(k.Note))
	}
	return w.Flush()
}

func keysRevoke(e *env, args []string) error {
	fs := newFlags(e, "keys revoke", "keys revoke ID [--json]", keysHelp)
	asJSON := fs.Bool("json", false, "print JSON")
	data := fs.String("data", "", "data directory of a running memhive")
	// The id may come before the flags.
	var id string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		id, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	e.jsonOut = *asJSON
	if id == "" && fs.NArg() == 1 {
		id = fs.Arg(0)
	} else if fs.NArg() > 0 || id == "" {
		return usagef("want one key id or NATS user (memhive keys list shows them)")
	}
	t, err := resolve(*data)
	if err != nil {
		return err
	}
	us, err := config.ReadAssistantUsers(t.cfg.DataDir)
	if err != nil {
		return err
	}
	if i := slices.IndexFunc(us, func(u config.AssistantUser) bool { return u.User == id }); i >= 0 {
		us[i].Revoked = true
		if err := config.WriteAssistantUsers(t.cfg.DataDir, us); err != nil {
			return err
		}
		if *asJSON {
			return printJSON(e.stdout, listedKey{Kind: "nats", ID: id, Members: us[i].Members, Assistant: us[i].Assistant, CreatedAt: us[i].CreatedAt, Revoked: true})
		}
		e.printf("revoked NATS user %s (a running memhive drops it within a second; open connections are closed)\n", id)
		return nil
	}
	return withDB(*data, func(ctx context.Context, t *target, pool *pgxpool.Pool) error {
		k, err := apikey.NewStore(pool).Revoke(ctx, id)
		if err != nil {
			var me *memhive.Error
			if errors.As(err, &me) {
				return err
			}
			return fmt.Errorf("revoke %s: %w", id, err)
		}
		if *asJSON {
			return printJSON(e.stdout, listedKey{Kind: k.Kind, ID: k.ID, Assistant: k.Assistant, Note: k.Note, CreatedAt: k.CreatedAt, RevokedAt: k.RevokedAt, Revoked: true})
		}
		e.printf("revoked %s key %s\n", k.Kind, k.ID)
		return nil
	})
}
