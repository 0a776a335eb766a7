// Package scenario holds end-to-end tests that run a scripted member
// through the whole write and read path on a real Postgres: turns recorded
// with episodes.Insert, sessions closed by closer.Close with the default
// pattern extractor, the nightly pass (nightly.Run), embeddings drained by
// package embed, and questions asked through recall.Service. They exist
// because each package's own tests stop at its boundary (the closer's tests
// never recall, recall's tests write facts by hand), while the issues'
// must-shows are promises about the chain: "after close and nightly, recall
// says …". The package has no code of its own beyond this comment; its
// tests are the point.
package scenario
