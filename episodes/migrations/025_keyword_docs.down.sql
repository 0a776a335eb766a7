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

DROP TABLE keyword_docs;
