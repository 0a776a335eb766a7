package episodes

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// RuntimeRole is the role memhive runs its queries as: it may read and
// write what the cells need, but it cannot UPDATE, DELETE or TRUNCATE the
// record (episodes, refusals), owns no table (so it cannot ALTER a table or
// disable a trigger) and is no superuser (so it cannot set
// session_replication_role). Migrations run as the owner.
const RuntimeRole = "memhive_app"

// GrantRuntime makes sure role exists and holds exactly the runtime
// privileges on the current schema's tables (memhive_grant_runtime, from
// migration 007). pool must be the owner's, after Migrate. login says
// whether the role may log in itself (the private cluster connects as it);
// otherwise it is NOLOGIN and the owner is made a member of it, so that the
// owner's connections can SET ROLE to it. Roles are cluster-global:
// creating one is idempotent and safe against a concurrent creator.
func GrantRuntime(ctx context.Context, pool *pgxpool.Pool, role string, login bool) error {
	var exists, super bool
	if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1),
		(SELECT rolsuper FROM pg_roles WHERE rolname = current_user)`, role).Scan(&exists, &super); err != nil {
		return fmt.Errorf("runtime role: %w", err)
	}
	ident := pgx.Identifier{role}.Sanitize()
	if !exists {
		attr := "NOLOGIN"
		if login {
			attr = "LOGIN"
		}
		if _, err := pool.Exec(ctx, "CREATE ROLE "+ident+" "+attr+" NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT"); err != nil {
			var pe *pgconn.PgError
			// 42710 duplicate_object, 23505 unique_violation: another process
			// created it at the same moment.
			if !errors.As(err, &pe) || (pe.Code != "42710" && pe.Code != "23505") {
				return fmt.Errorf("runtime role: create role %s (the database user needs CREATEROLE, or create it by hand: CREATE ROLE %s NOLOGIN): %w", role, role, err)
			}
		}
	} else if login {
		if _, err := pool.Exec(ctx, "ALTER ROLE "+ident+" LOGIN"); err != nil {
			return fmt.Errorf("runtime role: %w", err)
		}
	}
	if !super {
		if _, err := pool.Exec(ctx, "GRANT "+ident+" TO CURRENT_USER"); err != nil {
			return fmt.Errorf("runtime role: grant %s to the owner (needed for SET ROLE): %w", role, err)
		}
	}
	if _, err := pool.Exec(ctx, `SELECT memhive_grant_runtime($1)`, role); err != nil {
		return fmt.Errorf("runtime role: grant privileges to %s: %w", role, err)
	}
	return nil
}
