package extract

import (
	"regexp"
	"strings"
)

// A pastime named in one clause and praised by "it" in the next: "I
// started playing acoustic guitar five years ago; it's been a great way to
// express myself", "I took up knitting last winter. I love it!", "Clay is
// incredible, it brings me so much joy". The clause with "it" says no
// liking alone (what "it" is was said before), and the clause before says
// none either (a start, an opinion); together they say the speaker likes
// the pastime. "It" is read only as the pastime of the clause just
// before, and only when that clause named a pastime: "I bought a new
// bike. I love it!" (a thing owned) and "We went to the fair. It was
// fun" (an outing) are no liking.

// itLikedRE is a clause that praises "it" for what it does for the
// speaker, or says the speaker loves it.
var itLikedRE = regexp.MustCompile(`(?i)^(?:(?:and|so|honestly|yeah|yes|plus)[,\s]+)*(?:` +
	// "it's been a great way to relax", "it's my escape", "it is so therapeutic"
	`it(?:'s|\s+is|\s+has|\s+has\s+become|'s\s+become)(?:\s+(?:been|really|always|honestly|truly|just|also|become))*\s+(?:(?:such\s+|like\s+)?(?:an?\s+)(?:(?:great|good|amazing|awesome|wonderful|perfect|fantastic|nice|real|huge|big|healthy|creative|fun)\s+)*(?:way\s+to\s+(?:relax|unwind|de-?stress|express|escape|clear|cope|recharge|stay|keep|take\s+my\s+mind|get\s+away|calm|switch\s+off|decompress|blow\s+off)|outlet|escape|stress\s+reliever|release|lifesaver|life\s+saver|passion|hobby\s+of\s+mine)|my\s+(?:escape|outlet|therapy|happy\s+place|passion|safe\s+space|sanctuary|refuge|zen|me\s+time|chill\s+time)|(?:so\s+|really\s+|very\s+|super\s+)?(?:relaxing|therapeutic|calming|soothing|fulfilling|rewarding)\s+for\s+me|therapy\s+for\s+me)` +
	// "it brings me so much joy", "it gives me peace"
	`|it\s+(?:really\s+|always\s+|just\s+|honestly\s+)*(?:brings|gives|has\s+brought|has\s+given)\s+me\s+(?:so\s+much\s+|such\s+|a\s+lot\s+of\s+|great\s+)?(?:joy|peace|happiness|calm|comfort|purpose|freedom)` +
	// "it helps me relax", "it keeps me sane"
	`|it\s+(?:really\s+|always\s+|just\s+|honestly\s+)*(?:helps|has\s+helped|has\s+been\s+helping|keeps)\s+me\s+(?:to\s+)?(?:relax|unwind|de-?stress|cope|focus|recharge|sane|grounded|calm|centered|centred|balanced)` +
	// "I love it!", "I really enjoy it so much"
	`|i(?:'m|\s+am)\s+(?:really\s+|just\s+|totally\s+|so\s+|honestly\s+|absolutely\s+)*(?:loving|enjoying)\s+it(?:\s+so\s+much|\s+a\s+lot|\s+so\s+far)?[\s.!…]*$` +
	`|i\s+(?:really\s+|just\s+|absolutely\s+|totally\s+|honestly\s+|truly\s+|also\s+)*(?:love|enjoy|adore)\s+it(?:\s+so\s+much|\s+a\s+lot|\s+so|\s+already|\s+now)?[\s.!…]*$` +
	`)\b`)

// pastimeOpinionRE is a clause that names a pastime and speaks well of it
// without saying it is the speaker's ("Clay is incredible", "Pottery's so
// relaxing"): the pastime "it" stands for in the next clause.
var pastimeOpinionRE = regexp.MustCompile(`(?i)^([a-z][a-z\-]+(?:\s+[a-z][a-z\-]+)?)(?:'s|\s+is)\s+(?:so\s+|really\s+|just\s+|truly\s+|absolutely\s+)*(?:incredible|amazing|awesome|great|wonderful|the\s+best|fun|so\s+fun|relaxing|beautiful|magical|addictive|addicting|therapeutic|calming)[\s.!…]*$`)

// pastimeBefore returns the pastime a clause named for "it" in the next
// clause to stand for: a liking or a start of a pastime it gave (facts),
// or a pastime it spoke well of (text); "" when none.
func pastimeBefore(text string, facts []Fact) string {
	for i := len(facts) - 1; i >= 0; i-- {
		f := facts[i]
		if (f.Predicate == "started" || f.Predicate == "likes") && f.Polarity == Positive && pastimeClaim(f.Claim) {
			return f.Claim
		}
	}
	if i := strings.LastIndex(text, ","); i >= 0 {
		text = text[i+1:] // "Wow, pottery is so relaxing"
	}
	if m := pastimeOpinionRE.FindStringSubmatch(strings.TrimSpace(text)); m != nil && pastimeClaim(m[1]) {
		ws := strings.Fields(strings.ToLower(m[1]))
		if !pronoun[ws[0]] && !articleRE.MatchString(m[1]+" ") { // "The class is amazing", "My garden is so relaxing": one thing, no pastime
			return strings.ToLower(m[1][:1]) + m[1][1:]
		}
	}
	return ""
}

// pastimeClaim: a claim that names a pastime ("playing acoustic guitar",
// "knitting", "pottery"), not a thing, a place or a person.
func pastimeClaim(claim string) bool {
	ws := strings.Fields(strings.ToLower(claim))
	if len(ws) == 0 || len(ws) > 4 {
		return false
	}
	if hobbyGerund(ws[0]) || activityGerund[ws[0]] {
		return true
	}
	return len(ws) <= 2 && (pastimeWords[ws[len(ws)-1]] || activity[ws[len(ws)-1]] || soloPastimes[ws[len(ws)-1]])
}

// itPastime returns the pastime a clause says the speaker likes by "it"
// (itLikedRE), given last, the pastime the clause before named: "" when
// the clause praises no "it" or nothing stands for it. A comma inside
// the clause parts an opinion from its "it" as a clause would: "Clay is
// incredible, it brings me so much joy".
func itPastime(cl, last string) string {
	if last == "" && !strings.Contains(cl, ",") || !strings.Contains(strings.ToLower(cl), "it") {
		return "" // nothing for "it" to stand for, or no "it"
	}
	parts := strings.Split(cl, ",")
	for j, p := range parts {
		if !itLikedRE.MatchString(strings.TrimSpace(p)) {
			continue
		}
		if j > 0 {
			return pastimeBefore(parts[j-1], nil)
		}
		return last
	}
	return ""
}
