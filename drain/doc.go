// Package drain is the memory drain (issue 12): it reads what assistant
// command-line tools remembered on their own — Claude Code's MEMORY.md and
// its topic files, the *.md files under Codex's memories*/ directories, the
// "## Gemini Added Memories" section of GEMINI.md — and brings each entry
// (one bullet or one paragraph) into the member's record as a draft fact
// tagged with the assistant that drained it.
//
// It exists because those tools keep a second, private memory beside
// memhive's, which the member's other assistants never see and which dies
// with the tool. The drain moves it into the one record, but carefully:
//
//   - Drafts. A drained fact is a draft (facts.draft, migration 016):
//     the gate shows it only to the assistants that drained it, until an
//     operator approves it (`memhive drafts approve`) or rejects it
//     (`memhive drafts reject`, a mark: nothing is deleted).
//   - Idempotence. An entry is keyed by the sha256 of its normalised text
//     (Unicode NFC, case folded, white space collapsed). Draining the same
//     files again writes nothing; the same entry drained by another
//     assistant only adds that assistant to the fact's drafted_by.
//   - Bounded runs. At most Options.Max entries (default 200) are written
//     or tagged a run; the rest are counted in Report.Left and are taken by
//     the next run (entries already drained do not count).
//   - Provenance. Every (entry, assistant) gets a drain_sources row naming
//     the file it came from (migration 017, append-only).
package drain
