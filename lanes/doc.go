// Package lanes is the way into the hive: the turn format (version 1), its
// decoder and refusal codes, the JetStream stream and consumer setup, and
// the client assistants use to publish turns without waiting.
//
// Subjects, for a prefix P (default "memhive"):
//
//	P.<member>.episode   turns in (stream MEMHIVE_EPISODES)
//	P.<member>.close     close-pass requests
//	P.<member>.remember  memorize requests
//	P.<member>.recall    memory_recall (request/reply)
//	P.<member>.reject    every refusal (core NATS)
//
// # Ids and retries
//
// The client gives every turn without an id a ULID, in the payload (Publish)
// or as its Nats-Msg-Id (both), so each of its retries (an atomic batch that
// failed or whose commit reply never came, then single publishes) is dropped
// by the stream's dedup window; the appender takes a ULID Nats-Msg-Id as the
// turn's id when the payload names none. Publish refuses an invalid member id
// before it names a subject.
//
// # What the decoder refuses
//
// Anything the store would refuse: control characters (invalid_text; tab,
// newline and carriage return are text), bytes that are not UTF-8, and key
// fields over their caps (field_too_long; see MaxSession and the others), so
// that one turn can never fail a batch and hold the others. A JSON key
// holding a control character (tab, newline and CR too) or half a
// surrogate pair is invalid_text as well, before it is an unknown field
// (memhive.CheckJSONKeys, as every gateway surface reads a key).
//
// # Durability
//
// The stream uses file storage. An acknowledged publish is on disk only
// when the server syncs every write (sync_interval: always); the embedded
// server memhive runs does. Syncing each message costs throughput, so the
// client publishes in atomic batches (one sync per batch) when the server
// supports them, and the appender writes in batches.
package lanes
