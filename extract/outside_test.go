package extract_test

import (
	"os"
	"slices"
	"testing"
)

// The outside set (testdata/outside_chat.jsonl, README there): conversation
// that is not LoCoMo — a member asking an assistant for help, friends
// texting in lower case, strangers getting to know each other, and
// catch-ups months apart — written and labelled by a helper who read no
// extractor code. The extractor reads every turn but the assistant's (as
// the close pass does, Patterns.Extract).

// showOutsideEnv, set to 1, prints the outside set's misses and spurious
// facts (with -v).
const showOutsideEnv = "MEMHIVE_SHOW_OUTSIDE"

func loadOutside(t *testing.T, file string) []locomoTurn {
	t.Helper()
	var out []locomoTurn
	for _, lt := range readTurns(t, file) {
		if lt.Role == "assistant" {
			if len(lt.Facts) > 0 {
				t.Fatalf("%s: an assistant turn is labelled", lt.Ref)
			}
			continue
		}
		out = append(out, lt)
	}
	return out
}

// TestOutsideChat prints precision and recall on the outside set, and per
// style: `go test -count=1 -v -run OutsideChat ./extract/`.
func TestOutsideChat(t *testing.T) {
	t.Parallel()
	outsideEval(t, "outside chat", "testdata/outside_chat.jsonl", outsidePrecisionFloor, outsideRecallFloor, os.Getenv(showOutsideEnv) == "1")
}

// TestOutsideChat2 prints the second outside set (testdata/outside_chat2.jsonl):
// twelve more conversations, written and labelled like the first by a
// helper who saw neither the extractor nor the first set. Its cases print
// only with MEMHIVE_SHOW_OUTSIDE2=1.
func TestOutsideChat2(t *testing.T) {
	t.Parallel()
	outsideEval(t, "outside chat 2", "testdata/outside_chat2.jsonl", outside2PrecisionFloor, outside2RecallFloor, os.Getenv(showOutside2Env) == "1")
}

// TestOutsideChat3 prints the third outside set (testdata/outside_chat3.jsonl),
// kept as the outside held-out check: written and labelled like the first
// two by a helper who saw none of them nor the extractor, and scored once
// at the end of session 15 before anyone read its cases. Its cases print
// only with MEMHIVE_SHOW_OUTSIDE3=1; routine runs print the totals.
func TestOutsideChat3(t *testing.T) {
	t.Parallel()
	outsideEval(t, "outside chat 3", "testdata/outside_chat3.jsonl", outside3PrecisionFloor, outside3RecallFloor, os.Getenv(showOutside3Env) == "1")
}

// TestOutsideChat4 prints the fourth outside set (testdata/outside_chat4.jsonl,
// session 22): styles none of the first three had (voice transcripts,
// forum posts, non-native English, emoji-heavy chat), written and
// labelled by a helper who saw no extractor code and no earlier set. Its
// cases print with MEMHIVE_SHOW_OUTSIDE4=1.
func TestOutsideChat4(t *testing.T) {
	t.Parallel()
	outsideEval(t, "outside chat 4", "testdata/outside_chat4.jsonl", outside4PrecisionFloor, outside4RecallFloor, os.Getenv(showOutside4Env) == "1")
}

// TestOutsideChat5 prints the fifth outside set (testdata/outside_chat5.jsonl,
// session 22): the fourth set's styles again, with other people and
// topics, written after the rules read from the fourth and scored once
// before anyone read a case of it. Its cases print only with
// MEMHIVE_SHOW_OUTSIDE5=1, which nobody writing rules should set.
func TestOutsideChat5(t *testing.T) {
	t.Parallel()
	outsideEval(t, "outside chat 5", "testdata/outside_chat5.jsonl", outside5PrecisionFloor, outside5RecallFloor, os.Getenv(showOutside5Env) == "1")
}

// showOutside5Env, set to 1, prints the fifth outside set's misses and
// spurious facts. Nobody writing rules should set it.
const showOutside5Env = "MEMHIVE_SHOW_OUTSIDE5"

// showOutside4Env, set to 1, prints the fourth outside set's misses and
// spurious facts (with -v).
const showOutside4Env = "MEMHIVE_SHOW_OUTSIDE4"

