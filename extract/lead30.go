package extract

import (
	"regexp"
	"slices"
	"strings"

	"github.com/memhive/memhive"
)

// The lead's rules of session 30 (BENCHMARKS.md, "Chat rules, session 30").

// imAndRE: a second state of the speaker's after "I'm … and" with no "I'm"
// of its own: "I'm vegetarian and allergic to peanuts", "i'm 34 and
// married", "I'm 29, single and living in Leeds". The states are the ones
// the rules read after "I'm"; a state that is an adjective stands alone
// ("and married couples" is no marriage).
var imAndRE = regexp.MustCompile(`(?i)\b(I'm|I\s+am)(\s+[^;.!?]{1,40}?),?\s+and\s+(?:also\s+)?((?:allergic|intolerant)\s+to\b|lactose\s+intolerant\b|(?:living|based)\s+in\b|from\s+\p{L}|(?:married|engaged|divorced|retired|pregnant|vegan|vegetarian|single|unemployed|self-employed)(?:\s*$|\s*[,!]|\s+(?:to|for|since|now|with|in|and|but|lol|btw|too|as)\b))`)

// elideIm gives the second state of "I'm … and" its own "I'm", so that the
// clause splitter reads it as a clause: "I'm vegetarian and I'm allergic
// to peanuts".
func elideIm(s string) string {
	if !strings.Contains(s, " and ") {
		return s
	}
	return imAndRE.ReplaceAllString(s, "${1}${2} and I'm ${3}")
}

// chatClaimTail are the words chat ends a sentence with that a rule may
// take as the last word of its object: "i'm allergic to shellfish btw",
// "i hate big-city chaos anyway".
var chatClaimTail = setOf(`btw lol lmao lmfao rofl haha hahaha hehe tbh ngl fyi rn fr imo smh jk xd tho though anyway anyways lowkey`)

// trimChatTail drops those words from the end of a claim of more than one
// word, and the fact the trimmed one now repeats ("shellfish" beside
// "shellfish btw").
func trimChatTail(out []Fact) []Fact {
	trimmed := false
	for i, f := range out {
		ws := strings.Fields(f.Claim)
		n := len(ws)
		for len(ws) > 1 && chatClaimTail[strings.ToLower(strings.Trim(ws[len(ws)-1], ".,!?"))] {
			ws = ws[:len(ws)-1]
		}
		if len(ws) < n {
			out[i].Claim = strings.TrimRight(strings.Join(ws, " "), ",")
			trimmed = true
		}
	}
	if !trimmed {
		return out
	}
	seen := map[string]bool{}
	return slices.DeleteFunc(out, func(f Fact) bool {
		key := memhive.Canon(f.Subject) + "\x00" + f.Predicate + "\x00" + memhive.Canon(f.Claim) + "\x00" + f.Kind + "\x00" + f.Polarity
		dup := seen[key]
		seen[key] = true
		return dup
	})
}

// shopTrips drops the trips whose place is a shop or someone's home: said
// with a possessive ("we're heading to Trader Joe's after work", "going to
// Mark's tonight") or by an errand's purpose ("I'm going to Walmart to get
// some snacks"). A place the gazetteer knows stays ("St. John's", "going
// to Paris to get married").
func shopTrips(text string, out []Fact) []Fact {
	poss := strings.Contains(text, "'s") || strings.Contains(text, "’s")
	errand := errandRE.MatchString(text)
	if !poss && !errand {
		return out
	}
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Predicate != "travels_to" || isPlace(f.Claim) {
			return false
		}
		c := strings.TrimSuffix(strings.TrimSuffix(f.Claim, "'s"), "’s")
		if poss && (c != f.Claim || strings.Contains(text, c+"'s") || strings.Contains(text, c+"’s")) {
			return true
		}
		if errand {
			for _, m := range errandRE.FindAllStringSubmatch(text, -1) {
				if strings.EqualFold(m[1], c) {
					return true
				}
			}
		}
		return false
	})
}

// errandRE: a place gone to for something to get or eat: "to Walmart to
// get some snacks", "to Tesco for milk", "over to Costco to pick up".
var errandRE = regexp.MustCompile(`(?i)\bto\s+(\p{Lu}[\p{L}&.'’-]*(?:\s+\p{Lu}[\p{L}&.'’-]*)?)\s+(?:to\s+(?:get|buy|grab|pick\s+up|return|drop\s+off|stock\s+up)|for\s+(?:some\s+)?(?:groceries|snacks|milk|bread|coffee|a\s+coffee|lunch|brunch|dinner|supplies|paint|printer\s+ink|a\s+haircut))\b`)

// madAtRE: "mad about" before what happened, the anger of it, not a
// passion ("Dana is mad about the delay", "he's mad about that"), where a
// passion is said of a kind of thing ("Benedetta is mad about castles")
// or by a name ("Dana is mad about the Beatles").
var madAtRE = regexp.MustCompile(`(?i)\bmad\s+about\s+(?:the|that|this|it|what|how|being|his|her|their|my|your|our)\s+([^,;:!?.]*)`)

// angryNotFond drops the likings "mad about" gave where it says anger.
func angryNotFond(text string, out []Fact) []Fact {
	if !strings.Contains(strings.ToLower(text), "mad about") {
		return out
	}
	ms := madAtRE.FindAllStringSubmatch(text, -1)
	return slices.DeleteFunc(out, func(f Fact) bool {
		if f.Predicate != "likes" || !startsLower(f.Claim) {
			return false
		}
		for _, m := range ms {
			if strings.Contains(strings.ToLower(m[1]), strings.ToLower(f.Claim)) {
				return true
			}
		}
		return false
	})
}

// A job named as the reason of a move: "i just moved to Toronto last month
// for a new job at Shopify", "I relocated to Berlin for a job at Zalando".
// The speaker works there, and a new job is one begun. Not another's job
// ("for my husband's job at Lockheed") and not a move denied ("didn't move
// for a job at …": the verb must follow the subject).
func init() {
	rules = append(rules,
		r(`(?:^|\b(?i:i|we)(?:(?:'ve|\s+have|\s+just|\s+recently|\s+finally|\s+actually))*\s+|^(?i:(?:just|recently|finally)\s+)?)(?i:moved|relocated)\b[^.!?;]{0,60}?\b(?i:for\s+(?:a|the|my)\s+(new\s+)?(?:job|position|role|post)\s+(?:at|with))\s+(\p{Lu}[\p{L}&'’-]*(?:\s+\p{Lu}[\p{L}&'’-]*){0,2})`, 2, func(c *clause, m []string) {
			o := employer(m[2])
			if o == "" || c.fore {
				return
			}
			c.add(c.speaker, "works_at", o, World, confFirst-5)
			if m[1] != "" {
				c.add(c.speaker, "started_job", o, Experience, confEvent+3)
			}
		}),
	)
}
