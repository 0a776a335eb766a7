-- What is distilled from the record: facts on version chains, the graph,
-- beliefs, embeddings, aliases and the logs of the passes. Nothing here is
-- deleted: supersession, revert and switch-off are column changes.

CREATE TABLE facts (
    member_id          text        NOT NULL,
    id                 text        NOT NULL,          -- ULID
    subject            text        NOT NULL,
    predicate          text        NOT NULL,
    claim              text        NOT NULL,
    subject_canon      text        NOT NULL,
    predicate_canon    text        NOT NULL,
    claim_canon        text        NOT NULL,
    claim_hash         text        NOT NULL,
    fact_kind          text        NOT NULL DEFAULT 'world' CHECK (fact_kind IN ('world', 'experience', 'foresight')),
    confidence         integer     NOT NULL DEFAULT 70 CHECK (confidence BETWEEN 0 AND 100),
    valid_from         timestamptz NOT NULL,
    valid_until        timestamptz,
    recorded_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    expired_at         timestamptz,
    superseded_by      text,
    closure_source     text,
    source_episode_ids text[]      NOT NULL DEFAULT '{}',
    session_id         text,
    channel            text        NOT NULL,
    audience           text[]      NOT NULL,
    speaker            text,
    origin             text        NOT NULL DEFAULT 'close',  -- close | memorize | update | import
    tsv                tsvector    GENERATED ALWAYS AS (to_tsvector('english', subject || ' ' || replace(predicate, '_', ' ') || ' ' || claim)) STORED,
    tokens             integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, id),
    UNIQUE (member_id, claim_hash)
);
CREATE INDEX facts_axis_idx    ON facts (member_id, subject_canon, predicate_canon, valid_from);
CREATE INDEX facts_kind_idx    ON facts (member_id, fact_kind, valid_from);
CREATE INDEX facts_tsv_idx     ON facts USING gin (tsv);

-- Only the supersession columns may change on a fact.
CREATE FUNCTION memhive_facts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'memhive: facts are never deleted' USING ERRCODE = 'restrict_violation';
    END IF;
    IF (NEW.member_id, NEW.id, NEW.subject, NEW.predicate, NEW.claim, NEW.claim_hash, NEW.fact_kind,
        NEW.confidence, NEW.valid_from, NEW.recorded_at, NEW.source_episode_ids, NEW.channel, NEW.audience)
       IS DISTINCT FROM
       (OLD.member_id, OLD.id, OLD.subject, OLD.predicate, OLD.claim, OLD.claim_hash, OLD.fact_kind,
        OLD.confidence, OLD.valid_from, OLD.recorded_at, OLD.source_episode_ids, OLD.channel, OLD.audience) THEN
        RAISE EXCEPTION 'memhive: only the supersession columns of a fact may change' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER facts_guard BEFORE UPDATE OR DELETE ON facts
    FOR EACH ROW EXECUTE FUNCTION memhive_facts_guard();

CREATE TABLE entities (
    member_id   text        NOT NULL,
    id          text        NOT NULL,
    name        text        NOT NULL,
    canon       text        NOT NULL,
    kind        text        NOT NULL DEFAULT 'thing',
    audience    text[]      NOT NULL,
    channel     text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (member_id, id),
    UNIQUE (member_id, canon)
);

CREATE TABLE entity_edges (
    member_id          text        NOT NULL,
    id                 text        NOT NULL,
    src_id             text        NOT NULL,
    dst_id             text        NOT NULL,
    relation           text        NOT NULL,
    fact_id            text,
    source_episode_id  text,
    channel            text        NOT NULL,
    audience           text[]      NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (member_id, id)
);
CREATE INDEX entity_edges_src_idx ON entity_edges (member_id, src_id);
CREATE INDEX entity_edges_dst_idx ON entity_edges (member_id, dst_id);

CREATE TABLE beliefs (
    member_id        text        NOT NULL,
    id               text        NOT NULL,
    holder           text        NOT NULL,
    statement        text        NOT NULL,
    section          text        NOT NULL DEFAULT 'profile',
    confidence       integer     NOT NULL DEFAULT 70 CHECK (confidence BETWEEN 0 AND 100),
    active           boolean     NOT NULL DEFAULT true,
    pinned           boolean     NOT NULL DEFAULT false,
    source_fact_ids  text[]      NOT NULL DEFAULT '{}',
    channel          text        NOT NULL,
    audience         text[]      NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    tokens           integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, id)
);
CREATE INDEX beliefs_active_idx ON beliefs (member_id, active, created_at);

CREATE TABLE emb_models (
    name        text        NOT NULL PRIMARY KEY,
    dimensions  integer     NOT NULL,
    active      boolean     NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX emb_models_one_active ON emb_models (active) WHERE active;

-- Vectors have the dimension of their model; each model gets its own partial
-- HNSW index (created when the model is registered) over vec::vector(dims).
CREATE TABLE embeddings (
    member_id   text        NOT NULL,
    owner_kind  text        NOT NULL CHECK (owner_kind IN ('episode', 'fact', 'belief')),
    owner_id    text        NOT NULL,
    model       text        NOT NULL,
    status      text        NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'ready')),
    vec         vector,
    queued_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    ready_at    timestamptz,
    PRIMARY KEY (member_id, owner_kind, owner_id, model)
);
CREATE INDEX embeddings_queue_idx ON embeddings (model, queued_at) WHERE status = 'queued';

CREATE TABLE aliases (
    member_id   text        NOT NULL,
    id          text        NOT NULL,
    dimension   text        NOT NULL CHECK (dimension IN ('entity', 'predicate', 'claim')),
    alias       text        NOT NULL,
    canonical   text        NOT NULL,
    decided_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    decided_by  text        NOT NULL,
    reverted_at timestamptz,
    PRIMARY KEY (member_id, id)
);
CREATE UNIQUE INDEX aliases_live_idx ON aliases (member_id, dimension, alias) WHERE reverted_at IS NULL;

CREATE TABLE rejected_pairs (
    member_id   text        NOT NULL,
    dimension   text        NOT NULL,
    a           text        NOT NULL,
    b           text        NOT NULL,
    decided_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    decided_by  text        NOT NULL,
    PRIMARY KEY (member_id, dimension, a, b)
);

CREATE TABLE predicate_cardinality (
    member_id   text        NOT NULL,               -- '*' for the seeded, hive-wide list
    predicate   text        NOT NULL,
    cardinality text        NOT NULL CHECK (cardinality IN ('single', 'multi')),
    source      text        NOT NULL CHECK (source IN ('seeded', 'judged', 'learned')),
    decided_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (member_id, predicate, source)
);

CREATE TABLE consolidation_log (
    member_id     text        NOT NULL,             -- '*' for a hive-wide run
    run_id        text        NOT NULL,
    kind          text        NOT NULL,             -- close | nightly
    window_from   timestamptz,
    window_to     timestamptz,
    status        text        NOT NULL,             -- running | completed | skipped | failed
    verdicts      jsonb       NOT NULL DEFAULT '{}',
    model_calls   integer     NOT NULL DEFAULT 0,
    model_tokens  integer     NOT NULL DEFAULT 0,
    started_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
    finished_at   timestamptz,
    PRIMARY KEY (member_id, run_id)
);

CREATE TABLE decision_log (
    member_id         text        NOT NULL,
    id                text        NOT NULL,
    cell              text        NOT NULL,
    tier              text,
    verdict           text        NOT NULL,
    latency_ms        integer     NOT NULL,
    prompt_tokens     integer     NOT NULL DEFAULT 0,
    completion_tokens integer     NOT NULL DEFAULT 0,
    at                timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (member_id, id)
);
