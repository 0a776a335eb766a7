package extract

// PredFamily is predFamily for the external tests (locomo_test.go counts
// precision and recall by the same families the tagged reader uses).
var PredFamily = predFamily
