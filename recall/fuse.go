package recall

import (
	"slices"
	"strings"

	"github.com/cockroachdb/apd/v3"
)

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
	Score    apd.Decimal // Num/Den rounded once to 34 digits, for display
	Num, Den apd.Decimal // the exact score as a fraction of integers
	Votes    int         // legs with weight > 0 that proposed it
	BestRank int
	BestLeg  int // index in leg order of the first leg giving BestRank
}

// Fusion is tier 1's reciprocal-rank fusion:
//
//	score = Σ w_leg/(K + rank) × (1 + AgreementPct/100 × (legs_voting − 1))
//
// computed exactly (FuseScore). SPEC §4 as first written is K 60 and
// AgreementPct 50 (SpecFusion); the default is K 5 and no agreement bonus
// (DefaultFusion; Config.FusionK and Config.AgreementPct choose). Why:
// with K 60 the reciprocal ranks of a 20-deep leg lie between 1/61 and
// 1/80, so a row two legs both place at rank 20 (2/80, then ×1.5) outranks
// every row one leg places first (1/61): fusion sorted by how many legs
// voted and only then by rank, and the keyword leg's best hit sank below
// any pair of mediocre agreements (on LoCoMo conversations 1-5 the fused
// list @5 was below the keyword leg alone, temporal questions 59.0 against
// 75.5; on an outside benchmark below plain BM25 at every k). With K 5 a
// leg's first ranks weigh several times its twentieth (1/6 against 1/25),
// so agreement between good ranks still wins (ranks 3 and 3: 2/8 above
// 1/6) but agreement between poor ranks does not bury a leg's best hit;
// the sum already rewards agreement, so no factor multiplies it.
type Fusion struct {
	K            int64 // the reciprocal-rank constant, ≥ 1
	AgreementPct int64 // the bonus per further voting leg, in percent, ≥ 0
}

// DefaultFusion is recall's fusion when the configuration sets none.
var DefaultFusion = Fusion{K: 5, AgreementPct: 0}

// SpecFusion is SPEC §4's formula as first written (K 60, factor
// 1 + 0.5 × (legs_voting − 1)).
var SpecFusion = Fusion{K: 60, AgreementPct: 50}

// FuseScore is DefaultFusion.Score.
func FuseScore(votes []Vote) (score apd.Decimal, num, den apd.Decimal, n int, err error) {
	return DefaultFusion.Score(votes)
}

// Score is Σ w_leg/(K+rank) × (1 + AgreementPct/100 × (legs_voting−1)).
// It is computed exactly as a fraction num/den of integers (apd integers:
// at most five legs, so they stay far below 34 digits) and rounded once to
// 34 significant digits for display. Votes with weight 0 count for
// nothing, not even as a voting leg.
func (f Fusion) Score(votes []Vote) (score apd.Decimal, num, den apd.Decimal, n int, err error) {
	num.SetInt64(0)
	den.SetInt64(1)
	for _, v := range votes {
		if v.Weight == 0 {
			continue
		}
		n++
		// num/den + w/(k+rank) = (num×(k+rank) + w×den) / (den×(k+rank))
		d := apd.New(f.K+int64(v.Rank), 0)
		var a, b apd.Decimal
		if _, err = decCtx.Mul(&a, &num, d); err != nil {
			return
		}
		if _, err = decCtx.Mul(&b, apd.New(v.Weight, 0), &den); err != nil {
			return
		}
		if _, err = decCtx.Add(&num, &a, &b); err != nil {
			return
		}
		if _, err = decCtx.Mul(&den, &den, d); err != nil {
			return
		}
	}
	if n == 0 {
		num.SetInt64(0)
		den.SetInt64(1)
		return
	}
	// agreement factor 1 + p/100×(n−1) = (100 + p×(n−1))/100
	if f.AgreementPct != 0 && n > 1 {
		if _, err = decCtx.Mul(&num, &num, apd.New(100+f.AgreementPct*int64(n-1), 0)); err != nil {
			return
		}
		if _, err = decCtx.Mul(&den, &den, apd.New(100, 0)); err != nil {
			return
		}
	}
	_, err = decCtx.Quo(&score, &num, &den)
	return
}

// cmpExact compares a/b with c/d exactly (positive denominators).
func cmpExact(a, b, c, d *apd.Decimal) int {
	var x, y apd.Decimal
	_, _ = decCtx.Mul(&x, a, d)
	_, _ = decCtx.Mul(&y, c, b)
	return x.Cmp(&y)
}

// fuse combines the legs' ranked rows with f. Order: score descending,
// then best rank, then leg order of the leg giving it, then id (then kind).
func fuse(f Fusion, legs []*legResult) ([]Fused, map[string]*row, error) {
	out, rows, _, err := fuseVotes(f, legs)
	return out, rows, err
}

// fuseVotes is fuse that also returns each candidate's votes (foldEvidence
// scores a folded pair again from them).
func fuseVotes(f Fusion, legs []*legResult) ([]Fused, map[string]*row, map[string][]Vote, error) {
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
			votes[k] = append(votes[k], Vote{Leg: l.name, Weight: int64(l.weight), Rank: l.rankOf(i)})
		}
	}
	out := make([]Fused, 0, len(keys))
	for _, k := range keys {
		fu, err := scoreFused(f, k, rows[k].ID, votes[k])
		if err != nil {
			return nil, nil, nil, err
		}
		out = append(out, fu)
	}
	SortFused(out)
	return out, rows, votes, nil
}

// scoreFused scores one candidate's votes with f and sets its
// tie-breakers: the best rank, and the first leg in leg order giving it.
func scoreFused(f Fusion, key, id string, votes []Vote) (Fused, error) {
	score, num, den, n, err := f.Score(votes)
	if err != nil {
		return Fused{}, err
	}
	fu := Fused{Key: key, ID: id, Votes: n, BestRank: 1 << 30, BestLeg: len(legOrder)}
	fu.Score.Set(&score)
	fu.Num.Set(&num)
	fu.Den.Set(&den)
	for _, v := range votes {
		if v.Weight == 0 {
			continue
		}
		li := slices.Index(legOrder, v.Leg)
		if v.Rank < fu.BestRank || v.Rank == fu.BestRank && li < fu.BestLeg {
			fu.BestRank, fu.BestLeg = v.Rank, li
		}
	}
	return fu, nil
}

// SortFused orders fused candidates: score descending, best rank
// ascending, leg order, id, then key.
func SortFused(fs []Fused) {
	slices.SortFunc(fs, func(a, b Fused) int {
		if c := cmpExact(&b.Num, &b.Den, &a.Num, &a.Den); c != 0 {
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
