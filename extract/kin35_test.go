package extract

import (
	"testing"
	"time"
)

// kin35 cases reuse owns31Case: the facts a turn must give (speaker
// "person:me") and those it must not.

func TestKinFrames35(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		// a partner named by what the couple did
		{"actually yeah. me n callum got engaged last weekend. was gonna tell u on the phone", [][3]string{me("partner", "callum")}, nil},
		{"Howya. Dervla and I are finally setting a date, can you help me keep the wedding stuff organised", [][3]string{me("partner", "Dervla")}, nil},
		{"Woman always have a point. Me and Sonia finally tie the knot in December, you know.", [][3]string{me("partner", "Sonia")}, nil},
		// no couple: asked, a condition, a pronoun or a relative
		{"Did Tom and I ever get engaged, in your notes?", nil, [][3]string{me("partner", "Tom")}},
		{"If Sam and I got married we'd do it in Rome.", nil, [][3]string{me("partner", "Sam")}},
		{"When Tom and I were together at school we hated maths.", nil, [][3]string{me("partner", "Tom")}},
		{"Mom and I moved in together after the fire.", nil, [][3]string{me("partner", "")}},
		// a child named by which child
		{"Five, and number six due in October. Our youngest, Aperahama, lives in Brisbane with his partner", [][3]string{me("child", "Aperahama")}, nil},
		{"I'd want the kids there too. Our eldest Fiachra is in Boston, Clodagh is in Galway.", [][3]string{me("child", "Fiachra")}, nil},
		{"My boy Caspian is doing his first ever 200 IM, I'm more nervous than he is", [][3]string{me("son", "Caspian")}, nil},
		{"okay so um I need to book my lad Alfie in at the dentist", [][3]string{me("son", "Alfie")}, nil},
		{"3am club, anyone awake?? my girl Xochi has been cluster feeding since 11", [][3]string{me("daughter", "Xochi")}, nil},
		// a pet called a boy, a word that is no name, a child spoken to
		{"my boy Rex is the best dog in the park", nil, [][3]string{me("son", "Rex")}},
		{"For what it's worth our little one was 6 months then.", nil, [][3]string{me("child", "")}},
		{"Happy birthday my boy, we love you.", nil, [][3]string{me("son", "")}},
		// a parent introducing themself by their child
		{"Hello Yessenia jan, this is Farzaneh, mother of Kian from class 3B.", [][3]string{me("child", "Kian")}, nil},
		{"Thanks Dragana! Teuila here, mum of Losa (the tall one with the braids)", [][3]string{me("child", "Losa")}, nil},
		{"G'day all. Ignatius, Cosimo's dad. He's new to the club.", [][3]string{me("child", "Cosimo")}, nil},
		// another's parent
		{"Yesss!! Tunde's mum said the gele should be coral, not peach, is that ok?", nil, [][3]string{me("child", "Tunde")}},
		{"That is so sweet!! Meron's mother will love you.", nil, [][3]string{me("child", "Meron")}},
	})
}

// TestCoupleEnded35: a couple that broke up gives the partner denied.
func TestCoupleEnded35(t *testing.T) {
	at := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct{ text, name string }{
		{"Hey. Bad news first: Sizwe and I broke up in March", "Sizwe"},
		{"nah dwayne and i ended it in august. im thriving tho", "dwayne"},
		{"Still in love with the city. Less with a person. Nino and I split up in February", "Nino"},
	} {
		ok := false
		for _, f := range TurnFacts(tc.text, "person:me", at) {
			if f.Subject == "person:me" && f.Predicate == "partner" && f.Claim == tc.name {
				if f.Polarity != Negative {
					t.Errorf("%q: partner %s %s, want negative", tc.text, f.Claim, f.Polarity)
				}
				ok = true
			}
		}
		if !ok {
			t.Errorf("%q: no partner %s", tc.text, tc.name)
		}
	}
}

