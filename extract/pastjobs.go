package extract

import (
	"regexp"
	"strings"
)

// Jobs held before, said the ways chat says them (session 24, from the
// misses of the synthetic chat's first two rounds): "I was a midwife for 38
// years", "before that I was an economist in Dushanbe", "I was accountant
// in Tehran 12 years", "I used to be a nurse", "after 31 years as a stress
// engineer". A job held before is the job with polarity negative, as every
// labelled set writes it (testdata/README.md, "A past job"); "at Chevron"
// after it is the employer, negative too. Only a role the occupation list
// knows, and never a boy, a kid or a student ("I was a kid back then").
// Cases in named_test.go.

// pastRoleEndRE ends the role of "I was a …": what follows a job said in
// the past (how long, where, for whom).
var pastRoleEndRE = regexp.MustCompile(`(?i)\s+(?:for|in|at|on|with|back|before|until|till|til|when|and|but|from|out|of|since|during|\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|myself|too|then|there|here|all|most|many|years?|decades?|my|our|once)\b.*$`)

// notPastJob are heads of "I was a …" that are no job ("student" is a
// study, said elsewhere).
var notPastJob = setOf(`student pupil kid child boy girl baby teen teenager youngster beginner member fan mess wreck volunteer freshman sophomore junior senior`)

func init() {
	rules = append(rules,
		// "I was a midwife for 38 years", "I used to be a nurse", "I was
		// accountant in Tehran 12 years".
		rawRule(fp+`(?i:\s+(?:was|used\s+to\s+be|had\s+been|spent\s+\w+\s+years\s+as))\s+(?i:(?:a|an)\s+)?([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,4})(.*)$`, 1, func(c *clause, m []string) {
			if c.fore || c.neg || condRE.MatchString(c.raw) {
				return
			}
			role := pastRole(m[1])
			if role == "" {
				return
			}
			c.neg = true
			c.add(c.speaker, "job_title", role, World, confLoose-4)
			if _, at, ok := strings.Cut(" "+m[1]+m[2], " at "); ok {
				if o := employer(at); o != "" && !knownPlace(o) {
					c.add(c.speaker, "works_at", o, World, confLoose-6)
				}
			}
		}),
		// "after 31 years as a stress engineer", "Eight years as a backend
		// developer and gone": a span of years in a role, said once it
		// ended (a clause that says "still" or "now" keeps it).
		rawRule(`(?i:\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|[a-z]+-[a-z]+)\s+years\s+as)\s+(?i:(?:a|an)\s+)?([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*){0,4})`, 1, func(c *clause, m []string) {
			if c.fore || stillRE.MatchString(c.raw) {
				return
			}
			if role := pastRole(m[1]); role != "" {
				c.neg = true
				c.add(c.speaker, "job_title", role, World, confLoose-6)
			}
		}),
	)
}

// pastRole is the role at the start of s ("midwife" of "midwife for 38
// years"), or "" when it is no job the occupation list knows. A role one
// "was promoted to", "was made", "was hired as" is the role now, not one
// held before.
func pastRole(s string) string {
	role := strings.TrimSpace(pastRoleEndRE.ReplaceAllString(" "+s, ""))
	ws := strings.Fields(strings.ToLower(role))
	if len(ws) == 0 || notPastJob[ws[len(ws)-1]] || !job(role) || ws[0] == "promoted" || ws[0] == "made" || ws[0] == "hired" || ws[0] == "named" {
		return ""
	}
	return role
}

// stillRE: the clause says the role goes on ("20 years as a luthier and I
// still get nervous").
var stillRE = regexp.MustCompile(`(?i)\b(?:still|now|currently|these\s+days|i'm|i\s+am|i've|i\s+have)\b`)
