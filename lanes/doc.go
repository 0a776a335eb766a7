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
// # Durability
//
// The stream uses file storage. An acknowledged publish is on disk only
// when the server syncs every write (sync_interval: always); the embedded
// server memhive runs does. Syncing each message costs throughput, so the
// client publishes in atomic batches (one sync per batch) when the server
// supports them, and the appender writes in batches.
package lanes
