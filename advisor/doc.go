// Package advisor is memhive's mid-task advisor: an assistant says which
// topic it is entering and memhive answers with at most one stored memory
// for it (docs/advisor.md).
package advisor
