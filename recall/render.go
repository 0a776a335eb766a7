package recall

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/memhive/memhive"
)

// section is one titled part of a model-facing text.
type section struct {
	title string
	rows  []*row
	line  func(*row) string
}

// fit fills sections in order within budget tokens (cl100k_base, counted on
// the whole final text). An item that does not fit is dropped whole and the
// filling goes on with the next (a shorter one may fit); when anything was
// dropped a last line says how many. An item over the budget by itself
// (its line and its section's title), which no bundle of this budget could
// hold whole, is not dropped when room is left after the items that fit
// whole: with cutOver (tier 1), its line is cut to that room and ends in
// cutMarker (cutLine), in its place in the text; it never displaces an item
// that fits whole, and a second such item finds no room after the first.
// Tier 0 passes cutOver false: SPEC §4 has its items dropped whole. It
// returns the text, the kept rows in text order, and the dropped count.
// empty is the text when no row exists.
func fit(sections []section, budget int, empty string, cutOver bool) (string, []*row, int, error) {
	total := 0
	for _, s := range sections {
		total += len(s.rows)
	}
	if total == 0 {
		return empty, nil, 0, nil
	}
	type cand struct {
		sec  int
		r    *row
		line string
		n    int
	}
	var cands []cand
	for si, s := range sections {
		for _, r := range s.rows {
			l := memhive.OneLine(s.line(r)) // stored text cannot start a line of its own
			// with its newline: the count CountLines takes from the cache
			// below for every line but the last
			n, err := CountTokens(l + "\n")
			if err != nil {
				return "", nil, 0, err
			}
			cands = append(cands, cand{si, r, l, n})
		}
	}
	headerCost := make([]int, len(sections))
	for i, s := range sections {
		n, err := CountTokens(s.title + "\n")
		if err != nil {
			return "", nil, 0, err
		}
		headerCost[i] = n
	}
	keep := make([]bool, len(cands))
	cut := make([]string, len(cands)) // a cut item's line (cutLine)
	opened := make([]bool, len(sections))
	used := 0
	for i, c := range cands {
		cost := c.n
		if !opened[c.sec] {
			cost += headerCost[c.sec]
		}
		if used+cost > budget {
			continue
		}
		used += cost
		keep[i] = true
		opened[c.sec] = true
	}
	render := func() ([]string, []*row, int) {
		var lines []string
		var kept []*row
		last := -1
		for i, c := range cands {
			if !keep[i] {
				continue
			}
			if c.sec != last {
				lines = append(lines, sections[c.sec].title)
				last = c.sec
			}
			if cut[i] != "" {
				lines = append(lines, cut[i])
			} else {
				lines = append(lines, c.line)
			}
			kept = append(kept, c.r)
		}
		dropped := total - len(kept)
		if dropped > 0 {
			lines = append(lines, fmt.Sprintf("(%d %s dropped to fit the budget of %d tokens)", dropped, plural(dropped, "item", "items"), budget))
		}
		return lines, kept, dropped
	}
	// The real count of the whole text decides: drop kept items from the end
	// until it fits (the dropped line itself may need room).
	for {
		lines, kept, _ := render()
		n, err := CountLines(lines) // the whole text's count, from its lines' (tokens.go)
		if err != nil {
			return "", nil, 0, err
		}
		if n <= budget || len(kept) == 0 {
			break
		}
		for i := len(keep) - 1; i >= 0; i-- {
			if keep[i] {
				keep[i] = false
				break
			}
		}
	}
	// An item over the budget by itself, cut to the room the others left.
	for i, c := range cands {
		if !cutOver || keep[i] || c.n+headerCost[c.sec] <= budget {
			continue
		}
		keep[i] = true
		fits := func(l string) (bool, error) {
			cut[i] = l
			lines, _, _ := render()
			n, err := CountLines(lines)
			return n <= budget, err
		}
		l, err := cutLine(c.line, budget, fits)
		if err != nil {
			return "", nil, 0, err
		}
		cut[i] = l
		keep[i] = l != ""
	}
	lines, kept, dropped := render()
	n, err := CountLines(lines)
	if err != nil {
		return "", nil, 0, err
	}
	if n > budget { // nothing kept, and not even the dropped line fits
		// its shortest form, or nothing rather than overrun
		short := fmt.Sprintf("(%d dropped)", dropped)
		if m, err := CountTokens(short); err == nil && m <= budget {
			return short, nil, dropped, nil
		}
		return "", nil, dropped, nil
	}
	return strings.Join(lines, "\n"), kept, dropped, nil
}

// minCutTokens is the fewest tokens of its line a cut item shows (the line's
// date and speaker take about twenty): with less room left, an item over the
// budget is dropped as any other.
const minCutTokens = 40

// cutMarker ends a cut item's line: how many of the line's tokens are shown
// (the shown head's count, the marker not counted) and how many it has.
func cutMarker(shown, whole, budget int) string {
	return fmt.Sprintf("… [cut to fit the budget of %d tokens: %d of %d tokens shown]", budget, shown, whole)
}

// cutLine is the longest head of line, then cutMarker, for which fits holds
// (fits is told the whole candidate line; it counts the bundle with it), or
// "" when no head of at least minCutTokens tokens fits. The head ends on a
// space when one is in its last quarter, and never between a letter and
// the marks that follow it. A function of line, budget and fits alone: the
// same bundle and budget cut the same line to the same bytes.
func cutLine(line string, budget int, fits func(string) (bool, error)) (string, error) {
	rs := []rune(line)
	whole, err := CountTokens(line)
	if err != nil {
		return "", err
	}
	// candidate is the line of the head of k runes, and the head's count
	candidate := func(k int) (string, int, error) {
		for k > 0 && k < len(rs) && (unicode.Is(unicode.M, rs[k]) || rs[k] == '\u200d') {
			k-- // keep a letter with its marks (and a joined sequence) whole
		}
		head := strings.TrimRightFunc(string(rs[:k]), unicode.IsSpace)
		n, err := CountTokens(head)
		if err != nil {
			return "", 0, err
		}
		return head + cutMarker(n, whole, budget), n, nil
	}
	try := func(k int) (string, int, bool, error) {
		l, n, err := candidate(k)
		if err != nil {
			return "", 0, false, err
		}
		ok, err := fits(l)
		return l, n, ok, err
	}
	// the longest k that fits, by bisection (the bundle's count grows with
	// k); k = len(rs) is the whole line, which does not fit
	lo, hi := 0, len(rs)-1
	for lo < hi {
		k := (lo + hi + 1) / 2
		_, _, ok, err := try(k)
		if err != nil {
			return "", err
		}
		if ok {
			lo = k
		} else {
			hi = k - 1
		}
	}
	// end on a space near the cut
	if j := lastSpace(rs[:lo]); j > 0 && j >= lo*3/4 {
		if l, n, ok, err := try(j); err != nil || (ok && n >= minCutTokens) {
			return l, err
		}
	}
	l, n, ok, err := try(lo)
	if err != nil || !ok || n < minCutTokens {
		return "", err
	}
	return l, nil
}

// lastSpace is the index of the last white space in rs, or -1.
func lastSpace(rs []rune) int {
	for i := len(rs) - 1; i >= 0; i-- {
		if unicode.IsSpace(rs[i]) {
			return i
		}
	}
	return -1
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
