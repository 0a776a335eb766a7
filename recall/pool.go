package recall

// SessionParams are the Postgres session settings the read path wants on
// the connections it uses. JIT is off: recall's statements are short and
// index-driven, and from about seven query terms the planner's full-text
// estimates pass jit_above_cost, where compiling costs ~30 ms that the
// statement never wins back. memhive up applies these to its pool; the
// latency benchmark applies them to its own.
var SessionParams = map[string]string{"jit": "off"}
