-- facts_claim_md5_idx replaces facts_claim_canon_idx (migration 003). A
-- btree row holds at most about 2,700 bytes, and a memorized note may be
-- remember.MaxText (16 KB): a note of a few KB that does not compress
-- (12 KB of random letters) was refused with SQLSTATE 54000 ("index row
-- size exceeds btree maximum"). The index now holds the md5 of claim_canon
-- (32 hex digits), which fits whatever the claim. Every lookup by
-- claim_canon = x also says md5(claim_canon) = md5(x), so this index serves
-- it, and keeps the equality, so a collision finds nothing it should not.
-- member_id leads, as in every index (the shard key). claim_hash is no
-- substitute: it hashes the whole fact (triple, audience, channel, time).
-- IF NOT EXISTS: the down keeps facts_claim_md5_idx when a claim is too
-- long for the old index (031's down says why).
DROP INDEX IF EXISTS facts_claim_canon_idx;
CREATE INDEX IF NOT EXISTS facts_claim_md5_idx ON facts (member_id, md5(claim_canon));
