-- Back to 031: lexemes made from the text as stored. The episodes not in
-- NFC get their tsv, postings and counts again from the old function, as
-- 032's up did from the new one; facts' tsv is the expression of 002 again
-- (a rewrite of facts, and facts_mtsv_idx built again).
LOCK TABLE episodes IN SHARE ROW EXCLUSIVE MODE;

CREATE OR REPLACE FUNCTION memhive_episode_tsv(speaker text, content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT to_tsvector('english', replace(substr(speaker, strpos(speaker, ':') + 1), '_', ' ') || ' ' || content)
$$;

CREATE TEMP TABLE memhive_nfc_episodes ON COMMIT DROP AS
SELECT member_id, id FROM episodes
WHERE NOT (speaker IS NFC NORMALIZED AND content IS NFC NORMALIZED);

CREATE TEMP TABLE memhive_nfc_old ON COMMIT DROP AS
SELECT e.member_id, e.id, l.term, l.tf, sum(l.tf) OVER (PARTITION BY e.member_id, e.id) AS dl
FROM memhive_nfc_episodes x JOIN episodes e ON e.member_id = x.member_id AND e.id = x.id
CROSS JOIN LATERAL memhive_keyword_lexemes(e.tsv) l;
ANALYZE memhive_nfc_episodes, memhive_nfc_old;

DELETE FROM keyword_postings p USING memhive_nfc_old o
WHERE p.member_id = o.member_id AND p.term = o.term COLLATE "C" AND p.dl = o.dl AND p.episode_id = o.id;

UPDATE keyword_terms k SET df = k.df - o.n
FROM (SELECT member_id, term, count(*) AS n FROM memhive_nfc_old GROUP BY member_id, term) o
WHERE k.member_id = o.member_id AND k.term = o.term COLLATE "C";
UPDATE keyword_terms k SET len = k.len - o.len
FROM (SELECT member_id, sum(tf) AS len FROM memhive_nfc_old GROUP BY member_id) o
WHERE k.member_id = o.member_id AND k.term = '';

-- The generated column is made again by an UPDATE that sets content to
-- itself: the record's text does not change, only what is derived from it.
-- The append-only trigger (001) is off for this one statement.
ALTER TABLE episodes DISABLE TRIGGER episodes_append_only;
UPDATE episodes e SET content = e.content
FROM memhive_nfc_episodes x WHERE e.member_id = x.member_id AND e.id = x.id;
ALTER TABLE episodes ENABLE TRIGGER episodes_append_only;

CREATE TEMP TABLE memhive_nfc_new ON COMMIT DROP AS
SELECT e.member_id, e.id, l.term, l.tf, sum(l.tf) OVER (PARTITION BY e.member_id, e.id) AS dl
FROM memhive_nfc_episodes x JOIN episodes e ON e.member_id = x.member_id AND e.id = x.id
CROSS JOIN LATERAL memhive_keyword_lexemes(e.tsv) l;

INSERT INTO keyword_postings (member_id, term, episode_id, tf, dl)
SELECT member_id, term, id, tf, dl FROM memhive_nfc_new;

INSERT INTO keyword_terms AS k (member_id, term, df, len, max_tf)
SELECT member_id, term, sum(df), sum(len), max(max_tf) FROM (
    SELECT member_id, term, 1 AS df, 0 AS len, tf AS max_tf FROM memhive_nfc_new
    UNION ALL
    SELECT member_id, '', 0, sum(tf), 1 FROM memhive_nfc_new GROUP BY member_id
) z
GROUP BY member_id, term
ORDER BY member_id, term
ON CONFLICT (member_id, term) DO UPDATE SET df = k.df + excluded.df, len = k.len + excluded.len,
    max_tf = greatest(k.max_tf, excluded.max_tf);

-- a lexeme no episode holds any more is no term of the member's
DELETE FROM keyword_terms k USING (SELECT DISTINCT member_id, term FROM memhive_nfc_old) o
WHERE k.member_id = o.member_id AND k.term = o.term COLLATE "C" AND k.term <> '' AND k.df = 0;

ALTER TABLE facts
    DROP COLUMN tsv,
    ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', subject || ' ' || replace(predicate, '_', ' ') || ' ' || claim)) STORED;
CREATE INDEX facts_mtsv_idx ON facts USING gin (memhive_mtsv(member_id, tsv));
DROP FUNCTION memhive_fact_tsv(text, text, text);
