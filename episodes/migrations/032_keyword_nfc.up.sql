-- Keyword lexemes are made from text in Unicode NFC, as the query's words
-- are (recall/terms.go, words).
--
-- The english configuration made its lexemes from the text as stored: "café"
-- written as "cafe" and U+0301 (decomposed: macOS input, some keyboards and
-- pastes) became the lexeme 'cafe' + U+0301, which the word "café" (U+00E9)
-- never matches, and the other way round. Both sides are now NFC: the
-- keyword leg's query words, and every stored tsvector, made from
-- normalize(text, NFC). (Combining marks were always part of a lexeme: the
-- parser reads "दिल्ली" and "مُحَمَّد" as one word each. It was the query side
-- that cut words at every mark.) normalize needs a UTF8 database, which
-- memhive's is (internal/localpg creates it so).
--
-- Writers wait until this transaction commits: the rows recomputed below
-- are all those written before it, and every row written after it is made
-- by the new functions.
LOCK TABLE episodes IN SHARE ROW EXCLUSIVE MODE;

-- Episodes: the generated column calls memhive_episode_tsv (005), which now
-- normalizes its text. A row in NFC already (nearly every one) has the tsv
-- it had. The others get theirs again here, with their keyword postings and
-- their member's counts (008, 012): the old lexemes' postings deleted and
-- their df and the member's length taken back, the new ones added as the
-- trigger adds them. max_tf only grows, as it does under the trigger: it
-- bounds a term's tf, and a bound above the largest is still one. Ordinals
-- (025) do not change. Finding them reads every episode's text once
-- (IS NFC NORMALIZED: a quick check that ASCII and most text pass at once).
CREATE OR REPLACE FUNCTION memhive_episode_tsv(speaker text, content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT to_tsvector('english', normalize(replace(substr(speaker, strpos(speaker, ':') + 1), '_', ' ') || ' ' || content, NFC))
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

-- Facts: the generated column is an expression (002) that Postgres 15
-- cannot alter, so tsv is dropped and added again, made by
-- memhive_fact_tsv. This rewrites the facts table and builds facts_mtsv_idx
-- (005; dropped with the column) again, under an exclusive lock on facts.
-- closer.go's restated-claim check makes its lexemes the same way.
CREATE FUNCTION memhive_fact_tsv(subject text, predicate text, claim text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT to_tsvector('english', normalize(subject || ' ' || replace(predicate, '_', ' ') || ' ' || claim, NFC))
$$;

ALTER TABLE facts
    DROP COLUMN tsv,
    ADD COLUMN tsv tsvector GENERATED ALWAYS AS (memhive_fact_tsv(subject, predicate, claim)) STORED;
CREATE INDEX facts_mtsv_idx ON facts USING gin (memhive_mtsv(member_id, tsv));
