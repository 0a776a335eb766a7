package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/memhive/memhive/facts"
)

// Config is the read path's configuration. The zero value plus WithDefaults
// is the SPEC's default.
type Config struct {
	// OpenHistory lists channels configured open_history: on them every row
	// from that same channel is visible whatever its audience (gate rule 4).
	// Default: none.
	OpenHistory []string `json:"open_history,omitempty"`

	// Tier0Budget is tier 0's token budget (cl100k_base). Default 1200.
	Tier0Budget int `json:"tier0_budget,omitempty"`
	// Tier1Budget is tier 1's token budget. Default 2000.
	Tier1Budget int `json:"tier1_budget,omitempty"`
	// Tier0Beliefs, Tier0Foresight, Tier0Episodes cap tier 0's three parts.
	// Defaults 20, 10, 12.
	Tier0Beliefs   int `json:"tier0_beliefs,omitempty"`
	Tier0Foresight int `json:"tier0_foresight,omitempty"`
	Tier0Episodes  int `json:"tier0_episodes,omitempty"`

	// LegLimit is how many candidates each tier-1 leg returns. Default 50:
	// deep enough that a limit-50 answer does not run out of candidates
	// when the legs agree (20 was the SPEC's first figure; with K 60 fusion
	// deeper legs buried the best hits, see Fusion).
	LegLimit int `json:"leg_limit,omitempty"`
	// FusionK is the reciprocal-rank constant K of fusion (Fusion).
	// Default 5; SPEC §4 as first written used 60.
	FusionK int `json:"fusion_k,omitempty"`
	// AgreementPct is fusion's bonus per further voting leg, in percent:
	// the score is multiplied by 1 + AgreementPct/100 × (legs_voting − 1).
	// Default 0 (the sum over the legs already rewards agreement); SPEC §4
	// as first written used 50.
	AgreementPct int `json:"agreement_pct,omitempty"`
	// Limit is how many fused items tier 1 returns when the request gives
	// none. Default 20.
	Limit int `json:"limit,omitempty"`
	// SimilarityFloor is the semantic leg's minimum cosine similarity.
	// Default 0.5.
	SimilarityFloor float64 `json:"similarity_floor,omitempty"`
	// GraphDepth, GraphMaxNodes, GraphHubDegree, GraphFactsPerNode bound the
	// graph walk. Defaults 2, 200, 12, 3.
	GraphDepth        int `json:"graph_depth,omitempty"`
	GraphMaxNodes     int `json:"graph_max_nodes,omitempty"`
	GraphHubDegree    int `json:"graph_hub_degree,omitempty"`
	GraphFactsPerNode int `json:"graph_facts_per_node,omitempty"`
	// KeywordTermCap is no longer read: since migration 008 the keyword leg
	// ranks every matching row by BM25 from an inverted index (keyword.go)
	// instead of sampling each term's rows. Kept so that configurations
	// setting it still load.
	KeywordTermCap int `json:"keyword_term_cap,omitempty"`
	// ExactVectorBelow: a member with fewer ready vectors than this is
	// searched exactly (every vector of the member) instead of through HNSW,
	// which starves on very selective member filters. Default 20000. The
	// node's embed drainer puts a member's vectors into the HNSW index when
	// the member reaches this size (embed.DrainerConfig.IndexFrom, migration
	// 029); until then its searches are exact whatever its size.
	ExactVectorBelow int `json:"exact_vector_below,omitempty"`
	// LegWeights overrides the fusion weight w_leg of the legs it names
	// (keyword, semantic, graph, temporal, self), for ablations and tuning;
	// a leg it does not name keeps its default (DefaultLegWeights: keyword
	// 3, self and the context list 1, the others 2), and temporal 0 in point mode. 0 turns a leg off: it does not run, and the answer names
	// it missing ("disabled by configuration"). Temporal's weight applies in
	// window mode only: in point mode it proposes nothing whatever its
	// weight. Default: none (DefaultLegWeights). At most 1000 each.
	LegWeights map[string]int `json:"leg_weights,omitempty"`
	// SupersedeThreshold is the confidence (1..100) a later statement needs
	// to replace the version in force on a single-cardinality axis
	// (facts.Rule; the nightly pass takes the same key). Default 60
	// (facts.DefaultThreshold).
	SupersedeThreshold int `json:"supersede_threshold,omitempty"`

	// LegBudgetMS is each tier-1 leg's time budget in milliseconds: a leg
	// still running past it is cancelled and named missing ("timeout"),
	// and the other legs answer. Default 2000 (tier-1 p95 is tens of
	// milliseconds on a quiet store: the budget is for the pathological
	// case, such as a plan gone quadratic, and stays generous enough for
	// a shared machine at a load of 30, where a trivial statement on a
	// fresh connection can take a second).
	LegBudgetMS int `json:"leg_budget_ms,omitempty"`
	// FreshWaitMS is how long a fresh request (Request.Fresh) waits for
	// the appender to commit the member's turns published before it; past
	// it the call answers from what is written and says so (Answer.Behind).
	// Default 2000.
	FreshWaitMS int `json:"fresh_wait_ms,omitempty"`
	// KeywordCacheMB is the memory budget, in MiB, of the keyword leg's
	// in-process indexes (kwcache.go): members of at least
	// KeywordCacheMinEpisodes episodes are ranked from a copy of their
	// keyword index in memory, least recently used out past the budget.
	// Default 256; -1 turns the cache off (every member on the SQL path).
	KeywordCacheMB int `json:"keyword_cache_mb,omitempty"`
	// KeywordCacheMinEpisodes: members with fewer episodes stay on the SQL
	// path (fast enough there). Default 2000.
	KeywordCacheMinEpisodes int `json:"keyword_cache_min_episodes,omitempty"`
	// VectorCacheMB is the memory budget, in MiB, of the semantic leg's
	// in-process copies of members' vectors (veccache.go): a member with
	// at least VectorCacheMinVectors and fewer than ExactVectorBelow ready
	// vectors is scanned exactly from that copy instead of from the
	// embeddings table, least recently used out past the budget. Default
	// 256; -1 turns the cache off (the exact scan in SQL).
	VectorCacheMB int `json:"vector_cache_mb,omitempty"`
	// VectorCacheMinVectors: members with fewer ready vectors are scanned
	// in SQL (fast enough there). Default 1000.
	VectorCacheMinVectors int `json:"vector_cache_min_vectors,omitempty"`

	// SessionSpreadHeadPct and SessionSpreadCap spread tier 1's list over
	// sessions: the list's first SessionSpreadHeadPct percent keeps the
	// fused order whole; past it, an episode of a session that already has
	// SessionSpreadCap episodes in the list waits until every other
	// candidate is placed, so the list's tail reaches sessions whose
	// candidates were crowded out (a 50-item list spanned 20 sessions on
	// average where BM25's spanned 39, and an evidence session must be in
	// the list to be found at all). Defaults 50 and 1; a cap of -1 turns
	// the spread off.
	SessionSpreadHeadPct int `json:"session_spread_head_pct,omitempty"`
	SessionSpreadCap     int `json:"session_spread_cap,omitempty"`

	// SelfOnlyMatching: the self leg proposes only the facts about the
	// asker that match a term of the query, never, after them, the newest
	// others up to LegLimit. Without it the others follow only when the
	// question is about the asker (a first-person word: "what is my job?"
	// finds "occupation nurse") or has no word to match; a question about
	// anything else gets the matching facts only, so an answer with nothing
	// relevant says so instead of listing the asker's newest facts.
	SelfOnlyMatching bool `json:"self_only_matching,omitempty"`

	// CallBudgetMS bounds a whole tier-1 call (the legs, fusion and the
	// version chains; not tier 2's model call) in milliseconds. Default
	// 6000; at least LegBudgetMS.
	CallBudgetMS int `json:"call_budget_ms,omitempty"`
}

