package model

import (
	"fmt"
	"os"
	"strings"

	"github.com/cockroachdb/apd/v3"
)

// The environment variables PriceFromEnv reads: the model's list price in
// US dollars per million tokens, prompt and completion ("0.15", "0.60").
const (
	EnvPricePrompt     = "MEMHIVE_MODEL_PRICE_PROMPT"
	EnvPriceCompletion = "MEMHIVE_MODEL_PRICE_COMPLETION"
)

// Price is what a model's tokens cost, in US dollars per million tokens.
// The decision log records tokens, not money; a price turns them into a
// cost where one is shown (the inspector's model calls). The zero Price is
// "no price configured": Cost reports false.
type Price struct {
	Prompt, Completion apd.Decimal
	set                bool
}

// ParsePrice reads a price from its two decimal strings (dollars per
// million tokens). Both empty: no price. One alone, a negative or a
// malformed figure: an error naming it.
func ParsePrice(prompt, completion string) (Price, error) {
	prompt, completion = strings.TrimSpace(prompt), strings.TrimSpace(completion)
	if prompt == "" && completion == "" {
		return Price{}, nil
	}
	var p Price
	for _, f := range []struct {
		name, s string
		d       *apd.Decimal
	}{{EnvPricePrompt, prompt, &p.Prompt}, {EnvPriceCompletion, completion, &p.Completion}} {
		if f.s == "" {
			return Price{}, fmt.Errorf("%s is empty: set both %s and %s (US dollars per million tokens, e.g. 0.15 and 0.60) or neither",
				f.name, EnvPricePrompt, EnvPriceCompletion)
		}
		if _, _, err := f.d.SetString(f.s); err != nil || f.d.Form != apd.Finite || f.d.Negative {
			return Price{}, fmt.Errorf("%s=%q is not a price (US dollars per million tokens, a decimal ≥ 0 such as 0.15)", f.name, f.s)
		}
	}
	p.set = true
	return p, nil
}

// PriceFromEnv reads MEMHIVE_MODEL_PRICE_PROMPT and
// MEMHIVE_MODEL_PRICE_COMPLETION.
func PriceFromEnv() (Price, error) {
	return ParsePrice(os.Getenv(EnvPricePrompt), os.Getenv(EnvPriceCompletion))
}

// Set reports whether a price is configured.
func (p Price) Set() bool { return p.set }

var priceCtx = apd.BaseContext.WithPrecision(34)

// Cost is the exact cost of a call of prompt and completion tokens, in US
// dollars, as a decimal string ("0.000135"); ok is false without a price.
func (p Price) Cost(prompt, completion int) (cost string, ok bool) {
	if !p.set {
		return "", false
	}
	var a, b, sum apd.Decimal
	if _, err := priceCtx.Mul(&a, &p.Prompt, apd.New(int64(prompt), -6)); err != nil {
		return "", false
	}
	if _, err := priceCtx.Mul(&b, &p.Completion, apd.New(int64(completion), -6)); err != nil {
		return "", false
	}
	if _, err := priceCtx.Add(&sum, &a, &b); err != nil {
		return "", false
	}
	var r apd.Decimal
	if _, _, err := priceCtx.Reduce(&r, &sum); err != nil {
		return "", false
	}
	return r.Text('f'), true
}
