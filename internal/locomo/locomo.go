// Package locomo reads the LoCoMo benchmark file (a copy ships in data/,
// with its licence notice; MEMHIVE_LOCOMO or a path names another) and maps it onto memhive turns and questions, following the protocol in
// shared/eval/README.md: each sample is one member, each session one
// session stamped with its date (turns a second apart), the audience of
// every turn is both speakers, ref = "<sample_id>/<dia_id>". It lives under
// internal/ because only the import command and the benchmarks use it.
package locomo

import (
	"crypto/sha256"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/memhive/memhive"

	"github.com/memhive/memhive/lanes"
)

// Channel is the channel LoCoMo turns are stamped with.
const Channel = "locomo:chat"

// Sample is one conversation.
type Sample struct {
	ID        string
	SpeakerA  string
	SpeakerB  string
	Sessions  []Session
	Questions []Question
}

// Session is one dated session.
type Session struct {
	N     int
	Start time.Time
	Turns []Turn
}

// Turn is one line of a session.
type Turn struct {
	Speaker string
	DiaID   string
	Text    string
	Caption string
}

// Question is one QA item with normalised evidence ids.
type Question struct {
	Text     string
	Category int
	Evidence []string
}

// Audience is the audience of every turn of s: both speakers.
func (s *Sample) Audience() []string {
	return memhive.NormalizeAudience([]string{Person(s.SpeakerA), Person(s.SpeakerB)})
}

// Person is a speaker's participant id.
func Person(name string) string {
	return "person:" + strings.ToLower(strings.Join(strings.Fields(name), "_"))
}

// Member is the member id of a sample.
func Member(sampleID string) string { return strings.ToLower(sampleID) }

// Now is "just after the last session": an hour after its last turn.
func (s *Sample) Now() time.Time {
	var last time.Time
	for _, se := range s.Sessions {
		t := se.Start.Add(time.Duration(len(se.Turns)) * time.Second)
		if t.After(last) {
			last = t
		}
	}
	return last.Add(time.Hour)
}

// Turns maps the sample to memhive turns, in order. Ids are derived from the
// ref, so importing twice writes nothing new.
func (s *Sample) Turns() []lanes.Turn {
	var out []lanes.Turn
	aud := s.Audience()
	for _, se := range s.Sessions {
		for i, t := range se.Turns {
			at := se.Start.Add(time.Duration(i) * time.Second)
			text := t.Text
			if t.Caption != "" {
				text += " [shares a photo: " + t.Caption + "]"
			}
			ref := s.ID + "/" + t.DiaID
			sum := sha256.Sum256([]byte(ref))
			var id ulid.ULID
			_ = id.SetTime(ulid.Timestamp(at))
			_ = id.SetEntropy(sum[:10])
			out = append(out, lanes.Turn{ID: id.String(), Session: fmt.Sprintf("session_%d", se.N), Channel: Channel,
				Audience: aud, Role: "peer", Speaker: Person(t.Speaker), Text: text, At: at, Ref: ref})
		}
	}
	return out
}

type rawSample struct {
	SampleID     string                     `json:"sample_id"`
	Conversation map[string]json.RawMessage `json:"conversation"`
	QA           []struct {
		Question string          `json:"question"`
		Evidence json.RawMessage `json:"evidence"`
		Category int             `json:"category"`
	} `json:"qa"`
}

var sessionKey = regexp.MustCompile(`^session_(\d+)$`)

// embedded is data/locomo10.json (CC BY-NC 4.0, data/LICENSE.md).
//
//go:embed data/locomo10.json
var embedded []byte

// EnvFile names a LoCoMo file to read instead of the embedded copy.
const EnvFile = "MEMHIVE_LOCOMO"

// Source says which file Load(path) reads: path, else $MEMHIVE_LOCOMO,
// else the copy embedded in the binary ("embedded").
func Source(path string) string {
	if path == "" {
		path = os.Getenv(EnvFile)
	}
	if path == "" {
		return "embedded"
	}
	return path
}

// Load reads the file at path; "" reads $MEMHIVE_LOCOMO when set, else the
// copy embedded in the binary.
func Load(path string) ([]Sample, error) {
	src := Source(path)
	data := embedded
	if src != "embedded" {
		var err error
		if data, err = os.ReadFile(src); err != nil {
			return nil, fmt.Errorf("locomo: %w (the copy built into memhive needs no file: memhive import --locomo builtin, or an empty path with %s unset)", err, EnvFile)
		}
	}
	path = src
	var raw []rawSample
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("locomo %s: %w", path, err)
	}
	var out []Sample
	for _, r := range raw {
		s := Sample{ID: r.SampleID}
		_ = json.Unmarshal(r.Conversation["speaker_a"], &s.SpeakerA)
		_ = json.Unmarshal(r.Conversation["speaker_b"], &s.SpeakerB)
		for k, v := range r.Conversation {
			m := sessionKey.FindStringSubmatch(k)
			if m == nil {
				continue
			}
			n, _ := strconv.Atoi(m[1])
			var turns []struct {
				Speaker string `json:"speaker"`
				DiaID   string `json:"dia_id"`
				Text    string `json:"text"`
				Caption string `json:"blip_caption"`
			}
			if err := json.Unmarshal(v, &turns); err != nil || len(turns) == 0 {
				continue
			}
			var when string
			_ = json.Unmarshal(r.Conversation[k+"_date_time"], &when)
			start, err := ParseDate(when)
			if err != nil {
				return nil, fmt.Errorf("locomo %s %s: %w", r.SampleID, k, err)
			}
			se := Session{N: n, Start: start}
			for _, t := range turns {
				se.Turns = append(se.Turns, Turn{Speaker: t.Speaker, DiaID: t.DiaID, Text: t.Text, Caption: t.Caption})
			}
			s.Sessions = append(s.Sessions, se)
		}
		sort.Slice(s.Sessions, func(i, j int) bool { return s.Sessions[i].N < s.Sessions[j].N })
		for _, q := range r.QA {
			s.Questions = append(s.Questions, Question{Text: q.Question, Category: q.Category, Evidence: NormalizeEvidence(q.Evidence)})
		}
		out = append(out, s)
	}
	return out, nil
}

// ParseDate reads "1:56 pm on 8 May, 2023".
func ParseDate(s string) (time.Time, error) {
	return time.Parse("3:04 pm on 2 January, 2006", strings.TrimSpace(s))
}

var diaRE = regexp.MustCompile(`D(\d+):(\d+)`)

// NormalizeEvidence turns the evidence field into clean "D<s>:<t>" ids,
// fixing the quirks the README lists (two ids in one string, spaces,
// "D:11:26", leading zeros); unusable entries such as "D" are dropped.
func NormalizeEvidence(raw json.RawMessage) []string {
	var list []string
	if err := json.Unmarshal(raw, &list); err != nil {
		var one string
		if json.Unmarshal(raw, &one) == nil {
			list = []string{one}
		}
	}
	seen := map[string]bool{}
	var out []string
	for _, e := range list {
		e = strings.ReplaceAll(e, "D:", "D")
		for _, m := range diaRE.FindAllStringSubmatch(e, -1) {
			a, _ := strconv.Atoi(m[1])
			b, _ := strconv.Atoi(m[2])
			id := fmt.Sprintf("D%d:%d", a, b)
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}
