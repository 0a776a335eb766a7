package extract

import (
	"regexp"
	"strings"
	"time"
)

// News told once that the labelled sets of real chat also write as a
// standing fact (session 25, from the synthetic chat's misses): an
// engagement names a partner, a promotion names the role that is now the
// speaker's job. Both read the whole turn after its clauses, since the
// name or the role is often said a sentence apart ("I'm engaged!! Kian
// asked me on the beach", "i got promoted!!! senior UX lead now").

// engagedPartner: an engagement is a partner too, as every labelled set of
// real chat writes it ("I'm engaged!! Kian asked me on the beach" is
// partner Kian; "we got engaged last week", partner with no name). The one
// who asked or proposed, named in the turn, is the partner; else the
// partner goes unnamed (session 25, from the synthetic chat's misses).
func engagedPartner(text, speaker string, at time.Time, out []Fact) []Fact {
	engaged := false
	for _, f := range out {
		if f.Subject == speaker && f.Predicate == "partner" {
			return out
		}
		if f.Subject == speaker && f.Predicate == "engaged" && f.Polarity == Positive {
			engaged = true
		}
	}
	if !engaged {
		return out
	}
	who := unnamedRelative(speaker, "partner")
	if m := askedMeRE.FindStringSubmatch(text); m != nil {
		if n := strings.TrimSpace(m[1]); !knownPlace(n) && relKey(strings.ToLower(n)) == "" && !pronoun[strings.ToLower(n)] && !notAsker[strings.ToLower(n)] {
			who = n
		}
	}
	return append(out, Fact{Subject: speaker, Predicate: "partner", Claim: who, Kind: World, Polarity: Positive,
		ValidFrom: at, Confidence: confLoose - 4, Speaker: speaker})
}

// notAsker are capitalised words before "asked" that name no one.
var notAsker = setOf(`he she they someone somebody everyone everybody nobody people who then and so but also finally he's she's`)

// askedMeRE: who asked: "Kian asked me", "Rafael ask me", "Lwazi proposed".
var askedMeRE = regexp.MustCompile(`\b(\p{Lu}[\p{L}'-]+)\s+(?:(?:finally|just)\s+)?(?:asked|ask|asks|proposed|popped\s+the\s+question)\b`)

// promotedRole names a promotion by its role when the turn says it apart
// ("i got promoted!!! senior UX lead now", "I got promoted, I'm a corporal
// now"), as the labelled sets write it; the role is the speaker's job too.
func promotedRole(text, speaker string, at time.Time, out []Fact) []Fact {
	at0 := -1
	role := ""
	for i, f := range out {
		if f.Subject == speaker && f.Predicate == "promoted" && f.Claim == "promoted" && f.Polarity == Positive {
			at0 = i
		}
		if f.Subject == speaker && f.Predicate == "job_title" && f.Polarity == Positive && f.Kind == World {
			role = f.Claim
		}
	}
	if at0 < 0 {
		return out
	}
	if role == "" {
		if m := promotedNowRE.FindStringSubmatch(text); m != nil && job(m[1]) {
			role = m[1]
			out = append(out, Fact{Subject: speaker, Predicate: "job_title", Claim: role, Kind: World, Polarity: Positive,
				ValidFrom: at, Confidence: confLoose - 4, Speaker: speaker})
		}
	}
	if role != "" {
		out[at0].Claim = role
	}
	return out
}

// promotedNowRE: the role said after a promotion, with "now": "promoted!!!
// senior UX lead now", "promoted, I'm a corporal now".
var promotedNowRE = regexp.MustCompile(`(?i)\bpromoted\b[!.,\s]*(?:(?:i'm|i\s+am|im)\s+(?:a\s+|an\s+|the\s+)?)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s+now\b`)
