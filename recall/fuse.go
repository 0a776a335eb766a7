package recall

import (
	"slices"
	"strings"

	"github.com/cockroachdb/apd/v3"
)

// fusionK is the reciprocal-rank constant.
const fusionK = 60

// decCtx is the decimal context of every fusion score: 34 significant
// digits, the same rounding on every machine.
var decCtx = apd.BaseContext.WithPrecision(34)

// Vote is one leg's rank for one candidate (rank 1 is best).
type Vote struct {
	Leg    string
	Weight int64
	Rank   int
}

// Fused is a candidate's fused score and its tie-breakers.
type Fused struct {
	Key      string // kind:id
	ID       string
	Score    apd.Decimal
	Votes    int // legs with weight > 0 that proposed it
	BestRank int
	BestLeg  int // index in leg order of the first leg giving BestRank
}

// FuseScore is score = Σ w_leg/(60+rank) × (1 + 0.5×(legs_voting−1)),
// computed in exact decimals (34 digits). Votes with weight 0 count for
// nothing, not even as a voting leg.
func FuseScore(votes []Vote) (apd.Decimal, int, error) {
	var sum apd.Decimal
	n := 0
	for _, v := range votes {
		if v.Weight == 0 {
			continue
		}
		n++
		var term, den apd.Decimal
		den.SetInt64(int64(fusionK + v.Rank))
		if _, err := decCtx.Quo(&term, apd.New(v.Weight, 0), &den); err != nil {
			return apd.Decimal{}, 0, err
		}
		if _, err := decCtx.Add(&sum, &sum, &term); err != nil {
			return apd.Decimal{}, 0, err
		}
	}
	if n == 0 {
		return apd.Decimal{}, 0, nil
	}
	// agreement factor 1 + 0.5×(n−1) = (n+1)/2, exact
	var factor apd.Decimal
	if _, err := decCtx.Quo(&factor, apd.New(int64(n+1), 0), apd.New(2, 0)); err != nil {
		return apd.Decimal{}, 0, err
	}
	var out apd.Decimal
	if _, err := decCtx.Mul(&out, &sum, &factor); err != nil {
		return apd.Decimal{}, 0, err
	}
	return out, n, nil
}

// fuse combines the legs' ranked rows. Order: score descending, then best
// rank, then leg order of the leg giving it, then id (then kind).
func fuse(legs []*legResult) ([]Fused, map[string]*row, error) {
	votes := map[string][]Vote{}
	rows := map[string]*row{}
	var keys []string
	for _, l := range legs {
		if l.weight == 0 {
			continue
		}
		for i, r := range l.rows {
			k := r.key()
			if _, ok := votes[k]; !ok {
				keys = append(keys, k)
				rows[k] = r
			}
			votes[k] = append(votes[k], Vote{Leg: l.name, Weight: int64(l.weight), Rank: i + 1})
		}
	}
	out := make([]Fused, 0, len(keys))
	for _, k := range keys {
		score, n, err := FuseScore(votes[k])
		if err != nil {
			return nil, nil, err
		}
		f := Fused{Key: k, ID: rows[k].ID, Votes: n, BestRank: 1 << 30, BestLeg: len(legOrder)}
		f.Score.Set(&score)
		for _, v := range votes[k] {
			li := slices.Index(legOrder, v.Leg)
			if v.Rank < f.BestRank || v.Rank == f.BestRank && li < f.BestLeg {
				f.BestRank, f.BestLeg = v.Rank, li
			}
		}
		out = append(out, f)
	}
	SortFused(out)
	return out, rows, nil
}

// SortFused orders fused candidates: score descending, best rank
// ascending, leg order, id, then key.
func SortFused(fs []Fused) {
	slices.SortFunc(fs, func(a, b Fused) int {
		if c := b.Score.Cmp(&a.Score); c != 0 {
			return c
		}
		if a.BestRank != b.BestRank {
			return a.BestRank - b.BestRank
		}
		if a.BestLeg != b.BestLeg {
			return a.BestLeg - b.BestLeg
		}
		if c := strings.Compare(a.ID, b.ID); c != 0 {
			return c
		}
		return strings.Compare(a.Key, b.Key)
	})
}
