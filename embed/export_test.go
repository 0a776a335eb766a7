package embed

// LegacyIndexName is the index name from before migration 029, for tests.
var LegacyIndexName = legacyIndexName
