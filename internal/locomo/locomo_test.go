package locomo

import (
	"encoding/json"
	"strings"
	"testing"
)

func evalFile(t *testing.T) string { return "" }

func TestLoadMatchesTheREADME(t *testing.T) {
	samples, err := Load(evalFile(t))
	if err != nil {
		t.Fatalf("load %s: %v", evalFile(t), err)
	}
	sessions, turns, questions := 0, 0, 0
	for _, s := range samples {
		sessions += len(s.Sessions)
		turns += len(s.Turns())
		questions += len(s.Questions)
	}
	if len(samples) != 10 || sessions != 272 || turns != 5882 || questions != 1986 {
		t.Fatalf("samples %d sessions %d turns %d questions %d; README says 10, 272, 5882, 1986", len(samples), sessions, turns, questions)
	}
	tr := samples[0].Turns()[0]
	if tr.Ref != "conv-26/D1:1" || tr.Session != "session_1" || strings.Join(tr.Audience, ",") != "person:caroline,person:melanie" {
		t.Fatalf("first turn %+v", tr)
	}
}

func TestNormalizeEvidence(t *testing.T) {
	for in, want := range map[string]string{
		`["D8:6; D9:17"]`: "D8:6,D9:17",
		`["D1:3 D2:4"]`:   "D1:3,D2:4",
		`["D"]`:           "",
		`["D:11:26"]`:     "D11:26",
		`["D30:05"]`:      "D30:5",
	} {
		got := strings.Join(NormalizeEvidence(json.RawMessage(in)), ",")
		if got != want {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
}
