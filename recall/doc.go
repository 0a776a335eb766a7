// Package recall is the read path: the audience gate, tier 0 (the ambient
// bundle), tier 1 (five legs fused by reciprocal rank fusion) and the
// memory_recall tool's request and answer.
package recall