// showOutside3Env, set to 1, prints the third outside set's misses and
// spurious facts. Nobody writing rules should set it.
const showOutside3Env = "MEMHIVE_SHOW_OUTSIDE3"

// showOutside2Env, set to 1, prints the second outside set's misses and
// spurious facts (with -v).
const showOutside2Env = "MEMHIVE_SHOW_OUTSIDE2"

func outsideEval(t *testing.T, name, file string, pFloor, rFloor float64, show bool) {
	turns := loadOutside(t, file)
	if len(turns) < 250 {
		t.Fatalf("%s has %d turns, want at least 250", file, len(turns))
	}
	scoreTurns(t, name, turns, pFloor, rFloor, show)
	var styles []string
	for _, lt := range turns {
		if !slices.Contains(styles, lt.Style) {
			styles = append(styles, lt.Style)
		}
	}
	for _, s := range styles {
		part := slices.DeleteFunc(slices.Clone(turns), func(lt locomoTurn) bool { return lt.Style != s })
		scoreTurns(t, name+", "+s, part, 0, 0, false)
	}
}

// Floors for the outside set: none before its first run (0.802 / 0.320 at
// ce739f9); then read and tuned on in session 15 (0.877 / 0.458 at
// 0c0b332): regression floors just under that.
const (
	outsidePrecisionFloor = 0.85
	outsideRecallFloor    = 0.43
	// The second outside set: none before its first run (0.889 / 0.257 at
	// a3ac936); then read and tuned on (0.933 / 0.445 at 0c0b332):
	// regression floors just under that.
	outside2PrecisionFloor = 0.90
	outside2RecallFloor    = 0.42
	// The third outside set (held out): none before its first run (0.798 /
	// 0.289 at f3a70f7; 0.737 / 0.244 with session 14's rules, cf6106f);
	// regression floors just under that.
	outside3PrecisionFloor = 0.77
	outside3RecallFloor    = 0.27
	// The fourth outside set: none before its first run (0.801 / 0.285 at
	// bb3d210, session 21's rules); then read and tuned on in session 22
	// (0.870 / 0.366): regression floors just under that.
	outside4PrecisionFloor = 0.85
	outside4RecallFloor    = 0.35
	// The fifth outside set (held out): none before its first run (0.823 /
	// 0.264 at 4a4641f, session 22's rules; 0.825 / 0.256 with session 21's,
	// 788bd76); regression floors just under that. Session 28 lowered the
	// precision floor to 0.79: the session's merged rules found 7 more of
	// its facts for 14 more predicted (0.825 / 0.306 → 0.796 / 0.324), a
	// trade of precision for recall on a set kept back, said in
	// BENCHMARKS.md ("Chat rules, session 28"), not mended against it.
	outside5PrecisionFloor = 0.79
	outside5RecallFloor    = 0.24
)

// TestSyntheticChat prints the rules on testdata/synthetic_chat.jsonl
// (session 23; README there): 10,095 turns (8,278 not by an assistant) in
// 37 styles, written and labelled in three rounds by 24 helpers who saw no
// extractor code, the training set of BenchmarkSpanLearnerSynthetic and
// BenchmarkFactFilterExperiment. Session 23's rules were written from the
// misses of the first two rounds; the third round's cases were not read.
// Its cases print with MEMHIVE_SHOW_SYNTHETIC=1.
func TestSyntheticChat(t *testing.T) {
	t.Parallel()
	outsideEval(t, "synthetic chat", "testdata/synthetic_chat.jsonl", syntheticPrecisionFloor, syntheticRecallFloor, os.Getenv("MEMHIVE_SHOW_SYNTHETIC") == "1")
}

// Floors for the synthetic set: none before its first run. First looks
// with session 22's rules: round 1 0.846 / 0.314 (2,192 labels), round 2
// 0.865 / 0.323 (2,007), round 3 0.826 / 0.361 (2,715); all 0.843 / 0.335.
// With homes.go: 0.843 / 0.337; with all of session 23's rules 0.847 /
// 0.348. Regression floors just under that.
const (
	syntheticPrecisionFloor = 0.82
	syntheticRecallFloor    = 0.33
)
