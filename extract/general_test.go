package extract_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/memhive/memhive/extract"
)

// TestGeneralChat covers the rules added for casual conversation in
// general (session 8): relations named only by a word, and the rest below.
// Every sentence was written for this test (none is from LoCoMo); each
// gives exactly the facts listed, none more. The negative half is what
// the rules must leave alone.
func TestGeneralChat(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// Relations named only by a word.
		{"I went bowling with my coworkers on Friday.", []want{w(me, "colleague", "Alice's colleagues")}},
		{"My neighbor lent me a ladder.", []want{w(me, "neighbor", "Alice's neighbor")}},
		{"Me and my roommate cooked dinner together.", []want{w(me, "roommate", "Alice's roommate")}},
		{"My best friend threw me a surprise party.", []want{w(me, "friend", "Alice's friend")}},

		// Two short noun phrases liked are two likings.
		{"I like cheese pizza and prosciutto.", []want{w(me, "likes", "cheese pizza"), w(me, "likes", "prosciutto")}},
		{"I love board games and movie nights.", []want{w(me, "likes", "board games"), w(me, "likes", "movie nights")}},
		{"It combines my passion for gaming and programming.", []want{w(me, "likes", "gaming"), w(me, "likes", "programming")}},
		{"I'm a huge fan of jazz and soul.", []want{w(me, "likes", "jazz"), w(me, "likes", "soul")}},

		{"I love rock and roll.", []want{w(me, "likes", "rock and roll")}},
		{"I love playing guitar and piano.", []want{w(me, "likes", "playing guitar and piano")}},
		{"I love hiking in Utah and Nevada.", []want{w(me, "likes", "hiking in Utah and Nevada")}},
		{"Do you like jazz and soul?", nil},

		// A vehicle or an instrument said as one's own (owned.txt and the
		// hand list), or a make after "my new".
		{"I practiced my cello all evening.", []want{w(me, "owns", "cello")}},
		{"We took our kayak out on the lake.", []want{w(me, "owns", "kayak")}},
		{"I bought a ukulele.", []want{w(me, "owns", "ukulele")}},
		{"My new Tesla, the one I just got, is in the shop.", []want{w(me, "owns", "Tesla")}},
		{"My new Prius is great.", []want{w(me, "owns", "Prius")}},

		{"I have a ukulele at home.", []want{w(me, "owns", "ukulele")}},
		// A thing said not to be had, or sold, is written as an owning
		// denied, as the synthetic and outside sets write it ("we don't have
		// car", "sold my car in june"; session 28).
		{"I don't have a ukulele.", []want{neg(me, "owns", "ukulele")}},
		{"I had a ukulele back in college.", nil},
		{"Do you have a ukulele?", nil},
		{"I sold my guitar last year.", []want{neg(me, "owns", "guitar")}},
		{"I sold my bike.", []want{neg(me, "owns", "bike")}}, // was a misfire case (session 12): no owning, now one denied
		{"I miss my old motorcycle.", nil},
		{"My guitar lessons start Monday.", nil},
		{"Your guitar sounds amazing.", nil},
		{"Check out my new Instagram post.", nil},
		{"My dream guitar is a Les Paul.", nil},
		{"This guitar means so much to me.", []want{w(me, "owns", "guitar")}}, // owns31.go, as dev draw 4 labels it
		{"I've been working on that Ford Mustang I found in a junkyard.", []want{w(me, "owns", "Ford Mustang")}},
		{"Do you still have your trumpet?", nil},

		// "My favorite thing to do is …".
		{"My favorite thing to do on weekends is hiking and biking.", []want{w(me, "likes", "hiking"), w(me, "likes", "biking")}},
		{"My favorite way to relax is reading.", []want{w(me, "likes", "reading")}},
		{"Your favorite thing to do is hiking.", nil},
		{"My favorite thing to do was swimming.", nil},

		// The subject left out.
		{"Just adopted a puppy!", []want{ev(me, "adopted", "puppy", ""), w(me, "has_pet", "puppy")}},
		{"Really into knitting these days.", []want{w(me, "likes", "knitting")}},
		{"Been really into yoga lately.", []want{w(me, "likes", "yoga")}},
		{"Heading to Paris next week!", []want{fut(me, "travels_to", "Paris", "")}},
		{"Thinking of getting a cat.", []want{fut(me, "plans", "getting a cat", "")}},
		{"Got a new bike for my birthday.", []want{w(me, "owns", "new bike")}},
		{"Big fan of jazz.", []want{w(me, "likes", "jazz")}},
		{"Looking forward to my trip to Japan next month.", []want{fut(me, "travels_to", "Japan", "")}},

		{"Thinking of you!", nil},
		{"Heading home now.", nil},
		{"Big fan of your work!", nil},
		{"Into the woods we go.", nil},
		{"I love watching these shows.", nil},
		{"I bought a console for my partner.", []want{w(me, "partner", "Alice's partner")}},

		// A wedding anniversary, a degree got.
		{"We just celebrated our 5th wedding anniversary.", []want{ev(me, "married", "married", "")}},
		{"I got my degree in biology.", []want{ev(me, "completed", "degree in biology", "")}},
		{"They celebrated their wedding anniversary.", nil},
		{"Did you get your degree?", nil},
		{"I hope to get my degree next year.", []want{fut(me, "plans", "get my degree", "")}},

		// Pastimes kept up: a lot of yoga, what helps one, a skill learnt.
		{"I've been doing a lot of yoga.", []want{w(me, "likes", "yoga")}},
		{"Painting helps me express myself.", []want{w(me, "likes", "Painting")}},
		{"Journaling has been so good for me.", []want{w(me, "likes", "Journaling")}},
		{"I'm learning to play guitar.", []want{w(me, "likes", "learning to play guitar")}},
		{"I'm learning Spanish.", []want{w(me, "likes", "learning Spanish")}},
		{"I really miss painting.", []want{w(me, "likes", "painting")}},
		{"I miss you!", nil},
		{"I don't miss running at all.", nil},
		{"Do you miss hiking?", nil},
		{"Seeing you has been so good for me.", nil},
		{"I'm learning a lot from you.", nil},
		{"I'm learning to be patient.", nil},
		{"I had a mentor too when I was learning how to dance.", nil},
		{"Are you learning Spanish?", nil},
		{"I'm not learning Spanish anymore.", nil},

		// A thing spoken of, then said to be one's own.
		{"This guitar I keep by my bed is my favorite.", []want{w(me, "owns", "guitar")}},
		{"I've been working on that Ford Mustang I restored.", []want{w(me, "owns", "Ford Mustang")}},
		{"The Prius we bought broke down.", []want{w(me, "owns", "Prius")}},
		{"The book I bought is great.", nil},
		{"The gym I found is cheap.", nil},
		{"Is that the guitar you bought?", nil},

		// A placing is a win; a first day at a job.
		{"I got first place in the science fair!", []want{ev(me, "won", "first place in the science fair", "")}},
		{"We took second place at the tournament.", []want{ev(me, "won", "second place at the tournament", "")}},
		{"I finished first in the marathon.", []want{ev(me, "won", "first in the marathon", "")}},
		{"Today was my first day at my new job.", []want{ev(me, "started_job", "job", "")}},
		{"My first shift at Starbucks was hectic.", []want{w(me, "works_at", "Starbucks"), ev(me, "started_job", "Starbucks", "")}},
		{"I took first steps today.", nil},
		{"I got first dibs.", nil},
		{"Did you get first place?", nil},
		{"I hope I get first place.", nil},
		{"Tomorrow is my first day at my new job.", nil},

		// A pastime praised as the subject (session 12): a haven, a way to
		// unwind, what calms one; "helps me" anything, of a pastime only.
		{"Gardening is my sanctuary.", []want{w(me, "likes", "Gardening")}},
		{"Cooking's a great way for me to unwind after work.", []want{w(me, "likes", "Cooking")}},
		{"Painting's a fun way to express my feelings.", []want{w(me, "likes", "Painting")}},
		{"Yoga is a great way to relax, you should try it.", nil},
		{"Running really calms me down.", []want{w(me, "likes", "Running")}},
		{"Yoga makes me feel alive.", []want{w(me, "likes", "Yoga")}},
		{"Nature has always been my happy place.", []want{w(me, "likes", "Nature")}},
		{"Travel helps me see things differently.", []want{w(me, "likes", "Travel")}},
		{"Work is my sanity.", nil},
		{"Traffic makes me feel alive.", nil},
		{"Talking to you helps me think.", nil},
		{"Does painting calm you down?", nil},
		{"Painting calms my sister down.", []want{w(me, "sister", "Alice's sister")}},
		{"Photography is her passion.", nil},

		// a pastime started, said with "doing" (and liked: "it's great", as locomo_more labels it, session 25)
		{"Just started doing aerial yoga, it's great.", []want{ev(me, "started", "aerial yoga", ""), w(me, "likes", "aerial yoga")}},
		{"I started doing pilates last month.", []want{ev(me, "started", "pilates", "")}},
		{"We started doing yoga together.", []want{ev(me, "started", "yoga", "")}},
		{"I started doing this a few years back.", nil},
		{"I started doing better after the surgery.", nil},
		{"I started doing my homework late.", nil},
		{"I started doing some research.", nil},
		{"Did you start doing yoga?", nil},

		// a game played, by its name
		{"I usually play Fortnite.", []want{w(me, "likes", "playing Fortnite")}},
		{"We play CS:GO most nights.", []want{w(me, "likes", "playing CS:GO")}},
		{"I play League of Legends.", []want{w(me, "likes", "playing League of Legends")}},
		{"I play Santa every Christmas.", nil},
		{"I play Juliet in the school play.", nil},
		{"We play Boston next week.", nil},
		{"Do you play Fortnite?", nil},

		// a favorite named by what follows "this"
		{"My favorite dairy-free treat is this amazing chocolate raspberry tart.", []want{w(me, "favorite_treat", "chocolate raspberry tart")}},
		{"My favorite show is this new series about chefs.", []want{w(me, "favorite_show", "new series about chefs")}},
		{"My favorite song is this one.", nil},
		{"My favorite treat is this cake.", nil},
		{"Is your favorite treat this chocolate tart?", nil},

		// a child spoken of by age or stage, then named
		{"Our one-year-old is so cute, his name is Leo!", []want{w(me, "son", "Leo")}},
		{"My 3-year-old just started daycare, her name is Ava.", []want{w(me, "daughter", "Ava")}},
		{"My toddler is teething, her name is Mia.", []want{w(me, "daughter", "Mia")}},
		{"My friend's 3-year-old is cute, his name is Ben.", nil},
		{"My 3-year-old niece is here, her name is Sam.", nil},
		{"My 3-year-old nephew is here, his name is Sam.", nil},
		{"Your one-year-old is adorable, his name is Leo?", nil},

		{"Yoga kept me sane during the lockdown.", []want{w(me, "likes", "Yoga")}},
		{"Talking to her kept me going.", nil},
		{"I do miss nature a lot.", []want{w(me, "likes", "nature")}},
		{"My old bike means the world to me.", []want{w(me, "owns", "bike")}},
		{"This song means so much to me.", nil},
		{"Your guitar means a lot to me.", nil},

		{"Horror movies aren't my thing.", []want{w(me, "dislikes", "Horror movies")}},
		{"Running never helps me relax.", nil},
		{"I've been playing a lot of chess lately.", []want{w(me, "likes", "playing chess")}},
		{"I've been playing a lot lately.", nil},

		{"i'm a veteran.", nil},

		// A likeness names no relative.
		{"I feel like you're my sister.", nil},
		{"She's like my sister.", nil},
		{"I went hiking with my sister like my dad used to.", []want{w(me, "sister", "Alice's sister"), w(me, "father", "Alice's father")}},

		// A place of work whose name ends with its 's.
		{"I work at McDonald's.", []want{w(me, "works_at", "McDonald's")}},
		{"I work at Trader Joe's as a cashier.", []want{w(me, "works_at", "Trader Joe's"), w(me, "job_title", "cashier")}},
		{"I work at Tom's bakery.", []want{w(me, "works_at", "Tom's bakery")}},

		// Identity only from a name: "call me crazy" and "my name is
		// pretty common" name no one.
		{"Call me crazy, but I like it.", nil},
		{"call me old fashioned, but i like letters", []want{w(me, "likes", "letters")}},
		{"call me maybe", nil},
		{"my name is pretty common", nil},
		{"My name is Pretty Common.", nil},
		{"my name is a long story", nil},
		{"my name is emily", []want{w(me, "name", "Emily")}},
		{"please call me Liz", []want{w(me, "nickname", "Liz")}},

		// "my love for": the love stands whatever the clause does with it.
		{"I wanted to blend my love for dance and fashion.", []want{w(me, "likes", "dance"), w(me, "likes", "fashion")}},
		{"I lost my love for running.", nil},
		{"Do you share my love for jazz?", nil},

		// Ahead of the speaker: an upcoming event, a sign-up with a date,
		// going somewhere this month.
		{"Super excited for my upcoming performance in Tokyo.", []want{fut(me, "plans", "performance in Tokyo", "")}},
		{"My upcoming exam got cancelled.", nil},
		{"Her upcoming birthday party is on Sunday.", nil},
		{"How is your upcoming move going?", nil},
		{"I signed up for a pottery class next month.", []want{ev(me, "joined", "pottery class", ""), fut(me, "plans", "pottery class", "2026-04-01")}},
		{"I signed up for a pottery class.", []want{ev(me, "joined", "pottery class", "")}},
		{"I'm going to a wedding this month.", []want{fut(me, "plans", "go to wedding", "")}},
		{"I went to a wedding this month.", nil},
		{"I've been so busy this month.", nil},

		// Life events: a promotion got, a parent become, a work put out,
		// back from a trip.
		{"I got a promotion last week!", []want{ev(me, "promoted", "promoted", "")}},
		{"We became parents in June.", []want{ev(me, "had_child", "child", "")}},
		{"My sister became a mom.", []want{w(me, "sister", "Alice's sister")}},
		{"I launched my website yesterday.", []want{ev(me, "started", "website", "")}},
		{"I published my first book!", []want{ev(me, "completed", "first book", "")}},
		{"I released the dog into the yard.", nil},
		{"Did you launch your website?", nil},
		{"I just came back from a trip to Peru.", []want{ev(me, "visited", "Peru", "")}},

		// A place whose name has a particle; "also" before "in".
		{"We were also in Rio de Janeiro last year.", []want{ev(me, "visited", "Rio de Janeiro", "2025-01-01")}},
		{"My friend Anna de Souza called yesterday.", []want{w(me, "friend", "Anna de Souza")}},

		// A volunteer at a place.
		{"I'm carrying on volunteering at the shelter.", []want{w(me, "volunteers_at", "shelter")}},
		{"I stopped volunteering at the shelter.", nil},
		{"I recently became a volunteer at the library.", []want{w(me, "volunteers_at", "library")}},
		{"I'm a volunteer with the Red Cross.", []want{w(me, "volunteers_at", "Red Cross")}},
		{"I'd like to become a volunteer at the library.", []want{fut(me, "plans", "become a volunteer at the library", "")}},
		{"Are you a volunteer at the library?", nil},

		// Pets listed after one verb.
		{"We have two dogs and a cat.", []want{w(me, "has_pet", "dog"), w(me, "has_pet", "cat")}},
		{"I've got a dog, two cats and a parrot.", []want{w(me, "has_pet", "dog"), w(me, "has_pet", "cat"), w(me, "has_pet", "parrot")}},
		{"Do you have a dog and a cat?", nil},
		{"My sister has two dogs and a cat.", []want{w(me, "sister", "Alice's sister")}},

		// How often is no part of a claim.
		{"I just started volunteering at a food bank once a month.",
			[]want{ev(me, "started", "volunteering at a food bank", ""), w(me, "volunteers_at", "food bank")}},
		{"I've been really into pottery every weekend.", []want{w(me, "likes", "pottery")}},

		// Likings said as what one is ("a coffee lover", "history buff"),
		// what one finds relaxing, what one's passion is.
		{"I'm a huge coffee lover.", []want{w(me, "likes", "coffee")}},
		{"We're big Lakers fans.", []want{w(me, "likes", "Lakers")}},
		{"I'm a history buff.", []want{w(me, "likes", "history")}},
		{"I'm a bit of a coffee addict.", []want{w(me, "likes", "coffee")}},
		{"So I said, I love hiking.", []want{w(me, "likes", "hiking")}},
		{"I'm a newly converted coffee lover.", []want{w(me, "likes", "coffee")}},
		{"I'm not a coffee lover.", []want{w(me, "dislikes", "coffee")}},
		{"I find painting really relaxing.", []want{w(me, "likes", "painting")}},
		{"Cooking is one of my biggest passions.", []want{w(me, "likes", "Cooking")}},
		{"I've actually been getting into rock climbing recently.", []want{w(me, "likes", "rock climbing")}},

		{"I'm a huge fan.", nil},
		{"I'm a total nerd.", nil},
		{"You're a huge coffee lover.", nil},
		{"Are you a dog lover?", nil},
		{"I find it relaxing.", nil},
		{"I find that really fun.", nil},
		{"Cooking was my biggest passion.", nil},

		// Plans: a trip ahead, an outing with a date, "about to".
		{"I'm super excited about my upcoming trip to Japan.", []want{fut(me, "travels_to", "Japan", "")}},
		{"I can't wait for my trip to Rome!", []want{fut(me, "travels_to", "Rome", "")}},
		{"My upcoming trip to Peru is stressing me out.", []want{fut(me, "travels_to", "Peru", "")}},
		{"We're going on a road trip next week.", []want{fut(me, "plans", "road trip", "")}},
		{"I'm about to start a new job.", []want{fut(me, "plans", "start a new job", "")}},

		{"I've got a trip to Mexico coming up.", []want{fut(me, "travels_to", "Mexico", "")}},
		{"I've booked a flight to London.", []want{fut(me, "travels_to", "London", "")}},
		{"We have a trip to Rome next month.", []want{fut(me, "travels_to", "Rome", "")}},

		{"We're spending Christmas in Vermont.", []want{fut(me, "travels_to", "Vermont", "")}},
		{"We're spending a week in Rome.", []want{fut(me, "travels_to", "Rome", "")}},
		{"I've lived in Denver for almost 10 years.", []want{w(me, "lives_in", "Denver")}},
		{"We have lived in Austin since 2019.", []want{w(me, "lives_in", "Austin")}},
		{"I've got tickets to see Coldplay next month.", []want{fut(me, "plans", "tickets to see Coldplay", "")}},
		{"We spent a week in Spain.", []want{ev(me, "visited", "Spain", "")}},
		{"Are you spending Christmas in Vermont?", nil},
		{"I had tickets to see Coldplay but it got cancelled.", nil},
		{"Did you get tickets to see Coldplay?", nil},
		{"I have a trip to Rome.", nil},
		{"Have you booked a flight to London?", nil},
		{"You've got a trip to Mexico coming up!", nil},
		{"My trip to Japan was amazing.", []want{ev(me, "visited", "Japan", "")}},
		{"How was your trip to Japan?", nil},
		{"Are you excited about your trip to Spain?", nil},
		{"We went on a road trip last week.", nil},
		{"Are you about to start a new job?", nil},
		{"It's about to rain.", nil},

		// A pet named after it was spoken of, or as "the new pup Ned".
		{"Last week we finally adopted a puppy, his name is Buddy.",
			[]want{w(me, "has_pet", "Buddy"), ev(me, "adopted", "puppy", "")}},
		{"We got a kitten and named her Mochi!", []want{w(me, "has_pet", "Mochi")}},
		{"We adopted a kitten. Her name is Luna.", []want{w(me, "has_pet", "Luna"), ev(me, "adopted", "kitten", "")}},
		{"Our new puppy Max is adorable.", []want{w(me, "has_pet", "Max")}},
		{"The cats finally met the new pup Ned.", []want{w(me, "has_pet", "Ned")}},

		{"i just adopted a puppy, his name is max", []want{w(me, "has_pet", "Max"), ev(me, "adopted", "puppy", "")}},
		{"we got a kitten named luna", []want{w(me, "has_pet", "Luna")}},
		{"My sister got a puppy. His name is Rex.", []want{w(me, "sister", "Alice's sister")}},
		{"I have a dog. What's his name?", []want{w(me, "has_pet", "dog")}},
		{"Your dog is cute, what's her name?", nil},
		{"I got a cat. Her name is Paris.", []want{w(me, "has_pet", "cat")}},
		{"I started introducing Max to my coworkers.", []want{w(me, "colleague", "Alice's colleagues")}},

		// "Besides X, I also enjoy Y": X is liked too.
		{"Apart from hiking, we also love kayaking.", []want{w(me, "likes", "hiking"), w(me, "likes", "kayaking")}},
		{"Besides that, I also enjoy cooking.", []want{w(me, "likes", "cooking")}},
		{"Besides writing, I enjoy reading.", []want{w(me, "likes", "reading")}},
		{"Big fan of Hall and Oates.", []want{w(me, "likes", "Hall and Oates")}},
		{"I like trying to make bread.", []want{w(me, "likes", "trying to make bread")}},
		{"Besides hiking, do you also enjoy kayaking?", nil},

		// A purpose clause is no part of what is liked; a slash pair is two.
		{"I love organizing meetups and workshops to practice mindfulness.", []want{w(me, "likes", "organizing meetups and workshops")}},
		{"I enjoy baking bread to relax.", []want{w(me, "likes", "baking bread")}},
		{"I love listening to music.", []want{w(me, "likes", "listening to music")}},
		{"I do pilates/yoga on weekends.", []want{w(me, "likes", "pilates"), w(me, "likes", "yoga")}},
		{"Gonna take lots of pics.", nil},

		// "here in <place>": where the speaker lives, unless away.
		{"It's snowing like crazy here in Denver.", []want{w(me, "lives_in", "Denver")}},
		{"While I'm here in Rome, I want to see the Colosseum.", nil},
		{"We're on vacation here in Bali.", nil},
		{"Is it sunny here in Denver?", nil},

		// Time given to a pastime, "got into", "a big part of my life", "my
		// new hobby", "has become my obsession".
		{"Lately I've been spending a lot of time painting.", []want{w(me, "likes", "painting")}},
		{"I spend most of my free time reading.", []want{w(me, "likes", "reading")}},
		{"I got really into photography last year and haven't stopped since.", []want{w(me, "likes", "photography")}},
		{"We've gotten into board games.", []want{w(me, "likes", "board games")}},
		{"I got into yoga during lockdown.", []want{w(me, "likes", "yoga")}},
		{"Music has always been a big part of my life.", []want{w(me, "likes", "Music")}},
		{"My new hobby is pottery!", []want{w(me, "likes", "pottery")}},
		{"Pottery has become my new obsession.", []want{w(me, "likes", "Pottery")}},

		{"I spent the whole day thinking about it.", nil},
		{"Recently I've been spending time remembering old friends.", nil},
		{"We got into an accident on the way back.", nil},
		{"I'm really hoping to get into local politics.", []want{fut(me, "plans", "get into local politics", "")}},
		{"I'm into electronic and rock music.", []want{w(me, "likes", "electronic music"), w(me, "likes", "rock music")}},
		{"My cat Luna sleeps all day.", []want{w(me, "has_pet", "Luna")}},
		{"I went to Canada with my new SO.", []want{ev(me, "visited", "Canada", ""), w(me, "partner", "Alice's partner")}}, // "my new SO" is a partner (testdata README, draw 6)
		{"I spend my days working.", nil},
		{"My family is a huge part of my life.", nil},
		{"Do you spend your free time reading?", nil},
		{"You got really into photography!", nil},

		// An answer's "Not much," is no negation; lessons taken up.
		// "my new job" is a job begun, as the labelled sets write it (session 28)
		{"Not much, just been busy with my new job at the hospital.", []want{w(me, "works_at", "hospital"), ev(me, "started_job", "new job", "")}},
		{"Not really, I love my job though.", []want{w(me, "likes", "job")}},
		{"Oh, and I also started taking guitar lessons.", []want{ev(me, "started", "taking guitar lessons", "")}},
		{"I started taking my meds again.", nil},

		// Back from a trip; considering a plan.
		{"We just got back from Hawaii.", []want{ev(me, "visited", "Hawaii", "")}},
		{"I'm considering adopting a cat.", []want{fut(me, "plans", "adopting a cat", "")}},
		{"Are you considering adopting a cat?", nil},
		{"I'm thinking of going into nursing.", []want{fut(me, "plans", "going into nursing", "")}},
		{"I've been busy at work and thinking of going into teaching.", []want{fut(me, "plans", "going into teaching", "")}},
		{"I'm going into the kitchen.", nil},
		{"The visit made me even more determined to adopt.", []want{fut(me, "plans", "adopt", "")}},
		{"That trip made me want to learn Spanish.", []want{fut(me, "plans", "learn Spanish", "")}},
		{"It made me want to cry.", nil},
		{"It made her want to adopt.", nil},
		{"Are you thinking of going into nursing?", nil},
		{"She's been busy and thinking about getting a dog.", nil},
		{"I'm looking forward to seeing you.", nil},

		// A band one plays in is not a thing owned.
		{"My band and I were jamming last night.", nil},
		{"My significant other and I went hiking.", []want{w(me, "partner", "Alice's partner")}},
		{"My better half made dinner.", []want{w(me, "partner", "Alice's partner")}},
		{"Do you get along with your coworkers?", nil},
		{"My neighbor's dog barks all night.", nil},
		{"I hung out with my friends last night.", nil},
		{"My teammates played great today.", nil},
		{"If my roommate moves out, I'll need a new place.", nil},

		// Session 12: a pet lost or put down is had no longer; a thing
		// bought is owned; studying names a subject; in-laws.
		{"We lost our dog Buddy last year.", []want{{s: me, p: "has_pet", c: "Buddy", kind: "world", pol: "negative"}}},
		{"We had to put our dog down.", []want{{s: me, p: "has_pet", c: "dog", kind: "world", pol: "negative"}}},
		{"I've had my dog for 5 years.", []want{w(me, "has_pet", "dog")}},
		{"I bought a house.", []want{w(me, "owns", "house")}},
		{"I'm studying biology.", []want{w(me, "studies", "biology")}},
		{"I'm studying at Stanford.", []want{w(me, "studies_at", "Stanford")}},
		{"My mother in law is staying with us.", []want{w(me, "mother_in_law", "Alice's mother-in-law")}},
		{"My sister-in-law is visiting.", []want{w(me, "in_law", "Alice's in-law")}},
		{"I won the raffle lmao", []want{ev(me, "won", "raffle", "")}},
		{"I joined the army at 18.", []want{ev(me, "joined", "army", "")}},
		{"I love sushi hahaha 😋", []want{w(me, "likes", "sushi")}},
		{"I'm not kidding, I got the job!", []want{ev(me, "started_job", "job", "")}},
		{"I'm a senior at UCLA.", []want{w(me, "studies_at", "UCLA")}},
		{"I'm a grad student at MIT.", []want{w(me, "job_title", "grad student"), w(me, "studies_at", "MIT")}},
		{"I'm a senior engineer at Google.", []want{w(me, "job_title", "senior engineer"), w(me, "works_at", "Google")}},
		{"I own a dog grooming business.", []want{w(me, "owns", "dog grooming business")}},
		{"I own two cats.", []want{w(me, "has_pet", "cat")}},
		{"I'm saving for a trip to Japan.", []want{fut(me, "plans", "take a trip to Japan", "")}},
		{"I'm saving up for a house.", []want{fut(me, "plans", "save for a house", "")}},
		{"I'm going to Paris in May, even if it rains.", []want{fut(me, "travels_to", "Paris", "")}},
		{"I'm going to Paris in May and I'll see if Sam can come.", []want{fut(me, "travels_to", "Paris", "")}},
		{"I've been learning to code.", []want{w(me, "likes", "learning to code")}},
		{"I like dogs more than cats.", []want{w(me, "likes", "dogs")}},
		{"I had a baby girl in May.", []want{ev(me, "had_child", "baby girl", "")}},

		// A relative counted: "I have a sister", "we have two kids".
		{"I have a sister.", []want{w(me, "sister", "Alice's sister")}},
		{"We have two kids.", []want{w(me, "child", "Alice's children")}},
		{"I've got a brother and a sister.", []want{w(me, "brother", "Alice's brother"), w(me, "sister", "Alice's sister")}},
		{"I have twin girls.", []want{w(me, "daughter", "Alice's daughters")}},
		{"We have a baby girl.", []want{w(me, "daughter", "Alice's daughter")}},
		{"I have 3 brothers.", []want{w(me, "brother", "Alice's brothers")}},
		{"I don't have a sister.", nil},
		{"Do you have a sister?", nil},
		{"She has two kids.", nil},
		{"I have kids in my class.", nil},
		{"I have a girl crush on her.", nil},
		{"I have a kid's party to go to.", nil},
		{"I have a sister-in-law.", nil},
		{"I wish I had a sister.", nil},
		{"If I have a son, I'll name him Leo.", nil},
		// Persona lines: a second relative after "and", grandchildren,
		// teenagers, a partner had, a parent counting children.
		{"i have a son and a daughter.", []want{w(me, "son", "Alice's son"), w(me, "daughter", "Alice's daughter")}},
		{"i have five grandchildren.", []want{w(me, "grandchild", "Alice's grandchildren")}},
		{"i have a newborn daughter.", []want{w(me, "daughter", "Alice's daughter")}},
		{"I have two teenagers.", []want{w(me, "child", "Alice's children")}},
		{"i have a boyfriend.", []want{w(me, "partner", "Alice's partner")}},
		{"i'm a mother of three.", []want{w(me, "child", "Alice's children")}},
		{"I'm a single dad of two boys.", []want{w(me, "son", "Alice's sons")}},
		{"i'm married with three kids.", []want{ev(me, "married", "married", ""), w(me, "child", "Alice's children")}},
		{"i have a son and a dog.", []want{w(me, "son", "Alice's son")}},
		{"i'm married with two dogs.", []want{ev(me, "married", "married", "")}},
		{"i'm a mom of three cats.", nil},
		{"i'm not a mother of three.", nil},
		{"Are you a mother of two?", nil},
		{"i don't have a boyfriend.", nil},
		{"do you have a girlfriend?", nil},
		{"my friend has a boyfriend.", nil},
		{"i wish i had a boyfriend.", nil},
		{"She's a mother of three.", nil},
		{"i have a brother who lives in chicago.", []want{w(me, "brother", "Alice's brother"), w("Alice's brother", "lives_in", "Chicago")}},
		{"I have a sister who is a nurse in Boston.", []want{w(me, "sister", "Alice's sister"), w("Alice's sister", "job_title", "nurse")}},
		{"I have a brother who is a pain.", []want{w(me, "brother", "Alice's brother")}},
		{"I have a sister who is always late.", []want{w(me, "sister", "Alice's sister")}},
		{"I don't have a brother who lives in Chicago.", nil},
		{"Do you have a brother who lives in Chicago?", nil},

		// A pet named with its kind: "a cat named whiskers", "my dog's
		// name is Buddy".
		{"i have a cat named whiskers.", []want{w(me, "has_pet", "Whiskers")}},
		{"My cat's name is Luna.", []want{w(me, "has_pet", "Luna")}},
		{"my dog's name is buddy.", []want{w(me, "has_pet", "Buddy")}},
		{"my dog's name is pretty silly.", []want{w(me, "has_pet", "dog")}},
		{"my cat's name is still a secret.", []want{w(me, "has_pet", "cat")}},
		{"i have a cat named after my grandma.", []want{w(me, "has_pet", "cat"), w(me, "grandmother", "Alice's grandmother")}},
		{"My friend's dog's name is Buddy.", nil},
		{"Your dog's name is Buddy?", nil},
		{"my mom has a dog named rex.", []want{w(me, "mother", "Alice's mother")}},

		// A vehicle driven, in lower case: by its kind or its make.
		{"i drive a red pickup truck.", []want{w(me, "owns", "red pickup truck")}},
		{"i drive a honda civic.", []want{w(me, "owns", "honda civic")}},
		{"i drive an old minivan with the kids.", []want{w(me, "owns", "old minivan")}},
		{"i drive a truck for a living.", []want{w(me, "job_title", "truck driver")}},
		{"i drive a school bus.", nil},
		{"i drive a forklift at work.", []want{w(me, "job_title", "forklift driver")}},
		{"do you drive a truck?", nil},
		{"my dad drives a ford truck.", []want{w(me, "father", "Alice's father")}},
		{"i'd drive a car if i could.", nil},

		// A place been to is a place visited.
		{"I've been to France.", []want{ev(me, "visited", "France", "")}},
		{"i have been to paris twice.", []want{ev(me, "visited", "Paris", "")}},
		{"I've never been to Europe.", nil},
		{"Have you been to France?", nil},
		{"I've been to the doctor twice this week.", nil},
		{"I'd have been to Paris if not for covid.", nil},
		{"My sister has been to France.", []want{w(me, "sister", "Alice's sister")}},

		// A pastime in the habitual present with a pastime's object.
		{"i listen to jazz.", []want{w(me, "likes", "jazz")}},
		{"I listen to a lot of country music.", []want{w(me, "likes", "country music")}},
		{"i write poetry.", []want{w(me, "likes", "writing poetry")}},
		{"i run marathons.", []want{w(me, "likes", "running marathons")}},
		{"i ride horses.", []want{w(me, "likes", "riding horses")}},
		{"i hunt deer every fall.", []want{w(me, "likes", "hunting deer")}},
		{"i listen to you.", nil},
		{"i write emails all day.", nil},
		{"i don't listen to rap.", nil},
		{"do you listen to jazz?", nil},
		{"i used to write poetry.", nil},
		{"i ride the bus to work.", nil},
		{"i run a small bakery.", []want{w(me, "owns", "bakery")}}, // a business run is owned (casual.go), not a pastime
		{"if i listen to jazz i fall asleep.", nil},
		{"my brother writes poetry.", []want{w(me, "brother", "Alice's brother")}},

		// A school year in a level of school.
		{"I'm a junior in high school.", []want{w(me, "studies_at", "high school")}},
		{"i'm a senior in college.", []want{w(me, "studies_at", "college")}},
		{"My son is a senior in high school.", []want{w(me, "son", "Alice's son")}},
		{"Are you a junior in college?", nil},
		{"I was a senior in college when we met.", nil},
		{"I'm a senior in the company.", nil},

		// "My parents" is a father and a mother with no name (draw 5's
		// convention).
		{"my parents are divorced.", []want{w(me, "father", "Alice's father"), w(me, "mother", "Alice's mother")}},
		{"I live with my parents.", []want{w(me, "father", "Alice's father"), w(me, "mother", "Alice's mother")}},
		{"Do your parents live nearby?", nil},
		{"My friend's parents are divorced.", nil},
		{"If my parents find out, I'm dead.", nil},

		// A thing owned is said once.
		{"i own a small bakery.", []want{w(me, "owns", "bakery")}},
		{"I own a big house.", []want{w(me, "owns", "house")}},

		// Where one is now, with no stay said, is where one lives (session
		// 24: every "I'm in <place>" of the synthetic and outside sets was
		// labelled a home, 12 of 12); a stay is not ("I'm in Texas this
		// week", TestWhereOneIsNow).
		{"i'm in texas. where are you from?", []want{w(me, "lives_in", "Texas")}},
		{"I'm in Texas too!", []want{w(me, "lives_in", "Texas")}},
		{"I'm in Paris for the week.", nil},
		{"I'm in Paris on vacation.", nil},
		{"I'm in New York this weekend.", nil},
		{"i'm in love.", nil},
		{"Are you in Texas?", nil},
		{"I'm not in Texas.", nil},

		// "Work as" a role at a place gives the place too.
		{"i work as a nurse at the local hospital.", []want{w(me, "job_title", "nurse"), w(me, "works_at", "local hospital")}},
		{"i work as a cashier at walmart.", []want{w(me, "job_title", "cashier"), w(me, "works_at", "walmart")}},
		{"I work as a nurse at night.", []want{w(me, "job_title", "nurse")}},
		{"I work as a tutor at home.", []want{w(me, "job_title", "tutor")}},
		{"I work as a waiter at times.", []want{w(me, "job_title", "waiter")}},
		{"Do you work as a nurse at the hospital?", nil},

		// A place after a settlement's word, in lower case.
		{"i grew up in a small town in ohio.", []want{w(me, "from", "Ohio")}},
		{"i live in a small town in texas.", []want{w(me, "lives_in", "Texas")}},
		{"my sister lives in a small town in ohio.", []want{w(me, "sister", "Alice's sister"), w("Alice's sister", "lives_in", "Ohio")}},
		{"did you grow up in a small town in ohio?", nil},

		// A pet wished for is a plan, not a pet ahead.
		{"i would love to have a horse someday.", []want{fut(me, "plans", "have a horse", "")}},
		{"I want to have a cat.", []want{fut(me, "plans", "have a cat", "")}},
		{"Do you want to have a cat?", nil},
		{"She wants to have a cat.", nil},

		// Step and half relatives spelt in two words.
		{"My step dad is a cop.", []want{w(me, "father", "Alice's father"), w("Alice's father", "job_title", "cop")}},
		{"My half sister lives in Ohio.", []want{w(me, "sister", "Alice's sister"), w("Alice's sister", "lives_in", "Ohio")}},
		{"Your step dad is a cop.", nil},
		{"Is your half sister a nurse?", nil},
		{"I took a step back from my work.", nil},
		{"My half of the rent is due.", nil},

		// "My favorite X is Y", with a time or a scope before "is".
		{"My favorite show right now is Succession.", []want{w(me, "favorite_show", "Succession")}},
		{"My favorite place in the world is the beach.", []want{w(me, "favorite_place", "beach")}},
		{"My favorite movie of all time is Jaws.", []want{w(me, "favorite_movie", "Jaws")}},
		{"My favourite band these days is Wet Leg.", []want{w(me, "favorite_band", "Wet Leg")}},
		{"My favorite show right now was Succession.", nil},
		{"Your favorite show right now is Succession.", nil},
		{"What's your favorite place in the world?", nil},
		{"My favorite show right now isn't on Netflix.", nil},
		{"My favorite show right now is probably Succession.", nil},
		{"My favorite show of all time is hard to pick.", nil},
		{"My favorite show right now is on hiatus.", nil},
		{"My favorite band of all time is coming to town!", nil},
		{"My favorite part right now is the ending.", nil},
		{"If my favorite show right now is cancelled I'll cry.", nil},
		{"My sister's favorite show right now is Succession.", []want{w(me, "sister", "Alice's sister")}},
		{"My favorite person in the world is my mom.", []want{w(me, "mother", "Alice's mother")}},

		// The people of the speaker's life: a relative's allergy, work got
		// or started, a role held somewhere.
		{"My husband is allergic to cats.", []want{w(me, "husband", "Alice's husband"), w("Alice's husband", "allergic_to", "cats")}},
		{"My husband's allergic to peanuts.", []want{w(me, "husband", "Alice's husband"), w("Alice's husband", "allergic_to", "peanuts")}},
		{"My husband isn't allergic to cats.", []want{w(me, "husband", "Alice's husband"), {s: "Alice's husband", p: "allergic_to", c: "cats", kind: "world", pol: "negative"}}},
		{"My husband might be allergic to cats.", []want{w(me, "husband", "Alice's husband")}},
		{"My husband thinks he's allergic to cats.", []want{w(me, "husband", "Alice's husband")}},
		{"My husband's sister is allergic to cats.", []want{w(me, "husband", "Alice's husband")}},
		{"My husband is allergic to my cooking lol", []want{w(me, "husband", "Alice's husband")}},
		{"I'm allergic to Mondays.", nil},
		{"Is your husband allergic to cats?", nil},
		{"My husband got a new job at Apple.", []want{w(me, "husband", "Alice's husband"), w("Alice's husband", "works_at", "Apple")}},
		{"My wife just started at Google.", []want{w(me, "wife", "Alice's wife"), w("Alice's wife", "works_at", "Google")}},
		{"My mom started at Walmart in 2010.", []want{w(me, "mother", "Alice's mother"), w("Alice's mother", "works_at", "Walmart")}},
		{"My husband didn't get the job at Apple.", []want{w(me, "husband", "Alice's husband")}},
		{"My husband wants a job at Apple.", []want{w(me, "husband", "Alice's husband")}},
		{"My husband's boss got a new job at Apple.", []want{w(me, "husband", "Alice's husband")}},
		{"My son just started at Lincoln Elementary.", []want{w(me, "son", "Alice's son")}},
		{"My daughter started at Harvard this fall.", []want{w(me, "daughter", "Alice's daughter")}},
		{"Did your wife start at Google?", nil},
		{"My sister is a doctor in Boston.", []want{w(me, "sister", "Alice's sister"), w("Alice's sister", "job_title", "doctor")}},
		{"My sister is a nurse at the children's hospital.", []want{w(me, "sister", "Alice's sister"), w("Alice's sister", "job_title", "nurse"), w("Alice's sister", "works_at", "children's hospital")}},
		{"I'm a nurse in the ICU.", []want{w(me, "job_title", "nurse")}},
		{"My sister is a doctor in training.", []want{w(me, "sister", "Alice's sister")}},
		{"My dad is a man in his 60s.", []want{w(me, "father", "Alice's father")}},
		{"My son is a senior in high school.", []want{w(me, "son", "Alice's son")}},
		{"My brother is a pain in the neck.", []want{w(me, "brother", "Alice's brother")}},
		{"I'm a teacher in training.", nil},
		{"Your sister is a doctor in Boston.", nil},

		// A job started, said as "started at" a name.
		{"I just started at Microsoft!", []want{w(me, "works_at", "Microsoft"), ev(me, "started_job", "Microsoft", "")}},
		{"I've just started at Deloitte as an analyst.", []want{w(me, "works_at", "Deloitte"), ev(me, "started_job", "Deloitte", "")}},
		{"I just started at UCLA as a freshman.", nil},
		{"I just started at Stanford!", nil},
		{"I started at Level 3.", nil},
		{"I started at Central Park and ran to the bridge.", nil},
		{"We started at Joe's and ended up at a club.", nil},
		{"I haven't started at Google yet.", nil},
		{"I might have started at Google.", nil},
		{"You just started at Google!", nil},
		{"I started at Google but quit after a week.", nil},

		// Work and study said with a verb: a subject studied and where, a
		// school one is in, a role taught or coached, when one works.
		{"I study biology at UCLA.", []want{w(me, "studies", "biology"), w(me, "studies_at", "UCLA")}},
		{"I study nursing.", []want{w(me, "studies", "nursing")}},
		{"I study computer science at Georgia Tech.", []want{w(me, "studies", "computer science"), w(me, "studies_at", "Georgia Tech")}},
		{"I'm studying biology at UCLA.", []want{w(me, "studies", "biology"), w(me, "studies_at", "UCLA")}},
		{"I'm studying biology at Starbucks lol", []want{w(me, "studies", "biology")}},
		{"I study at Starbucks.", nil},
		{"I study best at night.", nil},
		{"I study with my friends.", nil},
		{"I study the menu every time.", nil},
		{"I study whenever I can.", nil},
		{"I study people for a living.", nil},
		{"I studied biology at UCLA.", nil},
		{"Do you study biology?", nil},
		{"My sister studies biology.", []want{w(me, "sister", "Alice's sister"), w("Alice's sister", "studies", "biology")}},
		{"I'm in nursing school.", []want{w(me, "studies", "nursing school")}},
		{"I'm in grad school at NYU.", []want{w(me, "studies", "grad school"), w(me, "studies_at", "NYU")}},
		{"I'm in nursing school mode.", nil},
		{"I was in nursing school.", nil},
		{"I'm in the nursing school parking lot.", nil},
		{"Are you in nursing school?", nil},
		{"If I'm in law school next year, I'll move.", nil},
		{"I teach yoga.", []want{w(me, "job_title", "yoga teacher")}},
		{"I teach English at Lincoln High.", []want{w(me, "job_title", "English teacher"), w(me, "works_at", "Lincoln High")}},
		{"I teach piano lessons.", []want{w(me, "job_title", "piano teacher")}},
		{"I keep teaching yoga.", []want{w(me, "job_title", "yoga teacher")}},
		{"I coach soccer.", []want{w(me, "job_title", "soccer coach")}},
		{"I don't teach yoga anymore.", []want{{s: me, p: "job_title", c: "yoga teacher", kind: "world", pol: "negative"}}},
		{"I teach my kids to read.", []want{w(me, "child", "Alice's children")}},
		{"I coach my son's soccer team.", []want{w(me, "son", "Alice's son")}},
		{"I teach them how to cook.", nil},
		{"I teach online.", nil},
		{"I teach by example.", nil},
		{"I teach whatever they need.", nil},
		{"I teach at home.", nil},
		{"I taught yoga for years.", nil},
		{"I'd love to teach yoga.", []want{fut(me, "plans", "teach yoga", "")}},
		{"Do you teach yoga?", nil},
		{"I work nights at the hospital.", []want{w(me, "works_at", "hospital")}},
		{"I work part-time at Target.", []want{w(me, "works_at", "Target")}},
		{"My husband works nights at the hospital.", []want{w(me, "husband", "Alice's husband"), w("Alice's husband", "works_at", "hospital")}},
		{"I worked nights at the hospital.", []want{{s: me, p: "works_at", c: "hospital", kind: "world", pol: "negative"}}},
		{"Do you work nights at the hospital?", nil},
		{"I work nights.", nil},
		{"I work at home.", nil},
		{"I work at least 50 hours.", nil},
		{"I work nights at times.", nil},
		{"I work for a living.", nil},
		{"I work for my dad.", []want{w(me, "father", "Alice's father")}},

		// Life events and states: engaged, a proposal to the speaker,
		// retiring and retired, a diet kept for years, a nickname.
		// an engagement is a partner too, as the labelled sets of real chat write it (session 25)
		{"I'm engaged!!", []want{ev(me, "engaged", "engaged", ""), w(me, "partner", "Alice's partner")}},
		{"I'm officially engaged to Tom.", []want{ev(me, "engaged", "engaged", ""), w(me, "partner", "Tom")}},
		{"He proposed to me last night!", []want{ev(me, "engaged", "engaged", ""), w(me, "partner", "Alice's partner")}},
		{"My boyfriend proposed!", []want{w(me, "partner", "Alice's partner"), ev(me, "engaged", "engaged", "")}},
		{"I proposed to my girlfriend and she said yes!", []want{w(me, "partner", "Alice's partner"), ev(me, "engaged", "engaged", "")}},
		{"I'm engaged in a lawsuit.", nil},
		{"I'm engaged with the community.", nil},
		{"I was engaged once.", nil},
		{"Are you engaged?", nil},
		{"You're engaged!", nil},
		{"My sister is engaged!", []want{w(me, "sister", "Alice's sister")}},
		{"He proposed!", nil},
		{"She said yes!", nil},
		{"Sam proposed!", nil},
		{"He proposed a new plan.", nil},
		{"He almost proposed to me.", nil},
		{"I proposed to her that we split the bill.", nil},
		{"My sister proposed to her girlfriend.", []want{w(me, "sister", "Alice's sister")}},
		{"I'm retiring next year.", []want{fut(me, "plans", "retire", "2027-01-01")}},
		{"I'm retiring from the Navy soon.", []want{fut(me, "plans", "retire", "")}},
		{"I'm retiring for the night.", nil},
		{"I'm retiring my old laptop.", nil},
		{"I'm not retiring anytime soon.", nil},
		{"My dad is retiring next year.", []want{w(me, "father", "Alice's father")}},
		{"Are you retiring next year?", nil},
		{"I'm retired now.", []want{ev(me, "retired", "retired", "")}},
		{"I'm retired from the Army.", []want{ev(me, "retired", "Army", ""), neg(me, "works_at", "Army")}}, // the work there ended too (session 26)
		{"I'm retired military.", nil},
		{"I'm a retired nurse.", nil},
		{"I've been a vegetarian for 5 years.", []want{w(me, "diet", "vegetarian")}},
		{"I've never been a vegetarian.", []want{{s: me, p: "diet", c: "vegetarian", kind: "world", pol: "negative"}}},
		{"I've been a vegetarian before.", nil},
		{"I've been vegan-curious lately.", nil},
		{"I have a vegetarian friend.", nil},
		{"I was a vegetarian in college.", nil},
		{"My nickname is Bee.", []want{w(me, "nickname", "Bee")}},
		{"my nickname is bee", []want{w(me, "nickname", "Bee")}},
		{"my nickname is lilly", []want{w(me, "nickname", "Lilly")}}, // a name of the lexicon ending in -ly
		{"my nickname is pretty dumb", nil},
		{"My nickname is a long story.", nil},
		{"My nickname was Bee in school.", nil},
		{"My nickname for him is Bubba.", nil},
		{"Your nickname is Bee.", nil},
		{"My brother's nickname is Bee.", []want{w(me, "brother", "Alice's brother")}},

		// Said to an assistant: a fact in passing around a request is kept;
		// the request's text is not.
		{"Write a message to my sister telling her I'm moving to Denver.", []want{w(me, "sister", "Alice's sister")}},
		{"Help me write a wedding toast for my brother Jake.", []want{w(me, "brother", "Jake")}},
		{"Help me write a resignation letter. I'm quitting my job at Walmart after 6 years.", []want{w(me, "works_at", "Walmart")}},
		{"Write a dating profile for me: I love hiking and tacos.", []want{w(me, "likes", "hiking"), w(me, "likes", "tacos")}},
		{"Act as a travel agent. I live in Toronto.", []want{w(me, "lives_in", "Toronto")}},
		{"Act as my therapist. I'm a nurse.", []want{w(me, "job_title", "nurse")}},
		{"Proofread my essay. I'm allergic to peanuts, by the way.", []want{w(me, "allergic_to", "peanuts")}},
		{"Review: I loved the movie and I'm a huge Nolan fan.", []want{w(me, "likes", "Nolan")}},
		{"Edit: I live in Ohio, not Iowa.", []want{w(me, "lives_in", "Ohio")}},
		{"She's acting like my mom lol, and I just moved to Denver.", []want{w(me, "mother", "Alice's mother"), w(me, "lives_in", "Denver"), {s: me, p: "moved", c: "Denver", kind: "experience", pol: "positive"}}},
		{"You're a lifesaver! I'm a nurse at Mayo Clinic.", []want{w(me, "job_title", "nurse"), w(me, "works_at", "Mayo Clinic")}},
		{"My favorite song is \"Hey Jude\".", []want{w(me, "favorite_song", "Hey Jude")}},
		{"Translate \"I have two dogs\" into German.", nil},
		{"Pretend I'm allergic to peanuts.", nil},
		{"Say I'm 30 and I live in Ohio.", nil},
		{"I'm vegan, can you suggest a high protein breakfast?", []want{w(me, "diet", "vegan")}},
		{"I teach third grade, can you give me a lesson plan on fractions?", []want{w(me, "job_title", "third grade teacher")}},
		{"If I moved to Japan, what would my cost of living be?", nil},
		{"Hypothetically, if I quit my job, how long could I live on my savings?", nil},
		{"Do you think I should move to Denver, or is it too cold there for me?", nil},
		{"So you moved to Denver, what do you like most about it?", nil},
		{"Which is better for a beginner, an iPhone or a Pixel phone?", nil},
		{"I'm a 28-year-old nurse living in Dallas.", []want{w(me, "age", "28"), w(me, "job_title", "nurse"), w(me, "lives_in", "Dallas")}},
		{"I'm a photographer based in Brooklyn.", []want{w(me, "job_title", "photographer"), w(me, "lives_in", "Brooklyn")}},
		{"I'm a student living in a dorm.", []want{w(me, "job_title", "student")}},
		{"I'm a nurse living in fear of layoffs.", []want{w(me, "job_title", "nurse")}},
		{"I'm a former teacher living in Ohio.", nil},
		{"I'm a 5 year old at heart.", nil},
		{"I'm a 2-year-old's mom.", nil},
		{"I've been playing piano for 10 years.", []want{w(me, "likes", "playing piano")}},
		{"I've been learning guitar for a few months now.", []want{w(me, "likes", "learning guitar")}},
		{"I love cooking for my family.", []want{w(me, "likes", "cooking for my family")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}

// TestGeneralChatMisfires holds general chat sentences (written for this
// test, none from LoCoMo) on which a rule once gave a wrong fact: none of
// the facts listed in bad ("predicate" or "predicate=claim") may come out.
func TestGeneralChatMisfires(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		bad  []string
	}{
		// A pet's name is a name, and names the speaker's pet.
		{"We adopted a kitten. Her name is still up for debate.", []string{"has_pet=Still"}},
		{"We got a puppy. His name is kind of silly.", []string{"has_pet=Kind"}},
		{"We got a puppy and named him pretty quickly.", []string{"has_pet=Pretty"}},
		{"We got a cat. Her name is on the list.", []string{"has_pet=On"}},
		{"we got a cat. her name is on the list", []string{"has_pet=On"}},
		{"I have a dog. My neighbor has a cat, her name is Luna.", []string{"has_pet=Luna"}},
		{"I have a cat and a new boss, her name is Linda.", []string{"has_pet=Linda"}},
		{"We love the new kitten Jessica adopted.", []string{"has_pet=Jessica"}},
		{"The new dog Sarah got is so cute.", []string{"has_pet=Sarah"}},

		// A person loved is a relation, not a taste.
		{"I love my mom and dad.", []string{"likes=mom", "likes=dad"}},
		{"I love my kids so much.", []string{"likes=kids"}},
		{"I really like my boss.", []string{"likes=boss"}},
		{"I adore my grandma.", []string{"likes=grandma"}},
		{"I can't stand my coworkers.", []string{"dislikes=coworkers"}},

		// "Not really" without its comma is a negation, not an answer.
		{"Not really planning to move to Denver.", []string{"plans", "travels_to", "lives_in"}},
		{"Not really sure I like my job.", []string{"likes"}},
		{"Not really sure I want to move to Denver.", []string{"lives_in", "travels_to", "plans"}},
		{"Not a lot of people know I love jazz.", []string{"likes=lot of people"}},

		// "got into": a pastime, not a place won or a plight.
		{"I got into Stanford!", []string{"likes"}},
		{"I got into trouble at school.", []string{"likes"}},
		{"We got into debt last year.", []string{"likes"}},
		{"I got into Harvard Law.", []string{"likes"}},

		// A placing is a win only with "place" or a contest.
		{"I came first, so I got the best seat.", []string{"won"}},
		{"I finished first, then went home.", []string{"won"}},
		{"I came third from the bottom.", []string{"won"}},
		{"I placed third from the bottom.", []string{"won"}},
		{"I finished second to last.", []string{"won"}},
		{"I got first place in line at the DMV.", []string{"won"}},

		// A first day is at a job only when the turn says so.
		{"It was my first day at Disneyland!", []string{"works_at", "started_job"}},
		{"My first day at Harvard was overwhelming.", []string{"works_at", "started_job"}},
		{"My first week at Amazon was terrible, glad I quit.", []string{"works_at", "started_job"}},
		{"My first week at Amazon was terrible. Glad I quit.", []string{"works_at", "started_job"}},

		// "a big part of my life" is a liking only for a pastime.
		{"Cancer is a big part of my life.", []string{"likes"}},
		{"Anxiety is a big part of my life.", []string{"likes"}},
		{"Drinking is a big part of my life, sadly.", []string{"likes"}},
		{"Music is a big part of my life, unfortunately.", []string{"likes"}},

		// A devotee no longer, an age, someone else's words.
		{"I'm a recovering sugar addict.", []string{"likes", "dislikes"}},
		{"I'm a former coffee addict.", []string{"likes", "dislikes"}},
		{"I'm an ex-gym junkie.", []string{"likes", "dislikes"}},
		{"I'm a 30-year-old music lover.", []string{"likes=30-year-old music"}},
		{"He was like, I'm a huge coffee lover.", []string{"likes"}},
		{"My mom said, I love this place.", []string{"likes"}},
		{"Sarah said, I love hiking.", []string{"likes"}},
		{"I'm a bit of a coffee addict.", []string{"likes=of a coffee", "likes=bit of a coffee"}},

		// Trips called off or someone else's; money spent; a stay "here".
		{"My upcoming trip to Japan got cancelled.", []string{"travels_to", "plans"}},
		{"I booked a flight to London for my sister.", []string{"travels_to"}},
		{"I booked a flight to London for Sam.", []string{"travels_to"}},
		{"We're spending a fortune in London.", []string{"travels_to"}},
		{"We're here in Paris for the week.", []string{"lives_in"}},
		{"I'm stuck here in Chicago because of the storm.", []string{"lives_in"}},
		{"I'm visiting friends here in Boston.", []string{"lives_in"}},
		{"We're spending the holidays here in Chicago.", []string{"lives_in"}},
		{"It's freezing here in Chicago, we're visiting my in-laws.", []string{"lives_in"}},
		{"We're here in Boston for my cousin's wedding.", []string{"lives_in"}},
		{"I got tickets for my parents to see Hamilton.", []string{"plans"}},
		{"I'm a volunteer at heart.", []string{"volunteers_at", "works_at", "job_title"}},
		{"Xanax has been so good for me.", []string{"likes"}},
		{"Therapy helps me express myself.", []string{"likes"}},
		{"My ex has become my new obsession.", []string{"likes"}},
		{"Work has become my obsession.", []string{"likes"}},
		{"I bought a guitar for my son.", []string{"owns"}},
		{"I bought a car for my daughter.", []string{"owns"}},
		{"My trip to Denver was cancelled.", []string{"visited", "travels_to"}},
		{"Our vacation to Hawaii got called off.", []string{"visited", "travels_to"}},
		{"my trip to denver was cancelled", []string{"visited", "travels_to"}},

		// "my new <Name>": no account, title or person is owned.
		{"My new Instagram is up.", []string{"owns"}},
		{"My new TikTok went viral.", []string{"owns"}},
		{"My new YouTube is doing well.", []string{"owns"}},
		{"My new Dr. Patel is great.", []string{"owns"}},
		{"My new Sarah said hi.", []string{"owns"}},

		// "this X I found/got" owns nothing; only owned things are kept.
		{"This podcast I found is hilarious.", []string{"owns"}},
		{"That store I found online is great.", []string{"owns"}},
		{"This Airbnb we got is amazing.", []string{"owns"}},
		{"The Uber I got was late.", []string{"owns"}},
		{"That Picasso I found at the gift shop is fake.", []string{"owns"}},
		{"The Rolex I found on the street was fake.", []string{"owns"}},
		{"The garden I keep at my grandma's is lovely.", []string{"owns"}},

		// Smaller ones: "almost", a thing set beside, a plight gone into,
		// one band's name, the "to" of "trying to".
		{"I almost adopted a cat.", []string{"has_pet", "adopted"}},
		{"We nearly adopted a puppy last year.", []string{"has_pet", "adopted"}},
		{"Besides the rain, I also love the city.", []string{"likes=rain", "likes=the rain"}},
		{"I'm going into debt.", []string{"plans"}},
		{"I'm going into labor.", []string{"plans"}},
		{"I'm going into surgery tomorrow.", []string{"plans"}},
		{"Big fan of Hall and Oates.", []string{"likes=Hall", "likes=Oates"}},
		{"I like trying to make bread.", []string{"likes=trying"}},
		{"I've been getting into trouble lately.", []string{"likes"}},
		{"I nearly got a dog.", []string{"has_pet"}},
		{"I almost bought a guitar.", []string{"owns"}},
		{"We almost moved to Denver.", []string{"lives_in", "moved"}},

		// Session 12's misfire review: studying for something, a pet had
		// or lost, a thing sold or being bought, an in-law.
		{"i'm studying for my exams", []string{"studies"}},
		{"I'm studying for the bar exam.", []string{"studies"}},
		{"I'm studying abroad in Spain.", []string{"studies=abroad"}},
		{"I'm studying hard.", []string{"studies"}},
		{"I'm studying at Stanford.", []string{"studies=at Stanford"}},
		{"I had a dog growing up.", []string{"has_pet"}},
		{"I had a cat when I was a kid.", []string{"has_pet"}},
		{"we had a dog back then", []string{"has_pet"}},
		{"I'm selling my car.", []string{"owns"}},
		{"I gave away my guitar.", []string{"owns"}},
		{"we're buying a house", []string{"owns"}},
		{"We're buying a new car next month.", []string{"owns"}},
		{"my mother in law is staying with us", []string{"mother"}},
		{"My sister-in-law is visiting.", []string{"sister"}},
		{"My brother in law is a cop.", []string{"brother"}},

		// Chat's tails are no part of a claim; a joke or an eye-roll takes
		// the claim back.
		{"I won the lottery lol jk", []string{"won"}},
		{"I quit! jk", []string{"lost_job"}},
		{"I'm moving to Paris. just kidding!", []string{"lives_in"}},
		{"oh great, another meeting. I just love meetings 🙄", []string{"likes"}},
		{"I love meetings /s", []string{"likes"}},
		{"I won the raffle lmao", []string{"won=raffle lmao"}},
		{"I'm not into sports at all", []string{"dislikes=sports at all"}},
		{"I joined the army at 18", []string{"joined=army at 18"}},
		{"I joined the navy at 19.", []string{"joined=navy at 19"}},

		// A role held no longer or not yet, a nickname, a school year.
		{"I'm a former teacher.", []string{"job_title"}},
		{"I'm a retired nurse.", []string{"job_title"}},
		{"I'm an aspiring writer.", []string{"job_title"}},
		{"I'm a gym rat.", []string{"job_title"}},
		{"I'm a couch potato.", []string{"job_title"}},
		{"I'm a senior at UCLA.", []string{"job_title", "works_at"}},
		{"I'm a student at Stanford.", []string{"works_at"}},

		// A chronotype is no liking; a flat tire, a grooming business and
		// owned pets are no flat, dog or thing owned; a trip saved for is
		// not bought.
		{"I'm such a morning person", []string{"likes"}},
		{"I'm more of a night person.", []string{"likes"}},
		{"I got a flat tire", []string{"owns"}},
		{"I own a dog grooming business.", []string{"has_pet"}},
		{"I own two cats.", []string{"owns"}},
		{"I'm saving for a trip to Japan.", []string{"plans=buy a trip to Japan"}},

		// "No way …" denies; a plan on a condition after it is no plan.
		{"no way I'm going to Denver", []string{"travels_to", "plans"}},
		{"There's no way I'd quit my job.", []string{"lost_job"}},
		{"I'm moving to Canada if he wins", []string{"lives_in", "plans"}},
		{"We're getting a dog if the landlord agrees.", []string{"plans", "has_pet"}},
		{"I love dogs if they're small.", []string{"likes=dogs if"}},

		// Hyperbole and a trip home are no plans; "learning to code" keeps
		// its "to".
		{"I'm going to kill my brother lol", []string{"plans"}},
		{"I'm gonna cry.", []string{"plans"}},
		{"I'm flying home tomorrow", []string{"plans"}},
		{"I'm heading home next week.", []string{"plans"}},
		{"I've been learning to code", []string{"likes=learning code"}},

		// A wedding role, a baby shower, a liking compared.
		{"I'm the maid of honor at my sister's wedding", []string{"job_title", "works_at"}},
		{"I'm a bridesmaid next month.", []string{"job_title"}},
		{"I had a baby shower last weekend", []string{"had_child"}},
		{"I like dogs more than cats", []string{"likes=dogs more than cats", "likes=cats"}},

		// Said to an assistant: the text of a task, the words of a message
		// to write, a part to play, a case to suppose.
		{"proofread this: 'I have lived in Paris for ten years and I work at a bakery.'", []string{"lives_in", "works_at"}},
		{"Proofread: I am a teacher at Lincoln High School and I love reading.", []string{"job_title", "works_at", "likes"}},
		{"Rewrite this paragraph to sound more professional: I'm a huge fan of your company and I've been coding for ten years.", []string{"likes"}},
		{"Edit this for me - I am an experienced accountant and I love numbers.", []string{"job_title", "likes"}},
		{"Turn this into bullet points: I have a cat, I live in Miami, I work at Target.", []string{"has_pet", "lives_in", "works_at"}},
		{"Translate this into Spanish: \"My name is John and I live in Chicago.\"", []string{"name", "lives_in"}},
		{"Translate \"I have two dogs and a cat\" into German.", []string{"has_pet"}},
		{"Check my essay: \"My family moved to California when I was 12. I love the ocean.\"", []string{"likes", "moved"}},
		{"Here's my draft: \"I have worked as a barista for three years and I am passionate about coffee.\" Can you improve it?", []string{"job_title", "likes"}},
		{"Make this sound friendlier: \"I am moving to Denver and quitting my job.\"", []string{"lives_in", "plans", "lost_job"}},
		{"Write an Instagram caption: 'I just adopted a puppy named Max!'", []string{"adopted", "has_pet"}},
		{"Draft a LinkedIn post announcing that I got promoted to senior manager at Deloitte.", []string{"job_title", "promoted", "works_at"}},
		{"Write a message to my sister telling her I'm moving to Denver.", []string{"lives_in", "plans"}},
		{"Draft an email saying I'm resigning from my position at Acme Corp.", []string{"works_at", "lost_job"}},
		{"Write a tweet saying I'm excited to join Google.", []string{"plans", "joined", "works_at"}},
		{"Tell my landlord I'm moving to Denver.", []string{"lives_in", "plans"}},
		{"Let's say I lived in London. Where would be a good neighborhood?", []string{"lives_in"}},
		{"Assume I live in California. What are the tax rules?", []string{"lives_in"}},
		{"Pretend I'm allergic to peanuts. What could I eat at a Thai restaurant?", []string{"allergic_to"}},
		{"Talk to me like you're my best friend.", []string{"friend"}},
		{"Pretend to be my girlfriend and text me good morning.", []string{"partner"}},
		{"Act as my girlfriend. You love me and we live in Paris.", []string{"partner", "lives_in"}},
		{"You are a pirate captain. I am your first mate and I love the sea.", []string{"likes", "job_title"}},
	} {
		for _, f := range extract.TurnFacts(tc.text, me, at) {
			for _, b := range tc.bad {
				p, c, hasClaim := strings.Cut(b, "=")
				if f.Predicate == p && (!hasClaim || strings.EqualFold(f.Claim, c)) {
					t.Errorf("%q: gave %s %q", tc.text, f.Predicate, f.Claim)
				}
			}
		}
	}
}

// TestCasualChat covers the rules of session 13 (casual.go and the
// changes beside it): wordings of any casual chat, each written for this
// test (none from LoCoMo); each gives exactly the facts listed.
func TestCasualChat(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A pet or a thing missed, remembered or given away is not had now.
		{"I miss my dog so much.", nil},
		{"I really miss my old dog Buster.", nil},
		{"I still miss our old car.", nil},
		{"I remember my first car.", nil},
		{"We had to give our dog away.", []want{neg(me, "has_pet", "dog")}},
		{"We gave our cat up for adoption last year.", []want{neg(me, "has_pet", "cat")}},
		{"I walked my dog this morning.", []want{w(me, "has_pet", "dog")}},
		{"My dog misses me when I'm at work.", []want{w(me, "has_pet", "dog")}},

		// A car by its make, a business one runs.
		{"I have a Tesla Model 3.", []want{w(me, "owns", "Tesla Model 3")}},
		{"I drive a Tesla Model 3.", []want{w(me, "owns", "Tesla Model 3")}},
		{"i drive a tesla model 3", []want{w(me, "owns", "tesla model 3")}},
		{"We just got a Subaru Outback!", []want{w(me, "owns", "Subaru Outback")}},
		{"I bought a used Honda Civic last year.", []want{w(me, "owns", "Honda Civic")}},
		{"I had a Honda back in college.", nil},
		{"I have a friend with a Tesla.", nil},
		{"Do you have a Tesla?", nil},
		{"I bought a Honda for my son.", []want{w(me, "son", "Alice's son")}},
		{"I run a small bakery.", []want{w(me, "owns", "bakery")}},
		{"We run a family business.", []want{w(me, "owns", "family business")}},
		{"I run a small online store.", []want{w(me, "owns", "online store")}},
		{"I run a business meeting every Monday.", nil},
		{"I run the bar at the hotel.", nil},
		{"I run a marathon every year.", nil},
		{"I used to run a cafe.", []want{neg(me, "owns", "cafe")}},
		{"Do you run a business?", nil},
		{"I want to run my own bakery one day.", []want{fut(me, "plans", "run my own bakery", "")}},
		{"I'd love to open my own cafe someday.", []want{fut(me, "plans", "open my own cafe", "")}},

		// A place where the speaker went on a trip or stayed is visited;
		// an outing that may be at home, a school, a trip ahead is not.
		{"We spent the weekend in Seattle.", []want{ev(me, "visited", "Seattle", "")}},
		{"I just got back from a vacation with my family in Mexico.", []want{ev(me, "visited", "Mexico", "")}},
		{"We hiked in Colorado last month.", []want{ev(me, "visited", "Colorado", "")}},
		{"We explored the old town in Prague.", []want{ev(me, "visited", "Prague", "")}},
		{"Last year we went on a road trip through Texas.", []want{ev(me, "visited", "Texas", "")}},
		{"That trip to England a few years ago was amazing.", []want{ev(me, "visited", "England", "")}},
		{"I went to a concert in Chicago last weekend.", nil},
		{"I went to college in Boston.", nil},
		{"I never went to a concert in Chicago.", nil},
		{"Did you stay in Chicago?", nil},
		{"I stayed in bed all day.", nil},
		{"Our trip to Peru next month is going to be great.", nil},
		{"If I stayed in Chicago I'd be happy.", nil},

		// A job lost, said in a subordinate clause.
		{"After losing my job, I started freelancing.", []want{ev(me, "lost_job", "job", ""), ev(me, "started", "freelancing", "")}},
		{"Since I lost my job, things have been hard.", []want{ev(me, "lost_job", "job", "")}},
		{"Ever since getting laid off I've been anxious.", []want{ev(me, "lost_job", "job", "")}},
		{"After losing the game we went home.", nil},
		{"Since I quit smoking I feel great.", nil},

		// What gives the speaker joy, what they live for, a pastime gotten
		// into or done a lot is liked; a person, a pronoun, what was
		// shown, one's job or a plight is not.
		{"Art gives me so much joy.", []want{w(me, "likes", "Art")}},
		{"Dogs and nature bring me so much joy and peace.", []want{w(me, "likes", "Dogs"), w(me, "likes", "nature")}},
		{"Music has always brought me comfort.", []want{w(me, "likes", "Music")}},
		{"Concerts are what I live for.", []want{w(me, "likes", "Concerts")}},
		{"Music is my life.", []want{w(me, "likes", "Music")}},
		{"My kids bring me so much joy.", []want{w(me, "child", "Alice's children")}},
		{"Your painting gives me joy.", nil},
		{"Seeing you brings me joy.", nil},
		{"It gives me so much joy.", nil},
		{"Work gives me purpose.", nil},
		{"You are my life.", nil},
		{"I've gotten really into gardening.", []want{w(me, "likes", "gardening")}},
		{"I've gotten into trouble at work.", nil},
		{"I've been doing a lot of rock climbing lately.", []want{w(me, "likes", "rock climbing")}},
		{"I've been doing a lot of yoga lately.", []want{w(me, "likes", "yoga")}},
		{"I've been doing a lot of work lately.", nil},
		{"I've been doing a lot of thinking.", nil},
		// Sarcasm and a job liked as a role.
		{"I love Mondays, said no one ever.", nil},
		{"I just love sitting in traffic, yeah right.", nil},
		{"I love my job as a chef.", []want{w(me, "job_title", "chef")}},

		// Plans: a place to see, a pastime to try, a goal held, a trip
		// ahead, a job studied for.
		{"Can't wait to see the Grand Canyon!", []want{fut(me, "travels_to", "Grand Canyon", "")}},
		{"Can't wait to see you!", nil},
		// one sees people too: a name that is no place nor landmark is none
		{"I can't wait to see Taylor Swift!", nil},
		{"I want to see Taylor Swift in concert.", nil},
		{"I want to see Mount Rainier.", []want{fut(me, "travels_to", "Mount Rainier", "")}},
		{"I want to see Niagara Falls.", []want{fut(me, "travels_to", "Niagara Falls", "")}},
		{"I'll give painting a go.", []want{fut(me, "plans", "try painting", "")}},
		{"I'm gonna give pottery a shot.", []want{fut(me, "plans", "try pottery", "")}},
		{"Maybe I'll give it a go.", nil},
		{"This is a big step towards my goal of having a family.", []want{fut(me, "plans", "having a family", "")}},
		{"I gave up on my dream of becoming a doctor.", nil},
		{"We're going on a cruise to the Bahamas in June.", []want{fut(me, "travels_to", "Bahamas", "")}},
		{"We went on a cruise to the Bahamas last year.", nil},
		{"Counting down the days until our trip to Hawaii!", []want{fut(me, "travels_to", "Hawaii", "")}},
		{"We booked flights to Italy for August.", []want{fut(me, "travels_to", "Italy", "")}},
		{"We booked flights to Italy but had to cancel.", nil},
		{"I booked flights to Italy for my parents.", []want{w(me, "father", "Alice's father"), w(me, "mother", "Alice's mother")}},
		{"I'm studying to be a nurse.", []want{fut(me, "plans", "become a nurse", "")}},
		{"I'm going back to school to become an engineer.", []want{fut(me, "plans", "become an engineer", ""), fut(me, "plans", "go back to school", "")}},
		{"My friend is studying to be a nurse.", nil},
		{"I'm not studying to be a nurse.", nil},

		// Diet and a condition that rules a food out; a parent counting
		// children without a verb.
		{"I have celiac disease so I can't eat bread.", []want{w(me, "allergic_to", "gluten")}},
		{"My son has celiac disease.", []want{w(me, "son", "Alice's son")}},
		{"FYI I'm gluten free.", []want{w(me, "diet", "gluten-free")}},
		{"I don't eat meat.", []want{w(me, "diet", "no meat")}},
		{"I can't eat dairy today.", nil},
		{"I don't eat breakfast.", nil},
		{"Do you eat meat?", nil},
		{"Single dad with two kids here.", []want{w(me, "child", "Alice's children")}},
		{"I'm a single dad with two kids.", []want{w(me, "child", "Alice's children")}},
		{"Dad with two kids walked in.", nil},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}

// TestAuditedChat holds the constructions read in session 14's audit of
// the LoCoMo turns no labelled draw took: the facts the rules gave there
// that nobody would write down, and two that they missed.
func TestAuditedChat(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		text string
		want []want
	}{
		// A loss names what was lost.
		{"Losing my job gave me the push to open my own bakery!", []want{w(me, "owns", "bakery"), ev(me, "lost_job", "job", "")}},
		{"We lost our dog Buddy last year.", []want{neg(me, "has_pet", "Buddy")}},
		// A personal brand is no label one owns; one's own label is.
		{"I'm working hard to grow my brand.", nil},
		{"I launched my own brand of hot sauce.", []want{w(me, "owns", "brand"), ev(me, "started", "brand", "")}},
		// One thing said twice, the second time more exactly.
		{"Starting my own store was scary. I just ran an ad for my clothing store.", []want{w(me, "owns", "clothing store")}},
		{"I love watching our pets play. My dog is so happy.", []want{w(me, "likes", "watching our pets play"), w(me, "has_pet", "dog")}},
		// "our pets" is people's in general; "I don't have pets" says none
		// (passing.go).
		{"The bond between us and our pets is amazing. It's a pity that I don't have pets.", []want{neg(me, "has_pet", "pets")}},
		// A quality of something shown, a clause read past its end.
		{"Wow, that looks amazing! I love the color and texture.", nil},
		{"I love the Miami vibe.", nil},
		{"My love for improving my skills keeps me going.", nil},
		// No plan in a pleasantry.
		{"Can't wait to have fun with everyone!", nil},
		{"Can't wait to create something special.", nil},
		// Learning about something, being outdoors.
		{"I love learning about different cultures.", []want{w(me, "likes", "learning about different cultures")}},
		{"I love learning new languages.", []want{w(me, "likes", "learning new languages")}},
		{"I love learning from you.", nil},
		// A town named by the speaker, a place in a known city.
		{"I went to Woodhaven, a small town in the Midwest.", []want{ev(me, "visited", "Woodhaven", "")}},
		{"I went to a cafe in Paris.", []want{ev(me, "visited", "Paris", "")}},
		{"I went to Bob, a friend of mine.", nil},
		{"I went to a music festival in Boston.", nil},
		// A pastime taken up, with its purpose or "as a hobby" after it.
		{"I just started playing chess to get better at strategy.", []want{ev(me, "started", "playing chess", "")}},
		{"I started making jewelry as a hobby.", []want{ev(me, "started", "making jewelry", "")}},
		{"I started making friends at work.", nil},
		// A taste that names its examples.
		{"I've always loved playing strategy games like Civilization and Total War.",
			[]want{w(me, "likes", "playing strategy games"), w(me, "likes", "Civilization"), w(me, "likes", "Total War")}},
		{"I love fantasy novels such as The Hobbit.", []want{w(me, "likes", "fantasy novels"), w(me, "likes", "The Hobbit")}},
		// A thing bought or got is owned when it is goods.
		{"I got this cool video card last week!", []want{w(me, "owns", "video card")}},
		{"I bought some new gaming equipment to improve my skills.", []want{w(me, "owns", "gaming equipment")}},
		{"We just got a new couch and it's so comfy.", []want{w(me, "owns", "couch")}},
		{"I bought a bike for my daughter.", []want{w(me, "daughter", "Alice's daughter")}},
		{"I want to get a new laptop.", []want{fut(me, "plans", "get a new laptop", "")}},
		{"I got a rejection letter from a major company.", nil},
		{"I got an endorsement with a beverage company!", nil},
		{"I didn't buy a new laptop after all.", nil},
		{"I started learning how to play the piano.", []want{ev(me, "started", "learning how to play the piano", "")}},
		// A favourite named after "one of my favorites", a taste come to.
		{"One of my favorites was \"Monster Hunter\".", []want{w(me, "likes", "Monster Hunter")}},
		{"One of my favorite memories was when we went camping.", nil},
		{"I've started to enjoy running in the mornings.", []want{w(me, "likes", "running in the mornings")}},
		{"I've come to love hiking.", []want{w(me, "likes", "hiking")}},
		// A placing taken, what one finds calm in.
		{"Last Friday I entered a local tournament and took second place!", []want{ev(me, "joined", "local tournament", ""), ev(me, "won", "second place in the tournament", "")}},
		{"He came over and took second place.", nil},
		{"I find peace in painting.", []want{w(me, "likes", "painting")}},
		{"I find it hard to relax.", nil},
		// A cause, a quality, a bare activity word: no taste.
		{"I'm passionate about veterans and their rights.", nil},
		{"We're all passionate about using tech for good.", nil},
		{"I like the structure of the language.", nil},
		{"I just like playing for fun!", nil},
		// A job lost at a place: the place, no longer worked at.
		{"I lost my job at the mechanical engineering company.",
			[]want{ev(me, "lost_job", "mechanical engineering company", ""), neg(me, "works_at", "mechanical engineering company")}},
		{"I'm actually going to Tokyo next month.", []want{fut(me, "travels_to", "Tokyo", "")}},
		// One kind of pet said twice; one's own pet loved is the pet.
		{"We've got a pup and a kitty. That's the dog, and here's our cat!", []want{w(me, "has_pet", "dog"), w(me, "has_pet", "cat")}}, // owns31.go: the plain word
		{"I love my pups. My dogs are the best.", []want{w(me, "has_pet", "pups")}},
		// A liking put in the past only.
		{"We also enjoyed spending time outdoors and exploring nature.", nil},
		{"Exploring nature was my escape.", nil},
		{"We enjoyed the hike and I love hiking.", []want{w(me, "likes", "hiking")}},
		{"I've always loved playing strategy games.", []want{w(me, "likes", "playing strategy games")}},
		// A pastime done as a habit.
		{"I do yoga every morning.", []want{w(me, "likes", "yoga")}},
		{"We practice karate on Saturdays.", []want{w(me, "likes", "karate")}},
		{"I don't do yoga.", nil},
		// Plans: a list of verb phrases, an event ahead by its noun.
		{"We're planning to ski, try the local cuisine, and enjoy the beautiful views.",
			[]want{fut(me, "plans", "ski", ""), fut(me, "plans", "try the local cuisine", ""), fut(me, "plans", "enjoy the beautiful views", "")}},
		{"Looking forward to the next tournament!", []want{fut(me, "plans", "next tournament", "")}},
		{"I'm looking forward to the concert next week.", []want{fut(me, "plans", "concert", "")}},
		{"I'm looking forward to the weekend.", nil},
		{"I was so excited for the trip last year.", nil},
		{"That's great! I just signed with a new team - excited for the season!", []want{ev(me, "joined", "new team", "")}},
		// A fan of a team, a pet named beside its kind, the thing whose rush is loved.
		{"As a Manchester City fan, I can't agree with you.", []want{w(me, "likes", "Manchester City")}},
		{"Meet Toby, my puppy.", []want{w(me, "has_pet", "Toby")}},
		{"Hey Mel, my friend!", nil},
		{"I'm into the rush of awesome cars.", []want{w(me, "likes", "awesome cars")}},
		// "I'm hooked" with no object of its own: the works the turn names.
		{"I'm playing \"The Witcher 3\"! The story is cool, and I'm totally hooked.", []want{w(me, "likes", "The Witcher 3")}},
		{"Harry Potter and Game of Thrones are amazing - I'm totally hooked!", []want{w(me, "likes", "Harry Potter"), w(me, "likes", "Game of Thrones")}},
		{"Sarah is amazing - I'm hooked!", nil},
		{"I watched \"Dune\" but I'm not hooked.", nil},
		// An aim is no plan written down; a car by a make of any price.
		{"Hoping to raise awareness and start conversations.", nil},
		{"Looking forward to building more memories with my family.", nil},
		{"I'm going to bring some snacks.", nil},
		{"I started focusing more on my well-being.", nil},
		{"Last week, I got a new Ferrari!", []want{w(me, "owns", "Ferrari")}},
		{"Please, have a seat.", nil},
		// A book picked up is read, not begun; goods got with no "I".
		{"I finally picked up a book and it's been awesome!", nil},
		{"Just got some new shoes, too!", []want{w(me, "owns", "shoes")}},
		{"Just got a call from my boss.", []want{w(me, "manager", "Alice's manager")}},
	} {
		checkTurn(t, at, tc.text, tc.want)
	}
}

