package apikey_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/apikey"
	"github.com/memhive/memhive/internal/dbtest"
)

func TestStoreCreateCheckListRevoke(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	s := apikey.NewStore(pool)

	key, k, err := s.Create(ctx, apikey.Spec{Members: []string{"bob", "alice", "bob"}, Assistant: "talky", Note: "laptop"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(key, apikey.Prefix) || strings.Join(k.Members, ",") != "alice,bob" {
		t.Fatalf("%s %+v", key, k)
	}
	// Only the hash is stored.
	var stored []byte
	if err := pool.QueryRow(ctx, `SELECT hash FROM api_keys WHERE key_id = $1`, k.ID).Scan(&stored); err != nil ||
		string(stored) != string(apikey.Hash(key)) || strings.Contains(string(stored), key[len(key)-20:]) {
		t.Fatalf("stored %x %v", stored, err)
	}
	for _, m := range []string{"alice", "bob", ""} {
		if got, err := s.Check(ctx, key, m); err != nil || got.Assistant != "talky" || got.Kind != apikey.KindAssistant {
			t.Fatalf("%q: %+v %v", m, got, err)
		}
	}
	if _, err := s.Check(ctx, key, "carol"); !errors.Is(err, apikey.ErrMember) {
		t.Fatalf("carol: %v", err)
	}
	wrong := key[:len(key)-1] + map[bool]string{true: "0", false: "1"}[key[len(key)-1] != '0']
	for _, bad := range []string{"", "mhk_", wrong, "Bearer " + key, key + "0"} {
		if _, err := s.Check(ctx, bad, "alice"); !errors.Is(err, apikey.ErrUnknown) {
			t.Fatalf("%q: %v", bad, err)
		}
	}
	op, _, err := s.Create(ctx, apikey.Spec{Kind: apikey.KindOperator})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.Check(ctx, op, ""); err != nil || got.Kind != apikey.KindOperator {
		t.Fatalf("operator: %+v %v", got, err)
	}
	list, err := s.List(ctx)
	if err != nil || len(list) != 2 || list[0].ID != k.ID || strings.Join(list[0].Members, ",") != "alice,bob" {
		t.Fatalf("list %+v %v", list, err)
	}
	if r, err := s.Revoke(ctx, k.ID); err != nil || r.RevokedAt == nil {
		t.Fatalf("revoke %+v %v", r, err)
	}
	if _, err := s.Check(ctx, key, "alice"); !errors.Is(err, apikey.ErrUnknown) {
		t.Fatalf("revoked: %v", err)
	}
	if _, err := s.Revoke(ctx, "0000000000000000"); memhive.CodeOf(err) != memhive.CodeNotFound {
		t.Fatalf("unknown id: %v", err)
	}
	for _, bad := range []apikey.Spec{{Assistant: "talky"}, {Members: []string{"Alice"}, Assistant: "talky"},
		{Members: []string{"alice"}}, {Kind: apikey.KindOperator, Members: []string{"alice"}}, {Kind: "root"}} {
		if _, _, err := s.Create(ctx, bad); err == nil {
			t.Fatalf("%+v accepted", bad)
		}
	}
}
