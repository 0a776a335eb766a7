-- Back to 006: no keys, no runtime grants function (grants already given
-- stay; REVOKE them by hand if the runtime role is to go).
DROP FUNCTION IF EXISTS memhive_grant_runtime(text);
DROP TABLE IF EXISTS api_key_members;
DROP TABLE IF EXISTS api_keys;
