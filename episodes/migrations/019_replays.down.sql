-- The generation schemas a replay made are left in place (they hold the
-- replayed state); drop them by hand (replays.schema_name) if wanted.
DROP TABLE replays;
DROP FUNCTION memhive_replays_guard();
