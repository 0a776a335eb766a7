-- The mid-task advisor's decisions (docs/advisor.md): one row per topic an
-- assistant entered, whatever came of it: which arm answered (matcher,
-- model, holdout), the outcome (delivered, no_match, exhausted, holdout,
-- declined), the pick delivered, and both the matcher's and the model's
-- picks so shadow runs can be compared. The rows also hold the advisor's
-- rules: at most two deliveries per topic per session and never the same
-- memory twice in a session are counted from them. Append-only: the
-- record of what was pushed to an assistant is never rewritten.
CREATE TABLE advisor_decisions (
    member_id      text        NOT NULL,
    id             text        NOT NULL,   -- ULID
    session_id     text        NOT NULL,
    channel        text        NOT NULL,
    assistant      text        NOT NULL DEFAULT '',
    topic          text        NOT NULL,   -- as entered
    topic_key      text        NOT NULL,   -- canonical form: one topic however it is spelt
    mode           text        NOT NULL CHECK (mode IN ('matcher', 'shadow', 'rank')),
    arm            text        NOT NULL CHECK (arm IN ('matcher', 'model', 'holdout')),
    outcome        text        NOT NULL CHECK (outcome IN ('delivered', 'no_match', 'exhausted', 'holdout', 'declined')),
    pick_kind      text,                   -- the delivered memory (fact | belief); NULL when none
    pick_id        text,
    matcher_pick   text,                   -- what the matcher chose (delivered or not)
    model_pick     text,                   -- what the model chose (shadow and rank), '' = none
    model_verdict  text,                   -- the model call's verdict (its decision_log row has the rest)
    candidates     integer     NOT NULL DEFAULT 0,
    decided_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (member_id, id)
);
CREATE INDEX advisor_decisions_session_idx ON advisor_decisions (member_id, session_id, topic_key);

CREATE TRIGGER advisor_decisions_append_only
    BEFORE UPDATE OR DELETE ON advisor_decisions
    FOR EACH ROW EXECUTE FUNCTION memhive_append_only();
CREATE TRIGGER advisor_decisions_no_truncate
    BEFORE TRUNCATE ON advisor_decisions
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_append_only();
