-- The close and nightly passes: session summaries, the seeded predicate
-- cardinality list, and the indexes the passes read by. Nothing here is
-- deleted: a compressed summary points at the summaries it folds, which stay.

CREATE TABLE summaries (
    member_id           text        NOT NULL,
    id                  text        NOT NULL,          -- derived from its sources, so re-running writes nothing
    session_id          text,                          -- null for a compressed summary over several sessions
    channel             text        NOT NULL,
    audience            text[]      NOT NULL CHECK (cardinality(audience) > 0),
    from_at             timestamptz NOT NULL,          -- first turn covered (happened_at)
    to_at               timestamptz NOT NULL,          -- last turn covered
    text                text        NOT NULL,
    compressed          boolean     NOT NULL DEFAULT false,
    source_episode_ids  text[]      NOT NULL DEFAULT '{}',
    source_summary_ids  text[]      NOT NULL DEFAULT '{}',
    created_at          timestamptz NOT NULL DEFAULT clock_timestamp(),
    tokens              integer     NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, id)
);
CREATE INDEX summaries_time_idx ON summaries (member_id, compressed, to_at);

CREATE TRIGGER summaries_append_only
    BEFORE UPDATE OR DELETE ON summaries
    FOR EACH ROW EXECUTE FUNCTION memhive_append_only();

CREATE INDEX entity_edges_fact_idx ON entity_edges (member_id, fact_id);
CREATE INDEX facts_recorded_idx    ON facts (member_id, recorded_at);
CREATE INDEX episodes_recorded_idx ON episodes (member_id, recorded_at);

-- The seeded, hive-wide cardinality list (member_id '*'). A member's own
-- rows, judged or learned, may add to it; seeded rows take precedence.
INSERT INTO predicate_cardinality (member_id, predicate, cardinality, source) VALUES
    ('*', 'name',            'single', 'seeded'),
    ('*', 'age',             'single', 'seeded'),
    ('*', 'birthday',        'single', 'seeded'),
    ('*', 'lives_in',        'single', 'seeded'),
    ('*', 'from',            'single', 'seeded'),
    ('*', 'works_at',        'single', 'seeded'),
    ('*', 'job_title',       'single', 'seeded'),
    ('*', 'manager',         'single', 'seeded'),
    ('*', 'married_to',      'single', 'seeded'),
    ('*', 'wife',            'single', 'seeded'),
    ('*', 'husband',         'single', 'seeded'),
    ('*', 'partner',         'single', 'seeded'),
    ('*', 'mother',          'single', 'seeded'),
    ('*', 'father',          'single', 'seeded'),
    ('*', 'relationship_status', 'single', 'seeded'),
    ('*', 'email',           'single', 'seeded'),
    ('*', 'phone',           'single', 'seeded'),
    ('*', 'favorite_color',  'single', 'seeded'),
    ('*', 'favorite_food',   'single', 'seeded'),
    ('*', 'likes',           'multi',  'seeded'),
    ('*', 'dislikes',        'multi',  'seeded'),
    ('*', 'prefers',         'multi',  'seeded'),
    ('*', 'has_pet',         'multi',  'seeded'),
    ('*', 'owns',            'multi',  'seeded'),
    ('*', 'is_a',            'multi',  'seeded'),
    ('*', 'friend',          'multi',  'seeded'),
    ('*', 'sister',          'multi',  'seeded'),
    ('*', 'brother',         'multi',  'seeded'),
    ('*', 'sibling',         'multi',  'seeded'),
    ('*', 'son',             'multi',  'seeded'),
    ('*', 'daughter',        'multi',  'seeded'),
    ('*', 'child',           'multi',  'seeded'),
    ('*', 'colleague',       'multi',  'seeded'),
    ('*', 'plans',           'multi',  'seeded'),
    ('*', 'travels_to',      'multi',  'seeded'),
    ('*', 'note',            'multi',  'seeded')
ON CONFLICT DO NOTHING;
