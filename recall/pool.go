package recall

// SessionParams are the Postgres session settings the read path wants on
// the connections it uses. memhive up applies these to its pool; the
// latency benchmark applies them to its own.
//
// JIT is off: recall's statements are short and index-driven, and from
// about seven query terms the planner's full-text estimates pass
// jit_above_cost, where compiling costs ~30 ms that the statement never
// wins back.
//
// Plans are generic: pgx prepares each statement once a connection, and
// under the default plan_cache_mode Postgres kept planning recall's
// statements afresh at every execution (custom plans), which on the
// 1,000,000-episode latency record was as much Postgres time as running
// them (bind 1.6 ms against execute 0.7 ms for the self leg, 0.11 against
// 0.10 for each of tier 0's statements). Every statement is keyed by
// member_id and walks a member-qualified index whatever the member's size,
// so one plan serves every member; the few that depend on a value (the
// model's partial vector index) take it as a literal. BENCHMARKS.md,
// "Generic plans on the read path", has the before and after.
var SessionParams = map[string]string{"jit": "off", "plan_cache_mode": "force_generic_plan"}
