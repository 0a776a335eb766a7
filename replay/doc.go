// Package replay rebuilds a member's derived state from the record and
// hashes derived state, so that the passes can be shown to be a function of
// the record (SPEC §1, §6, §7; docs/replay.md).
//
// # Why it exists
//
// Everything memhive distils (facts, entities, edges, beliefs, summaries,
// alias decisions, the embedding queue) is derived from the episodes and
// from the few inputs that are not turns: memorize, update_memory, forget,
// hand-written profile lines and an operator's alias reverts. If the passes
// are deterministic, running them again over the same inputs in the same
// order gives the same rows. Run proves it for a member, and gives an
// operator a way to rebuild a member after a fix to a pass.
//
// # Generations
//
// Nothing is deleted from the record, so a replay does not overwrite the
// live derived rows. Each replay is a generation: a new schema holding a
// fresh copy of every derived table (DerivedTables), recorded in the
// replays table (migration 019) with the hash it reached. The replayed
// passes run unchanged against a pool whose search_path names the
// generation's schema first and the live schema after it, so they read the
// live episodes (through a view that shows only the turns recorded before
// the event being replayed) and write only the generation's tables.
//
// # The state hash
//
// StateHash renders each derived row as a JSON array of its canonical
// columns, sorts each table's rows byte-wise and hashes them; ids and
// timestamps that come from a clock rather than the record are left out or
// kept only as "set or not". A replay of an unchanged member has the same
// state hash as its live state, and two replays have the same hash.
package replay