// Fusion is the fusion this configuration asks for (defaults applied).
func (c Config) Fusion() Fusion {
	k := int64(c.FusionK)
	if k <= 0 {
		k = DefaultFusion.K
	}
	return Fusion{K: k, AgreementPct: int64(c.AgreementPct)}
}

// rule is the version-in-force rule with this configuration's threshold.
func (c Config) rule() facts.Rule { return facts.Rule{Threshold: c.SupersedeThreshold} }

// legWeight is the configured weight of leg and whether one is set.
func (c Config) legWeight(leg string) (int, bool) {
	w, ok := c.LegWeights[leg]
	return w, ok
}

// DefaultLegWeights are the fusion weights of the legs LegWeights does not
// name: the keyword leg 3, every other leg 2, the context list (the turns
// around the keyword leg's best hits, context.go) 1. The keyword leg (BM25) is the
// strongest single leg on every set measured (LoCoMo conversations 1-5:
// keyword alone 63.6 at @10, semantic alone 41.3; an outside benchmark:
// plain BM25 above the fused list), so where the legs disagree its rank r
// comes before another leg's rank r; where they agree the sum still lifts
// the row. The self leg (facts about the asker) weighs 1: asked as one of
// the conversation's speakers, so that it takes part, it cost LoCoMo 2.0
// points of turn recall @10 at weight 2, 0.8 at weight 1 (BENCHMARKS.md,
// "The self leg"). SPEC §4 as first written weighed every leg 1.
var DefaultLegWeights = map[string]int{LegKeyword: 3, LegSemantic: 2, LegGraph: 2, LegTemporal: 2, LegSelf: 1, LegContext: 1}

// weightOf is leg's fusion weight when it votes: the configured one, else
// DefaultLegWeights.
func (c Config) weightOf(leg string) int {
	if w, ok := c.LegWeights[leg]; ok {
		return w
	}
	return DefaultLegWeights[leg]
}

