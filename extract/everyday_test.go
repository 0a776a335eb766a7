package extract_test

import (
	"testing"
	"time"
)

// TestEverydayChat holds the cases of everyday.go: sentences written for
// this test (none from LoCoMo), each with every fact it must give and no
// other.
func TestEverydayChat(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// a job left
		{"I finally left my marketing job last spring.", []want{ev(me, "lost_job", "marketing job", "")}},
		{"Losing my job was rough, honestly.", []want{ev(me, "lost_job", "job", "")}},
		{"I left my job early to catch the game.", nil},
		{"I never left my job, I just changed teams.", nil},
		{"Losing my job would be a disaster.", nil},
		// a class taken
		{"I'm taking a pottery class at the community center.", []want{ev(me, "joined", "pottery class", "")}},
		{"We're taking salsa lessons together.", []want{ev(me, "joined", "salsa lessons", "")}},
		{"I'm not taking a pottery class this year.", []want{{s: me, p: "plans", c: "taking a pottery class", kind: "foresight", pol: "negative"}}},
		{"Are you taking a cooking class?", nil},
		// a prize given
		{"They gave me a volunteer award last night!", []want{ev(me, "won", "volunteer award", "")}},
		{"I got a medal for the half marathon.", []want{ev(me, "won", "medal", "")}},
		{"They gave him a medal.", nil},
		{"I didn't get a prize this time.", nil},
		// pastimes as a habit
		{"We usually read, paint and play board games on Sundays.", []want{w(me, "likes", "reading"), w(me, "likes", "painting"), w(me, "likes", "playing board games")}},
		{"I usually work late and skip dinner.", nil},
		{"I often hike, swim and bake.", []want{w(me, "likes", "hiking"), w(me, "likes", "swimming"), w(me, "likes", "baking")}},
		// pastimes by what they do for the speaker
		{"I find knitting so relaxing.", []want{w(me, "likes", "knitting")}},
		{"I find it relaxing.", nil},
		{"I don't find running relaxing at all.", []want{w(me, "dislikes", "running")}},
		{"Swimming has been great for me.", []want{w(me, "likes", "Swimming")}},
		{"The weather has been great for me.", nil},
		{"I'm always up for playing chess.", []want{w(me, "likes", "playing chess")}},
		{"I'm up for a hike tomorrow.", nil},
		{"I'm trying out pilates.", []want{w(me, "likes", "pilates")}},
		{"I'm trying out a new recipe tonight.", []want{fut(me, "plans", "trying out a new recipe", "")}},
		{"Recently left my retail job after five years.", []want{ev(me, "lost_job", "retail job", "")}},
		// a wish held for a while; the listener reminded
		{"I've been meaning to do some gardening.", []want{fut(me, "plans", "do some gardening", "")}},
		{"I'd love to do more swimming.", []want{fut(me, "plans", "do more swimming", "")}},
		{"I want to do some paperwork.", nil},
		{"You know I love salsa dancing.", []want{w(me, "likes", "salsa dancing")}},
		{"You know you love salsa dancing.", nil},
		// what a pastime does for the speaker, a pastime being loved
		{"Climbing gives me an escape from work.", []want{w(me, "likes", "Climbing")}},
		{"Your music gives me an escape.", nil},
		{"Exercise is essential for me.", []want{w(me, "likes", "Exercise")}},
		{"I'm loving experimenting with spices right now.", []want{w(me, "likes", "experimenting with spices")}},
		{"I'm loving this weather.", nil},
		{"My dog and I have a great time doing walks.", []want{w(me, "has_pet", "dog"), w(me, "likes", "walks")}},
		{"We had a great time doing walks last week.", nil},
		{"I've found that journaling or going for a run helps.", []want{w(me, "likes", "journaling"), w(me, "likes", "going for a run")}},
		{"I've found that nothing helps.", nil},
		{"My love for baking started when I was ten.", []want{w(me, "likes", "baking")}},
		// pets by name, what calms the speaker, a trip under way, a thing loved
		{"Then my loyal furry friend Pepper jumped on the couch.", []want{w(me, "has_pet", "Pepper")}},
		{"We love our furry friends.", []want{w(me, "likes", "furry friends")}}, // no pet named: only the liking
		{"Her name is Luna and she's been a joy since we adopted her.", []want{w(me, "has_pet", "Luna"), ev(me, "adopted", "Luna", "")}},
		{"Her name is Luna.", nil},
		{"Knitting calms me down.", []want{w(me, "likes", "Knitting")}},
		{"My sister calms me down.", []want{w(me, "sister", "Alice's sister")}},
		{"We're driving through Nevada!", []want{fut(me, "travels_to", "Nevada", "")}},
		{"I found a record shop that sells this band I love.", []want{w(me, "likes", "band")}},
		{"It's one of the reasons I love Lisbon.", []want{w(me, "likes", "Lisbon")}}, // not "likes reasons"
		// two long pastimes, a standing search, volunteering with a role
		{"I love restoring old furniture and growing vegetables in my backyard.", []want{w(me, "likes", "restoring old furniture"), w(me, "likes", "growing vegetables in my backyard")}},
		{"I'm always on the lookout for new podcasts.", []want{w(me, "likes", "new podcasts")}},
		{"I'm looking for new podcasts.", nil},
		{"I'm volunteering as a tutor at the public library.", []want{w(me, "volunteers_at", "public library")}},
		{"Chess has been a part of my life since I was six.", []want{w(me, "likes", "Chess")}},
		// a plan said with a hedge is a plan; a hedge without one is nothing
		{"Maybe I'll give pottery a go.", []want{fut(me, "plans", "try pottery", "")}},
		{"I might try kayaking next summer.", []want{fut(me, "plans", "try kayaking", "")}},
		{"Perhaps I should learn Spanish.", []want{fut(me, "plans", "learn Spanish", "")}},
		{"Maybe I'll see you later.", nil},
		{"I should get some sleep.", nil},
		{"You should try kayaking.", nil},
		{"I should join you for a hike and bring my dogs.", []want{w(me, "has_pet", "dogs"), fut(me, "plans", "a hike", "")}},
		{"Glimpsing that calms me.", nil},
		{"I'm always looking for new recommendations.", nil},
		// volunteering said with its place is the place; "the same" game is
		// someone else's too; a business goal is no business owned
		{"I've been volunteering at a food bank and it's rewarding.", []want{w(me, "volunteers_at", "food bank")}},
		{"We're into the same game.", nil},
		{"It gets me pumped to tackle my business goals.", nil},
		// what the session's review found (session 21): advice, worries, fears
		// and shows are no plan, loss, prize, class or visit
		{"My doctor said I should start running.", nil},
		{"I'm worried I might get fired.", nil},
		{"I should try harder at work.", nil},
		{"Losing my job is my biggest fear.", nil},
		{"I just left my job interview and I think it went well.", nil},
		{"I got an award nomination!", nil},
		{"I'm taking a break from classes.", nil},
		{"We're planning our honeymoon.", []want{fut(me, "plans", "honeymoon", "")}}, // an occasion since session 26
		{"Brazil was amazing in the World Cup.", nil},
		{"Peru is on my list of places to avoid.", nil},
		{"I can't wait for this party to be over.", nil},
		{"I want to get into the car.", nil},
		{"My love for long runs has only grown.", []want{w(me, "likes", "long runs")}},
		{"I've found that crying helps.", nil},
		{"Drinking gives me an escape.", nil},
		{"His name is Jake. We adopted him from foster care last year.", nil},
		{"Her name is Luna. I wish we adopted her.", nil},
		{"I usually go hiking, biking, and camping.", []want{w(me, "likes", "hiking"), w(me, "likes", "biking"), w(me, "likes", "camping")}},
		// ventures, fields, events ahead, joining the listener, a honeymoon
		{"We opened a small bakery downtown.", []want{w(me, "owns", "bakery"), ev(me, "started", "bakery", "")}},
		{"I'm hoping to get into graphic design.", []want{fut(me, "plans", "get into graphic design", "")}},
		{"Can't wait for the big reunion!", []want{fut(me, "plans", "big reunion", "")}},
		{"Can you wait for the reunion?", nil},
		{"I'd love to join you for a bike ride sometime.", []want{fut(me, "plans", "a bike ride", "")}},
		{"I joined you for a walk yesterday.", nil},
		{"We're flying to Bali for our honeymoon.", []want{fut(me, "travels_to", "Bali", ""), ev(me, "married", "married", "")}},
		{"I'm gonna take a shot at opening a food truck.", []want{fut(me, "plans", "try opening a food truck", "")}},
		{"I attended a robotics conference in Denver.", []want{ev(me, "visited", "Denver", "")}},
		{"I went to a music festival in Denver.", nil},
		// places
		{"Portugal was amazing!", []want{ev(me, "visited", "Portugal", "")}},
		{"The concert in Berlin was so much fun.", []want{ev(me, "visited", "Berlin", "")}},
		{"Portugal wasn't amazing.", nil},
		{"I'm gonna stay in Lisbon for a week.", []want{fut(me, "travels_to", "Lisbon", "")}},
		{"Peru is on my bucket list.", []want{fut(me, "travels_to", "Peru", "")}},
		{"Is Peru on your bucket list?", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}
