-- Access: API keys for the HTTP and MCP-over-HTTP surfaces, and the
-- privileges of memhive's runtime role (docs/surfaces.md, "Trust").
--
-- A key is a header row (api_keys: its id, the sha256 of the whole key, its
-- kind and assistant) and one row per member it covers (api_key_members,
-- member_id leading the key). On Citus, api_keys is a reference table (small,
-- read by key id on every request, replicated to every node) and
-- api_key_members is distributed by member_id like every other table, so the
-- per-request check "does this key cover this member" is a router query.

CREATE TABLE api_keys (
    key_id      text        PRIMARY KEY CHECK (key_id ~ '^[a-z0-9]{16}$'),
    hash        bytea       NOT NULL CHECK (length(hash) = 32),   -- sha256 of the whole key
    kind        text        NOT NULL CHECK (kind IN ('assistant', 'operator')),
    assistant   text        NOT NULL DEFAULT '',
    note        text        NOT NULL DEFAULT '' CHECK (length(note) <= 200),
    created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    revoked_at  timestamptz,
    CHECK ((kind = 'assistant') = (assistant <> ''))
);

CREATE TABLE api_key_members (
    member_id   text NOT NULL CHECK (member_id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
    key_id      text NOT NULL REFERENCES api_keys (key_id),
    PRIMARY KEY (member_id, key_id)
);

-- memhive_grant_runtime gives role what memhive needs at run time in the
-- current schema, and no more: read and write every table, but on the
-- append-only record (episodes, refusals) only SELECT and INSERT; DELETE
-- only on the embedding queue; never TRUNCATE, REFERENCES or TRIGGER, and no
-- ownership, so no ALTER TABLE (… DISABLE TRIGGER). The migration ledger and
-- the keys are read-only to it. memhive calls it after every migration run,
-- so tables added by later migrations are covered too.
CREATE FUNCTION memhive_grant_runtime(role text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    s text := current_schema();
    t text;
BEGIN
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', s, role);
    FOR t IN SELECT c.relname FROM pg_class c
             WHERE c.relnamespace = s::regnamespace AND c.relkind IN ('r', 'p')
    LOOP
        EXECUTE format('REVOKE ALL ON TABLE %I.%I FROM %I', s, t, role);
        IF t IN ('episodes', 'refusals', 'memhive_migrations', 'api_keys', 'api_key_members') THEN
            EXECUTE format('GRANT SELECT ON TABLE %I.%I TO %I', s, t, role);
            IF t IN ('episodes', 'refusals') THEN
                EXECUTE format('GRANT INSERT ON TABLE %I.%I TO %I', s, t, role);
            END IF;
        ELSE
            EXECUTE format('GRANT SELECT, INSERT, UPDATE ON TABLE %I.%I TO %I', s, t, role);
        END IF;
        IF t = 'embeddings' THEN
            EXECUTE format('GRANT DELETE ON TABLE %I.%I TO %I', s, t, role);
        END IF;
    END LOOP;
    EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO %I', s, role);
END;
$$;
