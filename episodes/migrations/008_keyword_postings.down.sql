-- Back to 007: no keyword index tables; the keyword leg of that version
-- samples the GIN index of 005.
DROP TRIGGER IF EXISTS episodes_keyword_index ON episodes;
DROP FUNCTION IF EXISTS memhive_keyword_index();
DROP FUNCTION IF EXISTS memhive_keyword_lexemes(tsvector);
DROP TABLE IF EXISTS keyword_terms;
DROP TABLE IF EXISTS keyword_postings;
