DROP TABLE IF EXISTS alias_effects;
DROP FUNCTION IF EXISTS memhive_alias_effects_guard();