// WithDefaults returns c with every zero field set to its default.
func (c Config) WithDefaults() Config {
	def := func(p *int, v int) {
		if *p == 0 {
			*p = v
		}
	}
	def(&c.Tier0Budget, 1200)
	def(&c.Tier1Budget, 2000)
	def(&c.Tier0Beliefs, 20)
	def(&c.Tier0Foresight, 10)
	def(&c.Tier0Episodes, 12)
	def(&c.LegLimit, 50)
	def(&c.FusionK, int(DefaultFusion.K))
	def(&c.Limit, 20)
	def(&c.GraphDepth, 2)
	def(&c.GraphMaxNodes, 200)
	def(&c.GraphHubDegree, 12)
	def(&c.GraphFactsPerNode, 3)
	def(&c.KeywordTermCap, 100)
	def(&c.ExactVectorBelow, 20000)
	def(&c.LegBudgetMS, 2000)
	def(&c.FreshWaitMS, 2000)
	def(&c.CallBudgetMS, max(6000, c.LegBudgetMS))
	def(&c.KeywordCacheMB, 256)
	def(&c.KeywordCacheMinEpisodes, 2000)
	def(&c.VectorCacheMB, 256)
	def(&c.VectorCacheMinVectors, 1000)
	def(&c.SessionSpreadHeadPct, 50)
	def(&c.SessionSpreadCap, 1)
	if c.SimilarityFloor == 0 {
		c.SimilarityFloor = 0.5
	}
	return c
}

// Validate reports a configuration that cannot work.
func (c Config) Validate() error {
	for _, v := range []int{c.Tier0Budget, c.Tier1Budget, c.Tier0Beliefs, c.Tier0Foresight, c.Tier0Episodes,
		c.LegLimit, c.Limit, c.FusionK, c.AgreementPct, c.GraphDepth, c.GraphMaxNodes, c.GraphHubDegree, c.GraphFactsPerNode, c.KeywordTermCap, c.LegBudgetMS, c.CallBudgetMS, c.FreshWaitMS} {
		if v < 0 {
			return fmt.Errorf("recall config: negative limit %d", v)
		}
	}
	for leg, w := range c.LegWeights {
		if !slices.Contains(legOrder, leg) {
			return fmt.Errorf("recall config: leg_weights names %q, not a leg (%s)", leg, strings.Join(legOrder, ", "))
		}
		if w < 0 || w > 1000 {
			return fmt.Errorf("recall config: leg_weights %s = %d outside 0..1000", leg, w)
		}
	}
	if c.SessionSpreadHeadPct < 0 || c.SessionSpreadHeadPct > 100 || c.SessionSpreadCap < -1 {
		return fmt.Errorf("recall config: session_spread_head_pct %d outside 0..100 or session_spread_cap %d below -1 (-1 turns the spread off)", c.SessionSpreadHeadPct, c.SessionSpreadCap)
	}
	if c.KeywordCacheMB < -1 || c.KeywordCacheMinEpisodes < 0 {
		return fmt.Errorf("recall config: keyword_cache_mb %d (-1 turns the cache off) or keyword_cache_min_episodes %d below 0", c.KeywordCacheMB, c.KeywordCacheMinEpisodes)
	}
	if c.VectorCacheMB < -1 || c.VectorCacheMinVectors < 0 {
		return fmt.Errorf("recall config: vector_cache_mb %d (-1 turns the cache off) or vector_cache_min_vectors %d below 0", c.VectorCacheMB, c.VectorCacheMinVectors)
	}
	if c.FusionK > 1000 || c.AgreementPct > 1000 {
		return fmt.Errorf("recall config: fusion_k %d or agreement_pct %d above 1000", c.FusionK, c.AgreementPct)
	}
	if c.SupersedeThreshold < 0 || c.SupersedeThreshold > 100 {
		return fmt.Errorf("recall config: supersede_threshold %d outside 0..100", c.SupersedeThreshold)
	}
	if c.CallBudgetMS != 0 && c.CallBudgetMS < c.LegBudgetMS {
		return fmt.Errorf("recall config: call_budget_ms %d is below leg_budget_ms %d", c.CallBudgetMS, c.LegBudgetMS)
	}
	if c.SimilarityFloor < -1 || c.SimilarityFloor > 1 {
		return fmt.Errorf("recall config: similarity floor %v outside -1..1", c.SimilarityFloor)
	}
	for _, ch := range c.OpenHistory {
		if ch == "" {
			return fmt.Errorf("recall config: blank open_history channel")
		}
	}
	return nil
}

// Embedder turns texts into vectors; recall needs it for the semantic leg
// (package embed provides implementations).
type Embedder interface {
	Model() string
	Dimensions() int
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Synthesizer is tier 2's one model call over the tier-1 candidates and the
// gated active beliefs (package synth provides it). A non-nil Downgrade
// means the model's answer was refused and the tier-1 bundle stands.
type Synthesizer interface {
	Synthesize(ctx context.Context, req Request, beliefs, candidates []Item) (*Synthesis, *Downgrade, error)
}
