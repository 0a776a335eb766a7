-- Indexes for the read path (recall). Every one leads with member_id, the
-- shard key. btree_gin lets a GIN index lead with member_id so a member's
-- full-text search intersects its own posting lists instead of the whole
-- hive's; pg_trgm serves fuzzy entity names in the graph leg. Both are
-- trusted contrib extensions; they go to public so per-schema test databases
-- share them.
CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- keyword leg (and the temporal leg's relevance boost)
CREATE INDEX episodes_member_tsv_idx ON episodes USING gin (member_id, tsv);
CREATE INDEX facts_member_tsv_idx    ON facts    USING gin (member_id, tsv);

-- temporal leg over facts (episodes use episodes_time_idx)
CREATE INDEX facts_valid_idx ON facts (member_id, valid_from, id);

-- graph leg: facts whose claim names a node; entity names exact and fuzzy
CREATE INDEX facts_claim_canon_idx ON facts (member_id, claim_canon);
CREATE INDEX entities_canon_trgm_idx ON entities USING gin (member_id, canon public.gin_trgm_ops);

-- alias lookups by canonical (the self leg's names, the version chain's predicates)
CREATE INDEX aliases_canonical_idx ON aliases (member_id, dimension, canonical) WHERE reverted_at IS NULL;
