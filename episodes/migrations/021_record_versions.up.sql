-- record_versions: a per-member counter that every statement changing what
-- the facts in force are made of bumps (facts, predicate aliases, predicate
-- cardinalities; beliefs too, so a reader can tell any profile change).
-- Recall's tier 0 keeps the member's resolved in-force profile lines in
-- process, keyed by this version; since the version lives in the database,
-- a write through any process invalidates every process's copy at its next
-- read. member '*' counts the hive-wide rows (seeded cardinalities), which
-- touch every member: a reader adds it to its member's version.
CREATE TABLE record_versions (
    member_id text   NOT NULL,
    version   bigint NOT NULL,
    PRIMARY KEY (member_id)
);

-- One statement, one bump per member it touched (statement-level, through
-- the transition table; members in order so concurrent writers lock rows
-- in one order). The counter is bumped inside the writer's transaction, so
-- the change and the new version become visible together.
CREATE FUNCTION memhive_bump_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO record_versions AS v (member_id, version)
    SELECT DISTINCT c.member_id, 1 FROM changed c ORDER BY c.member_id
    ON CONFLICT (member_id) DO UPDATE SET version = v.version + 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER facts_version_ins AFTER INSERT ON facts REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();
CREATE TRIGGER facts_version_upd AFTER UPDATE ON facts REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();
CREATE TRIGGER facts_version_del AFTER DELETE ON facts REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();

CREATE TRIGGER beliefs_version_ins AFTER INSERT ON beliefs REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();
CREATE TRIGGER beliefs_version_upd AFTER UPDATE ON beliefs REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();
CREATE TRIGGER beliefs_version_del AFTER DELETE ON beliefs REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();

CREATE TRIGGER aliases_version_ins AFTER INSERT ON aliases REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();
CREATE TRIGGER aliases_version_upd AFTER UPDATE ON aliases REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();
CREATE TRIGGER aliases_version_del AFTER DELETE ON aliases REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();

CREATE TRIGGER cardinality_version_ins AFTER INSERT ON predicate_cardinality REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();
CREATE TRIGGER cardinality_version_upd AFTER UPDATE ON predicate_cardinality REFERENCING NEW TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();
CREATE TRIGGER cardinality_version_del AFTER DELETE ON predicate_cardinality REFERENCING OLD TABLE AS changed
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_bump_record_version();
