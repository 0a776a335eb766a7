-- The keyword leg's inverted index: BM25 over all of a member's episodes.
--
-- keyword_postings holds one row per (member, lexeme, episode): the lexeme's
-- count in the episode's tsv (tf: its positions; to_tsvector keeps at most
-- 256 a lexeme) and the episode's length (dl: the sum of its lexemes' tf),
-- so that a term's BM25 contributions are read from this index alone.
-- keyword_terms holds each lexeme's document frequency per member (df), and
-- under the term '' (which sorts first) the member's totals: df = N, the
-- number of the member's episodes, len = the sum of their lengths.
-- Document frequencies are per member over all of the member's episodes,
-- whatever their audience: the gate and the request filters decide which
-- rows are candidates, not what a term weighs.
--
-- Both are written by a statement-level trigger on episodes, in the same
-- transaction as the episode insert, whatever the path (the appender's
-- INSERT, COPY, an import). The counters are upserted in (member_id, term)
-- order by one statement, so two transactions that each insert episodes in
-- one statement never deadlock on them; transactions writing the same member
-- wait for each other from that upsert to their commit.
--
-- term is COLLATE "C" so that a prefix (a query term's lexeme with ':*') is
-- a range of the primary key: term >= p AND term < p || chr(1114111).

CREATE TABLE keyword_postings (
    member_id  text NOT NULL,
    term       text COLLATE "C" NOT NULL,
    episode_id text NOT NULL,
    tf         integer NOT NULL,
    dl         integer NOT NULL,
    PRIMARY KEY (member_id, term, episode_id) INCLUDE (tf, dl)
);

CREATE TABLE keyword_terms (
    member_id text NOT NULL,
    term      text COLLATE "C" NOT NULL,
    df        bigint NOT NULL,
    len       bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, term)
) WITH (fillfactor = 70);
-- fillfactor 70: room on each page, so the counters' updates are HOT (df and
-- len are in no index) and do not add key entries.

-- memhive_keyword_lexemes: the lexemes of t with their tf (a stripped
-- tsvector has no positions: tf 1).
CREATE FUNCTION memhive_keyword_lexemes(t tsvector, OUT term text, OUT tf integer) RETURNS SETOF record
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT l.lexeme, greatest(coalesce(cardinality(l.positions), 0), 1) FROM unnest(t) AS l
$$;

CREATE FUNCTION memhive_keyword_index() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    /* leg:keyword */
    WITH lex AS MATERIALIZED (
        SELECT n.member_id, n.id, l.term, l.tf,
               sum(l.tf) OVER (PARTITION BY n.member_id, n.id) AS dl
        FROM new_rows n CROSS JOIN LATERAL memhive_keyword_lexemes(n.tsv) l
    ), post AS (
        INSERT INTO keyword_postings (member_id, term, episode_id, tf, dl)
        SELECT member_id, term, id, tf, dl FROM lex
    )
    INSERT INTO keyword_terms AS k (member_id, term, df, len)
    SELECT member_id, term, sum(df), sum(len) FROM (
        SELECT member_id, term, 1 AS df, 0 AS len FROM lex
        UNION ALL
        SELECT n.member_id, '', 1,
               coalesce((SELECT sum(l.tf) FROM memhive_keyword_lexemes(n.tsv) l), 0)
        FROM new_rows n
    ) z
    GROUP BY member_id, term
    ORDER BY member_id, term
    ON CONFLICT (member_id, term) DO UPDATE SET df = k.df + excluded.df, len = k.len + excluded.len;
    RETURN NULL;
END;
$$;

-- The trigger first: CREATE TRIGGER locks episodes against writes until this
-- transaction commits, so the backfill below sees every row written before
-- and the trigger every row written after.
CREATE TRIGGER episodes_keyword_index
    AFTER INSERT ON episodes REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION memhive_keyword_index();

-- Backfill: the episodes already written.
INSERT INTO keyword_postings (member_id, term, episode_id, tf, dl)
SELECT e.member_id, l.term, e.id, l.tf, sum(l.tf) OVER (PARTITION BY e.member_id, e.id)
FROM episodes e CROSS JOIN LATERAL memhive_keyword_lexemes(e.tsv) l;

INSERT INTO keyword_terms (member_id, term, df, len)
SELECT member_id, term, count(*), 0 FROM keyword_postings GROUP BY member_id, term
UNION ALL
SELECT e.member_id, '', count(*),
       coalesce(sum((SELECT sum(l.tf) FROM memhive_keyword_lexemes(e.tsv) l)), 0)
FROM episodes e GROUP BY e.member_id;
