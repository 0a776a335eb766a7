// Package localpg runs the private PostgreSQL cluster that `memhive up` uses
// when MEMHIVE_DATABASE_URL is unset. It creates the cluster from the installed
// PostgreSQL binaries (initdb on first start), supervises the postmaster while
// memhive runs, and stops it when memhive stops.
//
// # Layout
//
// Everything lives under Options.Dir (for example <data>/pg), unless the
// postgres user cannot reach it (see Running as root):
//
//	data/          PGDATA (initdb'd into data.init/, then renamed, so a half
//	               finished initdb is never mistaken for a cluster)
//	sock/          the unix socket directory (.s.PGSQL.5432)
//	postgres.log   the server's stderr (rotated once to postgres.log.1 at 16 MiB)
//	localpg.lock   flock held by the memhive that owns the cluster
//
// The server listens on the unix socket only (listen_addresses is empty), so it
// never clashes with a system server on port 5432, and two clusters in
// different directories run side by side. pg_hba.conf allows `trust` over the
// socket and nothing else; the socket directory is 0700, so only the server's
// OS user (and root) can connect. The cluster's superuser role is "memhive";
// Start creates the database (default "memhive") and the vector extension.
// A unix socket path is limited to 107 bytes: when Dir is too deep, the socket
// directory is /tmp/memhive-pg-<hash of Dir> instead (URL says where).
//
// # Running as root
//
// PostgreSQL refuses to run as root. When memhive runs as root, initdb and
// postgres run as the system user "memhive" (created with `useradd --system
// --no-create-home --shell /usr/sbin/nologin memhive` when absent). No
// directory is opened up for it: when that user can search every parent of
// Dir, the cluster stays in Dir (chowned to it, 0700); otherwise (Dir under
// /root, or under a 0700 temp dir) data/ and sock/ live in
// Options.RootHome/<hash of Dir> (default /var/lib/memhive-pg), which is
// owned by that user and 0700, and Dir keeps the lock, the log and a
// LOCATION note saying where the cluster is. A cluster an earlier memhive
// left in an unreachable Dir/data is not moved silently: Start says how to
// move it.
//
// # Roles
//
// The socket trusts every role of the cluster; only the server's OS user
// (and root) can reach the socket. The superuser "memhive" owns the schema
// and runs the migrations; memhive's queries run as the login role
// memhive_app (URLAs), which can insert and read the record but not rewrite
// it (episodes.GrantRuntime). Whoever can reach the socket can log in as
// either: the split holds against a bug or an injection in memhive's
// queries, not against root or the postgres user.
//
// # Supervision and crashes
//
// If the postmaster dies while memhive runs, it is restarted with backoff
// (100 ms doubling to 10 s) and every restart is logged. The postmaster is
// started with a parent-death signal (SIGINT, PostgreSQL's fast shutdown), so
// when memhive is killed with kill -9 the server shuts itself down cleanly.
//
// On start, a postmaster.pid left behind is handled so it never blocks: if
// its process is gone, PostgreSQL discards the stale file itself; if the pid
// now belongs to an unrelated process, the file is removed; if it is still
// this data directory's postmaster (an orphan whose memhive died without the
// parent-death signal reaching it, or one still shutting down), Start stops it
// with a fast shutdown and starts its own, supervised one. Reusing an orphan
// was rejected because memhive could not supervise a process it did not
// start. Two memhive processes never share one Dir: the second Start fails
// while the first holds localpg.lock.
//
// The package is Linux-only (parent-death signal, /proc).
package localpg
