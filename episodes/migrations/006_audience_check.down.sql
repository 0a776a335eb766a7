-- Back to 005: no database check on the shape of a stored audience.
ALTER TABLE episodes     DROP CONSTRAINT IF EXISTS episodes_audience_canonical;
ALTER TABLE facts        DROP CONSTRAINT IF EXISTS facts_audience_canonical;
ALTER TABLE entities     DROP CONSTRAINT IF EXISTS entities_audience_canonical;
ALTER TABLE entity_edges DROP CONSTRAINT IF EXISTS entity_edges_audience_canonical;
ALTER TABLE beliefs      DROP CONSTRAINT IF EXISTS beliefs_audience_canonical;
ALTER TABLE summaries    DROP CONSTRAINT IF EXISTS summaries_audience_canonical;
DROP FUNCTION IF EXISTS memhive_audience_ok(text[]);
