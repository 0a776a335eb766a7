// Package cluster is the test harness for memhive past one process: three
// (or more) embedded nats-servers forming a JetStream cluster on loopback,
// memhive processes run as child processes of the test (built once per test
// binary, so a SIGKILL is real), and the checks a fault test ends with —
// every acknowledged turn in the record once, each member's turns committed
// in publish order.
//
// It exists because the claims of docs/cluster.md (no turn lost or
// duplicated when a NATS node, a memhive process or Postgres goes away;
// partitions move when a process leaves or joins) can only be shown with
// real parts failing. It lives under internal/ because it is a test helper
// and never ships in the binary; it imports nothing of memhive but the lane
// names, so any package's tests may use it.
package cluster
