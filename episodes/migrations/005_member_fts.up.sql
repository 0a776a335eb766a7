-- Member-qualified full text for the keyword leg, and the speaker's name in
-- an episode's full text.
--
-- A GIN index over (member_id, tsv) (btree_gin, migration 003) keeps one
-- posting list per lexeme for the whole table: a member's search reads every
-- member's entries for its terms (40 ms for a 900-row member in a
-- 1,000,000-row table). Here the GIN index is over memhive_mtsv(member_id,
-- tsv): every lexeme prefixed by its member ("alice/lisbon"), so a posting
-- list holds one member's rows only. It is an expression index, not a stored
-- column: an insert computes to_tsvector once (for tsv) and the prefixed
-- lexemes only for the index entry, and the heap rows stay as narrow as
-- before. tsv keeps the positions ts_rank_cd ranks by; the temporal and self
-- legs read it row by row (no index).
--
-- Episodes are append-only (a row trigger refuses UPDATE and DELETE); the
-- column rewrite of ALTER TABLE below fires no row trigger. It rewrites the
-- episodes table and builds the index under an exclusive lock, in the
-- migration's transaction: writes to episodes wait for it (on the 2-core
-- development machine, about 30 s of rewrite and 40 s of index build per
-- million episodes).

-- memhive_mtsv: the lexemes of t, each prefixed by member and '/', without
-- positions. Every ordinary row (a tsvector under 2,000 bytes, so no
-- prefixed lexeme can pass a limit) takes the first branch: string
-- operations only (lexemes made by to_tsvector never contain a space), about
-- 6 µs a row; building the array with a subquery cost 20. Otherwise a
-- prefixed lexeme longer than a tsvector allows (2,047 bytes) is left out,
-- and so are the alphabetically last lexemes when the whole would pass the
-- 1 MB tsvector limit. The body names built-in functions only: it is an
-- index expression, also evaluated by autovacuum's ANALYZE, whose
-- search_path holds none of memhive's schemas.
CREATE FUNCTION memhive_mtsv(member text, t tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE
        WHEN t IS NULL OR length(t) = 0 THEN ''::tsvector
        WHEN pg_column_size(t) + octet_length(member) < 2000 THEN
            array_to_tsvector(string_to_array(
                member || '/' || array_to_string(tsvector_to_array(t), ' ' || member || '/'), ' '))
        WHEN pg_column_size(t) + length(t) * (octet_length(member) + 9) < 1000000 THEN
            array_to_tsvector(ARRAY(
                SELECT member || '/' || l FROM unnest(tsvector_to_array(t)) AS l
                WHERE octet_length(l) + octet_length(member) < 2047))
        ELSE
            array_to_tsvector(ARRAY(
                SELECT p FROM (
                    SELECT member || '/' || l AS p,
                           sum(octet_length(l) + octet_length(member) + 9) OVER (ORDER BY l COLLATE "C") AS run
                    FROM unnest(tsvector_to_array(t)) AS l
                    WHERE octet_length(l) + octet_length(member) < 2047) z
                WHERE run < 1000000))
    END
$$;

-- memhive_mquery: the member-qualified tsquery of a keyword search. terms are
-- the query's terms as the keyword leg writes them for to_tsquery: a word, or
-- a word followed by ':*' for a prefix match. Each term is stemmed with the
-- english configuration (to_tsvector: zero lexemes for a stop word, one
-- normally; a term of several lexemes needs all of them), each lexeme becomes
-- '<member>/<lexeme>' (with ':*' when the term had it); the terms are joined
-- with op ('&' or '|'). NULL when no term gives a lexeme, which matches
-- nothing.
CREATE FUNCTION memhive_mquery(member text, terms text[], op text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT nullif(string_agg(q, CASE WHEN op = '|' THEN ' | ' ELSE ' & ' END ORDER BY ord), '')::tsquery
    FROM (
        SELECT t.ord, '(' || string_agg(
                   '''' || replace(replace(member || '/' || l, '\', '\\'), '''', '''''') || ''''
                   || CASE WHEN right(t.term, 2) = ':*' THEN ':*' ELSE '' END,
                   ' & ' ORDER BY l) || ')' AS q
        FROM unnest(terms) WITH ORDINALITY AS t(term, ord)
        CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('english', t.term))) AS l
        WHERE octet_length(l) + octet_length(member) < 2047
        GROUP BY t.ord, t.term
    ) per_term
$$;

-- The text an episode is searched by: the speaker's name (the part of the
-- speaker id after the colon, underscores as spaces: person:bob_smith → "bob
-- smith"), then the content. LoCoMo-style questions name a speaker whose own
-- turns seldom contain their name.
CREATE FUNCTION memhive_episode_tsv(speaker text, content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT to_tsvector('english', replace(substr(speaker, strpos(speaker, ':') + 1), '_', ' ') || ' ' || content)
$$;

-- Dropping tsv drops the GIN indexes over it: 001's episodes_tsv_idx and
-- 003's episodes_member_tsv_idx. Nothing reads them any more.
ALTER TABLE episodes
    DROP COLUMN tsv,
    ADD COLUMN tsv tsvector GENERATED ALWAYS AS (memhive_episode_tsv(speaker, content)) STORED;
CREATE INDEX episodes_mtsv_idx ON episodes USING gin (memhive_mtsv(member_id, tsv));

-- facts.tsv (002) is unchanged.
DROP INDEX IF EXISTS facts_tsv_idx;
DROP INDEX IF EXISTS facts_member_tsv_idx;
CREATE INDEX facts_mtsv_idx ON facts USING gin (memhive_mtsv(member_id, tsv));
