// Package inspector is memhive's web inspector: the pages an operator opens
// to see one member's memory, why recall answered what it did, and to undo
// a wrong decision. `memhive up` serves it at /ui on the HTTP address.
//
// It exists because the answers to "why did it say that?" and "what does it
// believe about this person?" were spread over a dozen CLI commands and JSON
// diagnostics. The inspector shows them on one page, from the binary, with
// nothing fetched from the internet: the templates, the CSS and the little
// JavaScript are embedded (go:embed) and the pages are rendered on the server.
//
// # Pages
//
//   - Member: the timeline of episodes (filters by session, channel, speaker,
//     audience entry; "view as" an audience and channel applies the gate),
//     each row's audience as chips, its ref and a "who can see this" page
//     naming the gate rule (package gate) per audience asked; the refusals
//     with their codes and raw bytes.
//   - Facts: every (subject, predicate) axis as a version chain on a time
//     line, beliefs with pinned lines, and review_memories' contradictions,
//     duplicates and stale facts.
//   - Recall playground: the HTTP API's own call (gateway.Answer), shown as
//     the assistant receives it beside tier 1's diagnostic: each leg's ranked
//     candidates and every fused score broken down by leg.
//   - Decisions: alias decisions with a revert button (nightly.RevertAlias:
//     nothing is deleted, the revert is itself a recorded decision), nightly
//     runs from consolidation_log and model calls from decision_log.
//   - Health: cells, consumer lag, embedding backlog, the last nightly, and
//     /metrics figures sampled in-process as small charts over the last hour.
//
// # Trust
//
// Every page and action needs an operator key (docs/surfaces.md "Trust"):
// `Authorization: Bearer <key>`, or the login form, which keeps the key in
// the server's memory and gives the browser an HttpOnly, SameSite=Strict
// session cookie. Without one every /ui route answers 401 (with the login
// form as its body). Actions (POST) carry a per-session CSRF token. Every
// request and every action is logged (log/slog) with the key's id.
//
// An operator sees every row of a member unless they choose an audience to
// "view as": then every list goes through the same gate predicate recall
// uses, and the playground through recall itself, so the inspector never
// shows a chosen audience a row the gate hides from it.
package inspector
