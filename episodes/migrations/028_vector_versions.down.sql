DROP TRIGGER IF EXISTS embeddings_vver_ins ON embeddings;
DROP TRIGGER IF EXISTS embeddings_vver_upd ON embeddings;
DROP TRIGGER IF EXISTS embeddings_vver_del ON embeddings;
DROP FUNCTION IF EXISTS memhive_vector_version();
DROP INDEX IF EXISTS embeddings_vver_idx;
ALTER TABLE embeddings DROP COLUMN IF EXISTS vver;
DROP TABLE IF EXISTS vector_versions;
