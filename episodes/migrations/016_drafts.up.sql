-- Drafts (issue 12, docs/scopes.md): facts an assistant brought in from its
-- own memory files (`memhive drain`) wait in a draft state, visible only to
-- the assistants that wrote them (drafted_by), until an operator approves or
-- rejects them. Nothing is deleted: a rejection is a state. The gate
-- (package gate) hides draft and rejected facts; a fact that never was a
-- draft has draft NULL and reads as before.
--
-- The facts guard (002) protects a fixed list of columns; these are not in
-- it, so they are the ones besides supersession that may change: the state
-- moves draft → approved | rejected, and drafted_by only grows.
ALTER TABLE facts
    ADD COLUMN draft            text CHECK (draft IN ('draft', 'approved', 'rejected')),
    ADD COLUMN drafted_by       text[] NOT NULL DEFAULT '{}',
    ADD COLUMN drain_hash       text,
    ADD COLUMN draft_decided_at timestamptz,
    ADD COLUMN draft_decided_by text;

-- One fact per drained text: draining the same entry again (from any
-- assistant) finds this row and only adds the assistant to drafted_by.
CREATE UNIQUE INDEX facts_drain_hash_idx ON facts (member_id, drain_hash) WHERE drain_hash IS NOT NULL;
-- The drafts waiting for a decision, listed by `memhive drafts list`.
CREATE INDEX facts_draft_idx ON facts (member_id, draft, recorded_at) WHERE draft IS NOT NULL;

-- A draft's state only moves forward, and its authors are only added to.
CREATE FUNCTION memhive_facts_draft_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.draft IS DISTINCT FROM NEW.draft
       AND NOT (OLD.draft = 'draft' AND NEW.draft IN ('approved', 'rejected')) THEN
        RAISE EXCEPTION 'memhive: a fact''s draft state may only move from draft to approved or rejected (was %, now %)', OLD.draft, NEW.draft
            USING ERRCODE = 'restrict_violation';
    END IF;
    IF NOT (NEW.drafted_by @> OLD.drafted_by) THEN
        RAISE EXCEPTION 'memhive: a draft''s authors are only ever added to'
            USING ERRCODE = 'restrict_violation';
    END IF;
    IF OLD.drain_hash IS DISTINCT FROM NEW.drain_hash THEN
        RAISE EXCEPTION 'memhive: a fact''s drain hash never changes'
            USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER facts_draft_guard BEFORE UPDATE ON facts
    FOR EACH ROW EXECUTE FUNCTION memhive_facts_draft_guard();
