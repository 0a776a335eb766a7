-- keyword_docs: each episode's ordinal within its member, for caches of the
-- keyword index (recall/kwcache.go) that must find the episodes written
-- since they last looked, exactly, whatever process wrote them.
--
-- ord is 1..N per member, gap-free, in commit order: the keyword trigger
-- upserts the member's totals row (keyword_terms, term '') before it numbers
-- the statement's new rows from the count it just wrote, and that row stays
-- locked until the writer's transaction ends, so two transactions writing
-- one member number their rows one after the other, and the later-numbered
-- commits later. A transaction that rolls back leaves no number behind (its
-- successor takes them). A reader that holds ords 1..n therefore knows that
-- every episode it lacks has ord > n, and that `ord > n` in one statement
-- returns all the episodes that statement's snapshot holds beyond n: there
-- is no row committed late below a number already seen.
--
-- Episodes are append-only (migration 001): an ordinal never changes.

-- Writers wait until the backfill and the new trigger function are in
-- place, so every episode is numbered once.
LOCK TABLE episodes IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE keyword_docs (
    member_id  text   NOT NULL,
    ord        bigint NOT NULL,
    episode_id text   NOT NULL,
    PRIMARY KEY (member_id, ord)
);

INSERT INTO keyword_docs (member_id, ord, episode_id)
SELECT member_id, row_number() OVER (PARTITION BY member_id ORDER BY recorded_at, id), id FROM episodes;

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
    -- The member's count now includes this statement's rows, and its row is
    -- locked by this transaction until it ends: number them below it.
    /* leg:keyword */
    INSERT INTO keyword_docs (member_id, ord, episode_id)
    SELECT n.member_id, k.df - count(*) OVER (PARTITION BY n.member_id) + row_number() OVER (PARTITION BY n.member_id ORDER BY n.id), n.id
    FROM new_rows n JOIN keyword_terms k ON k.member_id = n.member_id AND k.term = '';
    RETURN NULL;
END;
$$;
