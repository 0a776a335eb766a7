-- The keyword leg reads a term's postings shortest episode first.
--
-- A BM25 term's contribution idf·tf·(k1+1)/(tf + k1·(1 − b + b·dl/avgdl))
-- falls as the episode's length dl grows and rises with tf. Keyed by
-- (member_id, term, dl, episode_id), a term's postings are read in order of
-- dl, and once every posting below a length D has been read, a row not
-- yet seen holds the term with dl ≥ D: its contribution is at most the
-- formula at (max_tf, max(max_tf, D)). The leg (recall/keyword.go) stops
-- reading when no unseen row can beat its top: on a big member it reads a
-- few postings of a common term (a speaker's name, a short stem), not all.
--
-- dl is the episode's length, the same in all of its postings, so a probe
-- for one episode's posting of a lexeme (which knows its dl) is still one
-- key lookup, and the key is as unique as before (dl depends on the
-- episode). Same columns, same write cost: the key is rebuilt, no index is
-- added.
--
-- keyword_postings_multi_idx holds the postings whose tf is above 1 (a few
-- in a hundred in chat: a word said twice in one turn). The leg reads
-- those of a query's lexemes first, in full, and then the others, whose tf
-- is 1, shortest first: the bound of a row not met then counts 1 per
-- lexeme, not the lexeme's largest tf, which one long turn sets.
--
-- keyword_terms.max_tf is the largest tf of the lexeme in the member's
-- postings (kept by the trigger; nothing is ever deleted, so it only grows),
-- so that the bound above uses the tf a term really reaches (1 for most of a
-- chat's words) instead of any tf.

ALTER TABLE keyword_postings DROP CONSTRAINT keyword_postings_pkey;
ALTER TABLE keyword_postings ADD CONSTRAINT keyword_postings_pkey PRIMARY KEY (member_id, term, dl, episode_id) INCLUDE (tf);

CREATE INDEX keyword_postings_multi_idx ON keyword_postings (member_id, term, dl, episode_id) INCLUDE (tf) WHERE tf > 1;

ALTER TABLE keyword_terms ADD COLUMN max_tf integer NOT NULL DEFAULT 1;

UPDATE keyword_terms k SET max_tf = m.max_tf
FROM (SELECT member_id, term, max(tf) AS max_tf FROM keyword_postings GROUP BY member_id, term) m
WHERE k.member_id = m.member_id AND k.term = m.term AND m.max_tf <> 1;

CREATE OR REPLACE FUNCTION memhive_keyword_index() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO keyword_terms AS k (member_id, term, df, len, max_tf)
    SELECT member_id, term, sum(df), sum(len), max(max_tf) FROM (
        SELECT member_id, term, 1 AS df, 0 AS len, tf AS max_tf FROM lex
        UNION ALL
        SELECT n.member_id, '', 1,
               coalesce((SELECT sum(l.tf) FROM memhive_keyword_lexemes(n.tsv) l), 0), 1
        FROM new_rows n
    ) z
    GROUP BY member_id, term
    ORDER BY member_id, term
    ON CONFLICT (member_id, term) DO UPDATE SET df = k.df + excluded.df, len = k.len + excluded.len,
        max_tf = greatest(k.max_tf, excluded.max_tf);
    RETURN NULL;
END;
$$;
