package episodes

// DeadlineBegin is deadlineBegin, for BenchmarkCommitDeadline.
var DeadlineBegin = deadlineBegin
