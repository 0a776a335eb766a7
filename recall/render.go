package recall

import (
	"fmt"
	"strings"

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
// dropped a last line says how many. It returns the text, the kept rows in
// text order, and the dropped count. empty is the text when no row exists.
func fit(sections []section, budget int, empty string) (string, []*row, int, error) {
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
			lines = append(lines, c.line)
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
		lines, kept, dropped := render()
		n, err := CountLines(lines) // the whole text's count, from its lines' (tokens.go)
		if err != nil {
			return "", nil, 0, err
		}
		text := strings.Join(lines, "\n")
		if n <= budget || len(kept) == 0 {
			if n > budget {
				// not even the dropped line fits: its shortest form, or
				// nothing rather than overrun
				short := fmt.Sprintf("(%d dropped)", dropped)
				if m, err := CountTokens(short); err == nil && m <= budget {
					return short, nil, dropped, nil
				}
				return "", nil, dropped, nil
			}
			return text, kept, dropped, nil
		}
		for i := len(keep) - 1; i >= 0; i-- {
			if keep[i] {
				keep[i] = false
				break
			}
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