// checkTurn says where TurnFacts on text, less its is_a facts, differs from
// want (in any order; dates are not compared). It returns the facts and
// whether they matched, for the checks a test adds (dates).
func checkTurn(t *testing.T, at time.Time, text string, want []want) ([]extract.Fact, bool) {
	t.Helper()
	return checkTurnAs(t, at, me, text, want)
}

// checkTurnAs is checkTurn for a turn said by speaker.
func checkTurnAs(t *testing.T, at time.Time, speaker, text string, expect []want) ([]extract.Fact, bool) {
	t.Helper()
	facts := extract.TurnFacts(text, speaker, at)
	facts = slices.DeleteFunc(facts, func(f extract.Fact) bool { return f.Predicate == "is_a" })
	var gots, wants []string
	for _, f := range facts {
		g := got(f)
		for _, x := range expect {
			if x.s == g.s && x.p == g.p && x.c == g.c && x.from != "" {
				g.from = f.ValidFrom.Format(time.DateOnly) // a date is checked where the case gives one
			}
		}
		gots = append(gots, g.String())
	}
	for _, x := range expect {
		wants = append(wants, x.String())
	}
	slices.Sort(gots)
	slices.Sort(wants)
	if !slices.Equal(gots, wants) {
		t.Errorf("%q:\n got  %s\n want %s", text, strings.Join(gots, " "), strings.Join(wants, " "))
		return facts, false
	}
	return facts, true
}
