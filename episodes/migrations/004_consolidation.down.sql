DELETE FROM predicate_cardinality WHERE member_id = '*' AND source = 'seeded';
DROP INDEX IF EXISTS episodes_recorded_idx;
DROP INDEX IF EXISTS facts_recorded_idx;
DROP INDEX IF EXISTS entity_edges_fact_idx;
DROP TABLE IF EXISTS summaries;
