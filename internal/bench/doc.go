// Package bench is the harness behind `memhive bench locomo` and
// `memhive bench latency`: a fresh Postgres schema per run, the LoCoMo
// retrieval protocol of shared/eval/README.md with turn- and session-level
// recall@k, a leg ablation re-fused from tier 1's diagnostic, an in-memory
// BM25 baseline scored in the same run, and a synthetic large record for
// tier 0 and tier 1 latency percentiles.
//
// It lives under internal/ because it is benchmark harness code, not
// shipped API: its types change whenever a benchmark does, and nothing but
// the CLI's bench commands and their tests may import it. The method is
// described in docs/benchmarks-method.md; the figures are in BENCHMARKS.md.
package bench
