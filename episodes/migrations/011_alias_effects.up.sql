-- Reverts that last (docs/facts.md). A nightly supersession made through a
-- predicate alias (the alias put both versions on one axis, or made the
-- axis single) is recorded here, one row per alias it went through, with
-- whether the run set valid_until. Reverting the alias undoes each such
-- supersession still in effect, through the columns the facts guard allows
-- (superseded_by, expired_at, closure_source, valid_until), and marks its
-- rows undone. Nothing is deleted: only undone_at and undone_by may change.
CREATE TABLE alias_effects (
    member_id        text        NOT NULL,
    alias_id         text        NOT NULL,
    fact_id          text        NOT NULL,   -- the version the run closed
    run_id           text        NOT NULL,   -- closure_source 'nightly:<run_id>'
    superseded_by    text        NOT NULL,   -- the version that closed it
    set_valid_until  boolean     NOT NULL,   -- valid_until was NULL and the run set it
    applied_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    undone_at        timestamptz,
    undone_by        text,                   -- 'revert:<alias id>'
    PRIMARY KEY (member_id, alias_id, fact_id, run_id)
);
CREATE INDEX alias_effects_fact_idx ON alias_effects (member_id, fact_id);

CREATE FUNCTION memhive_alias_effects_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'memhive: alias effects are never deleted' USING ERRCODE = 'restrict_violation';
    END IF;
    IF (NEW.member_id, NEW.alias_id, NEW.fact_id, NEW.run_id, NEW.superseded_by, NEW.set_valid_until, NEW.applied_at)
       IS DISTINCT FROM
       (OLD.member_id, OLD.alias_id, OLD.fact_id, OLD.run_id, OLD.superseded_by, OLD.set_valid_until, OLD.applied_at) THEN
        RAISE EXCEPTION 'memhive: only undone_at and undone_by of an alias effect may change' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER alias_effects_guard BEFORE UPDATE OR DELETE ON alias_effects
    FOR EACH ROW EXECUTE FUNCTION memhive_alias_effects_guard();
