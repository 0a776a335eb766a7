CREATE INDEX IF NOT EXISTS episodes_mtsv_idx ON episodes USING gin (memhive_mtsv(member_id, tsv));
