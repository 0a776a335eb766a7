DROP TABLE IF EXISTS drain_sources;
