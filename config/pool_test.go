package config

import (
	"encoding/json"
	"strings"
	"testing"
)

// Recall's pool is sized from its workers (five legs a call) unless set,
// and `memhive config show` (the effective config as JSON) shows both pools.
func TestPoolSizes(t *testing.T) {
	t.Setenv("MEMHIVE_CONFIG", "")
	t.Setenv("MEMHIVE_RECALL_WORKERS", "3")
	c, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	if c.DBPool != 10 || c.RecallWorkers != 3 || c.RecallPool != 15 {
		t.Fatalf("db_pool %d, recall_workers %d, recall_pool %d", c.DBPool, c.RecallWorkers, c.RecallPool)
	}
	b, _ := json.Marshal(c.Redacted())
	for _, k := range []string{`"db_pool":10`, `"recall_workers":3`, `"recall_pool":15`} {
		if !strings.Contains(string(b), k) {
			t.Fatalf("config show lacks %s: %s", k, b)
		}
	}
	t.Setenv("MEMHIVE_RECALL_POOL", "40")
	if c, err = Load(""); err != nil || c.RecallPool != 40 {
		t.Fatalf("recall_pool %d (%v)", c.RecallPool, err)
	}
	t.Setenv("MEMHIVE_DB_POOL", "-1")
	if _, err := Load(""); err == nil {
		t.Fatal("a negative pool was accepted")
	}
}

// Numbers out of range are refused, naming the variable to fix.
func TestOutOfRangeNamesTheVariable(t *testing.T) {
	t.Setenv("MEMHIVE_CONFIG", "")
	for env, v := range map[string]string{"MEMHIVE_PARTITIONS": "-3", "MEMHIVE_NATS_PORT": "99999", "MEMHIVE_DB_POOL": "-1"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv(env, v)
			if _, err := Load(""); err == nil || !strings.Contains(err.Error(), env) {
				t.Fatalf("%s=%s: %v, want a refusal naming %s", env, v, err, env)
			}
		})
	}
}