func TestBareParent35(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		{"u better. ill tell mum to save u a seat", [][3]string{me("mother", "Me's mother")}, nil},
		{"I'm the lucky one, my sister Adwoa lives in Singapore. Mum refuses to fly though.", [][3]string{me("mother", "Me's mother")}, nil},
		{"Hello. Papá decided himself, he is moving to the residence in Funes in April.", [][3]string{me("father", "Me's father")}, nil},
		{"Yayyy. I'll tell Amma. She will start making kokis tomorrow itself", [][3]string{me("mother", "Me's mother")}, nil},
		{"MABROUK habibti, mama is crying here in Casa", [][3]string{me("mother", "Me's mother")}, nil},
		{"i'm in boston, been here 11 years. he's on his own since mam died", [][3]string{me("mother", "Me's mother")}, nil},
		{"Nana and I fly to Apia on the 28th of June.", [][3]string{me("grandmother", "Me's grandmother")}, nil},
		// no parent of the speaker's: a word of another kind, another's,
		// asked, quoted, or a letter drafted for another
		{"dad bod loading", nil, [][3]string{me("father", "")}},
		{"Dad doing anatomy homework at the kitchen table next to them.", nil, [][3]string{me("father", "")}},
		{"We had pizza at Papa John's last night.", nil, [][3]string{me("father", "")}},
		{"Tell your mum I said hi.", nil, [][3]string{me("mother", "")}},
		{"How's Mum doing?", nil, [][3]string{me("mother", "")}},
		{"mama mia that was a good pasta", nil, [][3]string{me("mother", "")}},
		{"her mom and dad just moved to Spain", nil, [][3]string{me("father", "")}},
		{"I'm in boston. he's on his own since mam died", [][3]string{me("mother", "Me's mother")}, nil},
		{"Rosalind wants the piano, Barnaby wants nothing ('Mum, we live in an apartment'), and Cosimo wants the shed.", nil, [][3]string{me("mother", "")}},
		{"'Dear Haruto, I am very happy for you. Grandma and I want to visit you in summer.'", nil, [][3]string{me("grandmother", "")}},
	})
}

func TestPronounAges35(t *testing.T) {
	checkOwns31(t, []owns31Case{
		{"Thank you. Haruto is my grandson, he is 18. He live in Toronto with my daughter since 10 years.", [][3]string{{"Haruto", "age", "18"}}, nil},
		{"Chess! My eldest, Barnaby, is obsessed. He's 12 and beats me in about four moves", [][3]string{{"Barnaby", "age", "12"}}, nil},
		{"Thanks. Last thing — my daughter Solongo wants to run the 5k with me, she's 12. Can she use my account?", [][3]string{{"Solongo", "age", "12"}}, nil},
		{"Busy busy. My granddaughter Ishanvi has her arangetram in April, she is 16 and doing Bharatanatyam.", [][3]string{{"Ishanvi", "age", "16"}}, nil},
		// the pronoun disagrees with the kin word, another person is
		// named between, or the relative has no name
		{"My brother Jan lives in Oslo, she is 30.", nil, [][3]string{{"Jan", "age", ""}}},
		{"My daughter Zosia is friends with Mia, she is 10.", nil, [][3]string{{"Zosia", "age", ""}, {"Mia", "age", ""}}},
		{"Auntie Sunhee's son got married in June, he is 30.", nil, [][3]string{{"Sunhee", "age", ""}}},
	})
}

func TestOwnAge35(t *testing.T) {
	me := func(p, c string) [3]string { return [3]string{"person:me", p, c} }
	checkOwns31(t, []owns31Case{
		{"I pay around 2,400 euro a year with a Thai insurer, I'm 68 with a stent so probably you pay less.", [][3]string{me("age", "68")}, nil},
		{"Here we go. Umma I'm 29, not 49", [][3]string{me("age", "29")}, nil},
		{"A month!! I'm 41, I want to be playing Bach by the summer", [][3]string{me("age", "41")}, nil},
		// an age ahead or supposed, a measure, a number that ends the
		// sentence (the rulebook's)
		{"Haha. Maybe when I'm 80, with a cane.", nil, [][3]string{me("age", "")}},
		{"If I'm 40 and still single I'll get a cat.", nil, [][3]string{me("age", "")}},
		{"I'm 30 minutes late, sorry.", nil, [][3]string{me("age", "")}},
		{"I'm 20 pages in and loving it.", nil, [][3]string{me("age", "")}},
		{"I'm 24/7 on call.", nil, [][3]string{me("age", "")}},
		{"I turned 30 in 2015 and now I'm 41.", nil, [][3]string{me("age", "")}},
	})
}
