package extract_test

import (
	"testing"
	"time"

	"github.com/memhive/memhive/extract"
)

// TestChatRules covers the rules of chat.go (issue 9, second pass): each
// sentence gives exactly the facts listed (none more), with plans and
// events dated against the session's time. The negative cases are the
// wordings those rules must leave alone: questions, second and third
// person, conditions, hedges, negation, feelings after "started", and
// things finished that are not life events.
func TestChatRules(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC) // a Wednesday in March
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Plans and intentions, dated when a date is said.
		{"I plan on running a marathon this fall.", []want{fut(me, "plans", "running a marathon", "2026-09-01")}},
		{"We're planning on moving next summer.", []want{fut(me, "plans", "moving", "2026-06-01")}},
		{"My dream is to open a bakery.", []want{fut(me, "plans", "open a bakery", "")}},
		{"Our goal this year is to buy a house.", []want{fut(me, "plans", "buy a house", "")}},
		{"I've always wanted to learn Spanish.", []want{fut(me, "plans", "learn Spanish", "")}},
		{"I always dreamed of visiting Italy.", []want{fut(me, "plans", "visit Italy", "")}},
		{"I'm determined to adopt.", []want{fut(me, "plans", "adopt", "")}},
		{"I can't wait to see the Grand Canyon next summer!", []want{fut(me, "travels_to", "Grand Canyon", "2026-06-01")}},
		// Life events.
		{"I just finished my first marathon.", []want{ev(me, "completed", "first marathon", "")}},
		{"I finished my degree last year.", []want{ev(me, "completed", "degree", "2025-01-01")}},
		{"I started painting again recently.", []want{ev(me, "started", "painting", "")}},
		{"We started learning the guitar last month.", []want{ev(me, "started", "learning the guitar", "2026-02-01")}},
		{"I started to learn the piano.", []want{ev(me, "started", "learn the piano", "")}},
		{"I recently got promoted to team lead.", []want{ev(me, "promoted", "team lead", ""), w(me, "job_title", "team lead")}},
		{"I finally retired last week.", []want{ev(me, "retired", "retired", "2026-02-25")}},
		// Preferences said in chat.
		{"I've always loved the ocean.", []want{w(me, "likes", "ocean")}},
		{"I've always hated crowds.", []want{w(me, "dislikes", "crowds")}},
		{"I've always been passionate about music.", []want{w(me, "likes", "music")}},
		{"I've been reading a lot lately.", []want{w(me, "likes", "reading")}},
		{"I've been learning Spanish.", []want{w(me, "likes", "learning Spanish")}},
		{"Cooking has been helping me de-stress.", []want{w(me, "likes", "Cooking")}},
		{"Painting is my escape.", []want{w(me, "likes", "Painting")}},
		{"We enjoy hiking in the mountains and exploring forests.",
			[]want{w(me, "likes", "hiking in the mountains"), w(me, "likes", "exploring forests")}},
		{"Max and I love taking walks on this nearby trail.", []want{w(me, "likes", "taking walks")}},
		{"I've been into yoga and meditation lately.", []want{w(me, "likes", "yoga"), w(me, "likes", "meditation")}},
		{"Music really helps me focus.", []want{w(me, "likes", "Music")}},
		{"I love how video games can spark the imagination.", []want{w(me, "likes", "video games")}},
		{"I was also in Turkey and Mexico.", []want{ev(me, "visited", "Turkey", ""), ev(me, "visited", "Mexico", "")}},
		{"Can't wait for our hike!", []want{fut(me, "plans", "our hike", "")}},
		{"I'm also excited to mentor young dancers.", []want{fut(me, "plans", "mentor young dancers", "")}},
		{"My dream is to create a loving home for these kids.", []want{fut(me, "plans", "create a loving home", "")}},
		{"I'm a huge Star Wars fan.", []want{w(me, "likes", "Star Wars")}},
		{"Big basketball fan here.", []want{w(me, "likes", "basketball")}},
		{"I'm not a huge football fan.", []want{w(me, "dislikes", "football")}},
		{"I got a new job as a nurse.", []want{ev(me, "started_job", "nurse", ""), w(me, "job_title", "nurse")}},
		{"I started a new job last week.", []want{ev(me, "started_job", "job", "2026-02-25")}},
		{"We just moved into a new apartment.", []want{ev(me, "moved", "new apartment", "")}},
		{"We're moving into a bigger house next month.", []want{fut(me, "plans", "move into bigger house", "2026-04-01")}},
		{"I'll be starting a pottery course next week.", []want{fut(me, "plans", "starting a pottery course", "2026-03-11")}},
		{"I go hiking every weekend.", []want{w(me, "likes", "hiking")}},
		{"We play tennis on Sundays.", []want{w(me, "likes", "playing tennis")}},
		{"I play the guitar.", []want{w(me, "likes", "playing guitar")}},
		{"In my spare time, I read comics.", []want{w(me, "likes", "read comics")}},
		{"I took up yoga last year.", []want{ev(me, "started", "yoga", "2025-01-01")}},
		{"I've taken up knitting.", []want{ev(me, "started", "knitting", "")}},
		{"I've decided to start a blog.", []want{fut(me, "plans", "start a blog", "")}},
		{"We're saving up for a house.", []want{fut(me, "plans", "save for a house", "")}},
		{"I can't get enough of jazz.", []want{w(me, "likes", "jazz")}},
		{"I'm a sucker for thrillers.", []want{w(me, "likes", "thrillers")}},
		{"I'm a cat person.", []want{w(me, "likes", "cat")}},
		{"Nothing beats a good book.", []want{w(me, "likes", "good book")}},
		{"I ran my first marathon last month.", []want{ev(me, "completed", "first marathon", "2026-02-01")}},
		{"We had a baby girl.", []want{ev(me, "had_child", "baby girl", "")}},
		{"I got accepted into law school.", []want{ev(me, "joined", "law school", "")}},
		{"I'm signing up for a pottery class.", []want{fut(me, "plans", "signing up for a pottery class", "")}},
		{"I passed my driving test.", []want{ev(me, "completed", "driving test", "")}},
		{"I started playing acoustic guitar about five years ago.", []want{ev(me, "started", "playing acoustic guitar", "2021-03-04")}},
		{"In my free time, I enjoy curling up with a good book.", []want{w(me, "likes", "curling up with a good book")}},
		{"I've been reading as usual.", []want{w(me, "likes", "reading")}},
		{"I've always been drawn to strategy games and wanted to challenge myself.", []want{w(me, "likes", "strategy games")}},
		{"I recently started a blog on car mods.", []want{w(me, "owns", "blog"), ev(me, "started", "blog on car mods", "")}},
		{"I'm going to make an appointment.", []want{fut(me, "plans", "make an appointment", "")}},
		{"I love chocolate and mixed berry flavors.", []want{w(me, "likes", "chocolate flavors"), w(me, "likes", "mixed berry flavors")}},
		{"Cooking and eating the food is so rewarding.", []want{w(me, "likes", "cooking")}},
		{"Exploring old towns is so fun.", []want{w(me, "likes", "exploring old towns")}},
		{"I've been loving getting to know Japanese culture.", []want{w(me, "likes", "Japanese culture")}},
		// Work.
		{"I've been working as a barista for two years.", []want{w(me, "job_title", "barista")}},
		{"My job at the hospital is hard.", []want{w(me, "works_at", "hospital")}},
		{"I work in marketing.", []want{w(me, "works_in_field", "marketing")}},
		{"I work in a bakery.", []want{w(me, "works_at", "bakery")}},
		{"As a nurse, I see a lot.", []want{w(me, "job_title", "nurse")}},
		{"I keep hustling as a musician.", []want{w(me, "job_title", "musician")}},
		// Possessions bought or had.
		{"I started my own online clothing store.", []want{w(me, "owns", "online clothing store"), ev(me, "started", "online clothing store", "")}},
		{"I got hired at Acme.", []want{ev(me, "started_job", "Acme", ""), w(me, "works_at", "Acme")}},
		{"My shift at the diner was long.", []want{w(me, "works_at", "diner")}},
		{"I got a new car last week.", []want{w(me, "owns", "car")}},
		{"I bought a Prius.", []want{w(me, "owns", "Prius")}},

		// Negative cases: nothing is written down.
		{"Do you plan on running a marathon?", nil},
		{"You've always loved the ocean.", nil},
		{"She's always wanted to learn Spanish.", nil},
		{"If I get the job, I plan on moving.", nil},
		{"Maybe my goal is to open a bakery.", nil},
		{"I'm going to try my best.", nil},
		{"I can't wait to see you!", nil},
		{"I can't wait to see what happens.", nil},
		{"My goal is to be happy.", nil},
		{"I started feeling better.", nil},
		{"I started thinking about it.", nil},
		{"I just finished my coffee.", nil},
		{"I've been working a lot.", nil},
		{"I've been thinking about it.", nil},
		{"Everyone loves pizza.", nil},
		{"People like to travel.", nil},
		{"My friend's job at Google is great.", nil},
		{"I got a car wash.", nil},
		{"I have a Tesla.", []want{w(me, "owns", "Tesla")}}, // a car by its make (casual.go), like "I bought a Prius"
		{"I bought a Paris guide.", nil},
		{"I love spending time with them.", nil},
		{"I love playing with you.", nil},
		{"It helps me relax.", nil},
		{"I love how it turned out.", nil},
		{"I love how the colors pop.", nil},
		{"I went to Jon and Mary's party.", nil},
		{"I can't wait for the weekend.", nil},
		{"I can't wait to see you!", nil},
		{"I'm a huge fan.", nil},
		{"You're a huge Star Wars fan.", nil},
		{"Did you get the job?", nil},
		{"I'll be thinking of you tomorrow.", nil},
		{"I went to my gym.", nil},
		{"My local store was closed.", nil},
		{"Do you go hiking?", nil},
		{"I play it safe.", nil},
		{"I used to play the guitar.", nil},
		{"It took up space.", nil},
		{"I've been running late.", nil},
		{"I've been playing it by ear.", nil},
		{"I've been learning a lot from you.", nil},
		{"I play a big role in the team.", nil},
		{"I love how you did that.", nil},
		{"I've always loved you.", nil},
		{"My plan is to sleep.", nil},
		{"Big fan of your work!", nil},
		{"I'm a people person.", nil},
		{"I'm a good person.", nil},
		{"Are you a cat person?", nil},
		{"She had a baby.", nil},
		{"You should sign up for a class.", nil},
		{"I love how uncomplicated it is.", nil},
		{"I'd love to take a look!", nil},
		{"I've been studying real hard.", nil},
		{"I'm going to do my best.", nil},
		{"Being here is so fun.", nil},
		{"Traveling is so exhausting.", nil},
		{"I just started working at Zalando.", []want{w(me, "works_at", "Zalando"), ev(me, "started_job", "Zalando", "")}},
		{"I love mac and cheese.", []want{w(me, "likes", "mac and cheese")}},
	} {
		facts, ok := checkTurn(t, at, tc.text, tc.want)
		if !ok {
			continue
		}
		for _, x := range tc.want {
			if x.from == "" {
				continue
			}
			for _, f := range facts {
				if f.Predicate == x.p && f.Claim == x.c && f.ValidFrom.Format(time.DateOnly) != x.from {
					t.Errorf("%q: %s valid from %s, want %s", tc.text, x.p, f.ValidFrom.Format(time.DateOnly), x.from)
				}
			}
		}
	}
}

// TestSeasonDates: "this/next <season>" resolves against the session time.
func TestSeasonDates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text string
		at   time.Time
		from string // "" when no plan dated by it is kept
	}{
		{"I plan on running a marathon this summer.", time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC), "2026-06-01"},
		{"I plan on running a marathon this summer.", time.Date(2026, 7, 10, 0, 0, 0, 0, time.UTC), "2026-07-10"},
		{"I plan on running a marathon next summer.", time.Date(2026, 7, 10, 0, 0, 0, 0, time.UTC), "2027-06-01"},
		{"I plan on running a marathon next winter.", time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), "2026-12-01"},
		{"I plan on running a marathon this winter.", time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), "2026-01-15"},
	} {
		fs := extract.TurnFacts(tc.text, me, tc.at)
		if len(fs) != 1 || fs[0].Predicate != "plans" {
			t.Errorf("%q at %s: got %v, want one plan", tc.text, tc.at.Format(time.DateOnly), fs)
			continue
		}
		if g := fs[0].ValidFrom.Format(time.DateOnly); g != tc.from {
			t.Errorf("%q at %s: valid from %s, want %s", tc.text, tc.at.Format(time.DateOnly), g, tc.from)
		}
	}
}
