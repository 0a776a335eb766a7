-- Back to 030: facts_claim_canon_idx on (member_id, claim_canon), as
-- migration 003 made it, in place of facts_claim_md5_idx, when every
-- claim fits a btree row (about 2,700 bytes). A claim 031 let in that does
-- not (a memorized note of a few KB that does not compress) can be in no
-- such index: building it fails (SQLSTATE 54000, program_limit_exceeded),
-- and then this down keeps facts_claim_md5_idx where the old index was,
-- says so in a WARNING, and changes nothing else. Failing the down instead
-- would leave the schema at 031 for as long as the note exists, and
-- dropping the long claims would lose facts that were accepted (facts are
-- never deleted). 030's code names neither index: its lookups say
-- member_id = $1 AND claim_canon = $x, which the md5 index serves by its
-- leading member_id (right, only slower for a member with many facts). Up
-- again finds facts_claim_md5_idx there (031's CREATE INDEX IF NOT EXISTS).
DO $$
BEGIN
    CREATE INDEX facts_claim_canon_idx ON facts (member_id, claim_canon);
    DROP INDEX IF EXISTS facts_claim_md5_idx;
EXCEPTION WHEN program_limit_exceeded THEN
    RAISE WARNING 'memhive 031 down: facts_claim_md5_idx is kept in place of facts_claim_canon_idx, which cannot hold every claim (%)', SQLERRM;
END
$$;
