package node

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"golang.org/x/crypto/bcrypt"

	"github.com/memhive/memhive/config"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/lanes"
)

// The embedded NATS server authenticates every client (docs/surfaces.md,
// "Trust"). Its users:
//
//   - memhive (config.NATSUserFile): everything, the stream and its consumers
//     included; its password is made on first start into the data dir, 0600.
//   - one user per assistant credential (config.AssistantUsersFile, made
//     by `memhive keys create --nats`): it may publish only to its
//     members' lanes (episode, close, remember, recall, topic and the memory tools)
//     and ask for the episode stream's info (the lanes client does, to learn
//     whether atomic batches are on); it may subscribe only to its own inbox
//     prefix _INBOX_<user> and its members' reject subjects. It can read no
//     stream, create no consumer and publish to no other member.
//
// A client without credentials, or with wrong ones, is refused at connect.

// AssistantPermissions are the NATS permissions of an assistant user.
func AssistantPermissions(prefix string, u config.AssistantUser) *server.Permissions {
	var pub, sub []string
	for _, m := range u.Members {
		for _, lane := range append([]string{"episode", "close", "remember", "recall", "topic"}, gateway.MemoryTools...) {
			pub = append(pub, prefix+"."+m+"."+lane)
		}
		sub = append(sub, prefix+"."+m+".reject")
	}
	pub = append(pub, "$JS.API.STREAM.INFO."+lanes.EpisodeStream)
	sub = append(sub, u.InboxPrefix()+".>")
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: pub},
		Subscribe: &server.SubjectPermission{Allow: sub},
	}
}

// natsUsers are the embedded server's users for dataDir.
func natsUsers(dataDir, prefix string) ([]*server.User, error) {
	me, err := config.EnsureNATSUser(dataDir)
	if err != nil {
		return nil, fmt.Errorf("nats credentials: %w", err)
	}
	users := []*server.User{{Username: me.User, Password: me.Password}}
	as, err := config.ReadAssistantUsers(dataDir)
	if err != nil {
		return nil, fmt.Errorf("nats credentials: %w", err)
	}
	for _, a := range as {
		if a.Revoked || a.User == me.User {
			continue
		}
		users = append(users, &server.User{Username: a.User, Password: a.Hash, Permissions: AssistantPermissions(prefix, a)})
	}
	return users, nil
}

// HashNATSPassword is the stored form of an assistant's NATS password (the
// server compares bcrypt hashes itself).
func HashNATSPassword(pw string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
	return string(h), err
}

// watchNATSUsers reloads the embedded server's users when the assistants'
// users file changes (a `memhive keys create --nats` or `revoke` on this
// machine), until ctx ends.
func watchNATSUsers(ctx context.Context, s *server.Server, base server.Options, dataDir, prefix string, log *slog.Logger) {
	read := func() []byte { b, _ := os.ReadFile(config.AssistantUsersFile(dataDir)); return b }
	last := read()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		cur := read()
		if bytes.Equal(cur, last) {
			continue
		}
		last = cur
		if err := reloadNATSUsers(s, base, dataDir, prefix); err != nil {
			log.Error("nats: reloading the assistants' users failed; the old ones stay", "err", err)
			continue
		}
		log.Info("nats: assistants' users reloaded", "file", config.AssistantUsersFile(dataDir))
	}
}

func reloadNATSUsers(s *server.Server, base server.Options, dataDir, prefix string) error {
	users, err := natsUsers(dataDir, prefix)
	if err != nil {
		return err
	}
	opts := base.Clone()
	opts.Users = users
	return s.ReloadOptions(opts)
}

// NATSClientOptions are the options memhive and its CLI connect with:
// given a NATS URL (cfg.NATSURL), the credentials in it (user:password@ or
// token@) or in MEMHIVE_NATS_CREDS (a .creds file) or MEMHIVE_NATS_NKEY (an
// nkey seed file); with the embedded server, memhive's own user from the
// data directory.
func NATSClientOptions(cfg *config.Config, embedded bool) ([]nats.Option, error) {
	if embedded {
		u, err := config.ReadNATSUser(cfg.DataDir)
		if err != nil {
			return nil, fmt.Errorf("memhive's NATS credentials (%s): %w", config.NATSUserFile(cfg.DataDir), err)
		}
		return []nats.Option{nats.UserInfo(u.User, u.Password)}, nil
	}
	var opts []nats.Option
	if cfg.NATSCreds != "" {
		opts = append(opts, nats.UserCredentials(cfg.NATSCreds))
	}
	if cfg.NATSNKey != "" {
		o, err := nats.NkeyOptionFromSeed(cfg.NATSNKey)
		if err != nil {
			return nil, fmt.Errorf("nats nkey seed %s: %w", cfg.NATSNKey, err)
		}
		opts = append(opts, o)
	}
	return opts, nil
}
