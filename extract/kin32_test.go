package extract

import "testing"

// kin32 cases reuse owns31Case: the facts a turn must give (speaker
// "person:me", so an unnamed relative is "Me's …") and those it must not.

func TestFriends32(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		// friends said as the speaker's own, with no name: nothing
		{"Hey John, last weekend I had an awesome time at the amusement park with my friends.", [][3]string(nil), [][3]string{me("friend", "")}},

		{"I've been playing one more game with friends these days.", [][3]string(nil), [][3]string{me("friend", "")}},

		{"Hey John, great news - I'm now friends with one of my fellow volunteers!", nil, [][3]string{me("friend", "")}},
		{"My friends were mocking my weight last Friday and it hurt.", [][3]string(nil), [][3]string{me("friend", "")}},
		{"I had a card-night with my gaming buddies, it was so much fun.", [][3]string(nil), [][3]string{me("friend", "")}},
		{"Yeah, some friends of mine from church came along.", [][3]string(nil), [][3]string{me("friend", "")}},
		// friends with no name are left (kept-back synthetic round,
		// LoCoMo held-out part)
		{"I got it as a gift from a close friend.", nil, [][3]string{me("friend", "")}},
		{"It all started when a friend of mine gave me this painting one day.", nil, [][3]string{me("friend", "")}},
		// named by the words after the friend word
		{"my college friend Liwayway is getting married in Iloilo in June", [][3]string{me("friend", "Liwayway")}, [][3]string{me("friend", "Me's friend")}},
		{"a friend of ours, Milla, runs a small catering company, she offered", [][3]string{me("friend", "Milla")}, nil},
		{"There's a job that a friend from uni, Pieter, keeps sending me.", [][3]string{me("friend", "Pieter")}, nil},
		// not the speaker's, not a friend, or not said
		{"Thank you my friend", nil, [][3]string{me("friend", "")}},
		{"Kwabena, my friend! Your move.", nil, [][3]string{me("friend", "")}},
		{"Hanging out with friends and unwinding is key.", nil, [][3]string{me("friend", "")}},
		{"Still grows vegetables and goes to the onsen with friends.", nil, [][3]string{me("friend", "")}},
		{"Tough times are way easier with friends we can rely on.", nil, [][3]string{me("friend", "")}},
		{"Something cool happened with my furry friends - I organized a doggy playdate.", nil, [][3]string{me("friend", "")}},
		{"shes my mums friend from lagos lol. small world", nil, [][3]string{me("friend", "")}},
		{"I don't have any friends here.", nil, [][3]string{me("friend", "")}},
		{"Asking for a friend, what's the best dentist?", nil, [][3]string{me("friend", "")}},
		{"Do you play with friends or online?", nil, [][3]string{me("friend", "")}},
		{"It's a way for me to chat with people and for them to make new friends.", nil, [][3]string{me("friend", "")}},
		{"I'm so lucky to have a friend like you who loves exploring.", nil, [][3]string{me("friend", "")}},
		{"We met in an engineering class and quickly became friends.", nil, [][3]string{me("friend", "")}},
		{"My mother came to see me with her army friend two days ago.", nil, [][3]string{me("friend", "")}},
		{"I sent him a friend request.", nil, [][3]string{me("friend", "")}},
		{"Our mutual friend knew we'd be a great fit.", nil, [][3]string{me("friend", "")}},
		// a friend the turn names stays the one friend
		{"My friend Anna came over and my friends loved her.", [][3]string{me("friend", "Anna")}, [][3]string{me("friend", "Me's friends")}},
	})
}

func TestKinNames32(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		{"Hey Deborah, how's it going? Yesterday my partner and I got back from an awesome trip to Rio de Janeiro- we checked out some yoga classes.",
			[][3]string{me("partner", "Me's partner")}, [][3]string{me("partner", "Janeiro-"), me("partner", "Janeiro")}},
		{"Woohoo! I signed up for a meditation course. Can't wait to share this experience with my partner. Sooo excited!",
			[][3]string{me("partner", "Me's partner")}, [][3]string{me("partner", "Sooo")}},
		{"That sounds great, Jolene. Nature's calming for sure. My mom used to take me here.",
			[][3]string{me("mother", "Me's mother")}, [][3]string{me("mother", "Jolene")}},
		{"also update from cebu mateo said his 1st word today and it was 'lola' my mom is UNBEARABLE now 😂😂",
			[][3]string{me("mother", "Me's mother")}, [][3]string{me("mother", "UNBEARABLE")}},
		// a name in apposition or doing something is the relative's
		// "my girlfriend, Toby and I" with no comma after the name is a
		// list of three, not her name (lead32.go notKinName32; in LoCoMo
		// Toby is Andrew's dog); with the comma it is apposition
		{"Hey, Audrey! I can't wait for the weekend. My girlfriend, Toby and I are going camping.", [][3]string{me("partner", "Me's partner")}, [][3]string{me("partner", "Toby")}},
		{"Hey, Audrey! I can't wait for the weekend. My girlfriend, Toby, and I are going camping.", [][3]string{me("partner", "Toby")}, nil},
		{"I have one brother, Joaquín, he has 19 years and he study music in Córdoba.", [][3]string{me("brother", "Joaquín")}, nil},
		{"Update: my brother Vikram and I did the family meeting last week. Three hours.", [][3]string{me("brother", "Vikram")}, nil},
		{"Leilani had a small stroke in August. My wife is tougher than me.", [][3]string{me("wife", "Leilani")}, nil},
		{"My son, Kevin, he come from Sydney for the wedding.", [][3]string{me("son", "Kevin")}, nil},
	})
}

func TestParentSpokenTo32(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		{"Well done Mum. Freeze two of them. How's the hip?", [][3]string{me("mother", "Me's mother")}, nil},
		{"umma sorry!! we only get phones on weekends", [][3]string{me("mother", "Me's mother")}, nil},
		{"Good girl. Amma, did the plumber come for the bathroom tap?", [][3]string{me("mother", "Me's mother")}, nil},
		{"Χρόνια πολλά mama! Sorry, it was 4am here when I saw the photos", [][3]string{me("mother", "Me's mother")}, nil},
		{"Totally ok mamá. I adopted a dog to celebrate", [][3]string{me("mother", "Me's mother")}, nil},
		{"Happy birthday dad! Save me some cake.", [][3]string{me("father", "Me's father")}, nil},
		{"ok mom 🙄 I'll wear a jacket", nil, [][3]string{me("mother", "")}},
		{"Love you grandma!", [][3]string{me("grandmother", "Me's grandmother")}, nil},
		{"Mom, where are you?", nil, [][3]string{me("mother", "")}},
		{"lmao ok grandpa", nil, [][3]string{me("grandfather", "")}},
		{"Mama mia that pizza was good.", nil, [][3]string{me("mother", "")}},
		{"Ma, the bus is late.", nil, [][3]string{me("mother", "")}},
		{"Your mom is great.", nil, [][3]string{me("mother", "")}},
	})
}
