// Package episodes owns the record: the schema and its migrations, the
// append-only episodes table, the refusals table, and the appender cell that
// turns lane messages into rows exactly once.
//
// # Exactly once
//
// A turn's episode id is the client's ULID when it gave one, and otherwise a
// ULID derived from the JetStream message (its timestamp and stream
// sequence), so a redelivered message maps to the same id. Rows are inserted
// with ON CONFLICT DO NOTHING on (member_id, id), and the JetStream message
// is acknowledged only after the transaction that holds its row commits.
// A crash between commit and ack redelivers the message, which then inserts
// nothing.
package episodes
