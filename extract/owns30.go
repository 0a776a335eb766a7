package extract

import (
	"regexp"
	"strings"
)

// Homes said in passing (session 30, from the home misses of synthetic
// rounds 1–2): a named relative placed by "in" right after the name ("I
// want to call my daughter Sigrid in Bergen", "remind me to ring my brother
// Shigeo in Osaka") is where the relative lives. A stay ("in Lisbon this
// week", "on holiday") and a place that is no town ("in Year 5") give
// nothing.
//
// Cases in owns30_test.go.

// kinInRE: a relative with a name, then "in" and a place (group 1 the
// name, group 2 the place). Not "is in" (the earlier rules read it).
var kinInRE = `(?i:\b(?:my|our)\s+)` + mods + `(?i:mum|mom|mother|mam|dad|father|brother|sister|son|daughter|cousin|aunt|auntie|aunty|uncle|nephew|niece|grandson|granddaughter|grandma|grandmother|gran|granny|nan|nana|grandpa|grandfather|grandad|granddad|husband|wife|partner|boyfriend|girlfriend|fiancé|fiancee|fiance|bestie|best\s+friend|friend|mate|kid|kids|child|brother-in-law|sister-in-law|mother-in-law|father-in-law|stepson|stepdaughter|stepmom|stepmum|stepdad)\s+(\p{Lu}\p{Ll}[\p{L}'-]*)\s*,?\s+(?:(?i:(?:who\s+)?(?:lives|is\s+living|'s\s+living|is|'s)\s+(?:now\s+|still\s+)?(?:(?:up|down|out|over|back)\s+)?))?in\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2})`

// kinInAfterRE: what after the place says it is a stay, not a home, or
// that the place is no town ("in Year 5").
var kinInAfterRE = regexp.MustCompile(`^\s*(?:\d|(?i:this\s+(?:week|weekend|month)|for\s+(?:a|the|two|three|\d)|on\s+(?:holiday|vacation|a\s+trip|business)|at\s+the\s+moment|right\s+now|until|till|visiting|hospital))`)

// homePlace30 is the place read by the home rules, or "" when it can be
// no town: a month, a name, a lower-case word no lexicon knows.
func homePlace30(p string) string {
	p = place(p)
	if p == "" {
		return ""
	}
	if low := strings.ToLower(p); p == low {
		if !knownPlace(low) {
			return ""
		}
		return p
	}
	if !plausiblePlace(p) || lexNames.has(p) && !knownPlace(p) {
		return ""
	}
	return p
}

func init() {
	rules = append(rules,
		// The wish or plan around it ("I want to call …") is no part of
		// where the relative lives.
		rule{re: regexp.MustCompile(kinInRE), claim: 2, raw: true, fn: func(c *clause, m []string) {
			if c.neg {
				return
			}
			c.fore = false
			i := strings.Index(c.raw, m[0])
			if i < 0 || kinInAfterRE.MatchString(c.raw[i+len(m[0]):]) {
				return
			}
			p := homePlace30(m[2])
			if p == "" || !lexNames.has(m[1]) && isStopName(m[1]) {
				return
			}
			if hasClaim30(c, "lives_in", p) {
				return
			}
			c.add(m[1], "lives_in", p, World, confPref-4)
		}},
	)
}

// hasClaim30 reports whether the clause already gave pred with claim p.
func hasClaim30(c *clause, pred, p string) bool {
	for _, f := range c.facts {
		if f.Predicate == pred && strings.EqualFold(f.Claim, p) {
			return true
		}
	}
	return false
}
