package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memhive/memhive"
	"github.com/memhive/memhive/gateway"
	"github.com/memhive/memhive/internal/dbtest"
	"github.com/memhive/memhive/remember"
)

// POST /v1/members/{m}/memorize refuses what the turn lane refuses of the
// same fields, 400 with the lane's codes: a control character (a tab or a
// newline too in a fact's subject or predicate, key fields), a channel
// over 256 bytes, an audience over 256 entries (field_too_long, once a
// 500), the zero time. Nothing is stored.
func TestHTTPMemorizeRefusesWhatTheTurnLaneRefuses(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Memorizer: remember.New(pool)}))
	t.Cleanup(srv.Close)
	aud := make([]string, 10000)
	for i := range aud {
		aud[i] = fmt.Sprintf(`"person:p%d"`, i)
	}
	big := `[` + strings.Join(aud, ",") + `]`
	for _, tc := range []struct {
		name, body string
		code       memhive.Code
	}{
		{"a bell in the note", `{"note":"bell\u0007","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"an escape in the channel", `{"note":"x","audience":["member:alice"],"channel":"c\u001b"}`, memhive.CodeInvalidText},
		{"a control in the audience", `{"note":"x","audience":["member:po\u0001ison"],"channel":"c"}`, memhive.CodeInvalidText},
		{"a NUL in the speaker", `{"note":"x","speaker":"a\u0000","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"a long channel", `{"note":"x","audience":["member:alice"],"channel":"` + strings.Repeat("c", 5000) + `"}`, memhive.CodeFieldTooLong},
		{"a large audience", `{"note":"x","audience":` + big + `,"channel":"c"}`, memhive.CodeFieldTooLong},
		{"the zero time", `{"note":"x","audience":["member:alice"],"channel":"c","at":"0001-01-01T00:00:00Z"}`, memhive.CodeMalformedRequest},
		// a fact's subject and predicate are key fields, as a channel is
		{"a tab in the subject", `{"subject":"person:\tsam","predicate":"works at","claim":"Acme","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
		{"a newline in the predicate", `{"subject":"person:sam","predicate":"works\nat","claim":"Acme","audience":["member:alice"],"channel":"c"}`, memhive.CodeInvalidText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, b := post(t, srv.URL+"/v1/members/alice/memorize", tc.body)
			// a control character anywhere in a body the HTTP layer
			// refuses before memorize sees it, with the lane's code
			if code := errCode(t, b); status != 400 || code != tc.code {
				t.Fatalf("want 400 %s, got %d %.300s", tc.code, status, b)
			}
		})
	}
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM facts`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("refused memorizes stored %d facts (%v)", n, err)
	}
}

// POST /v1/members/{m}/memorize stores a 12 KB note that does not compress
// (201; it was refused 500 store_refused while an index held the whole
// claim: migration 031), and the same note again is the same fact (200).
func TestHTTPMemorizeLongNote(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	srv := httptest.NewServer(gateway.NewHTTP(gateway.HTTPConfig{Logger: quiet, Keys: testKeys, Memorizer: remember.New(pool)}))
	t.Cleanup(srv.Close)
	var note strings.Builder
	for i := range 12000 { // letters without a pattern, the same on every run
		note.WriteByte("abcdefghijklmnopqrstuvwxyz"[(i*i*7919+i*31)%104729%26])
	}
	body := `{"note":"` + note.String() + `","audience":["member:alice"],"channel":"web:chat"}`
	var ids []string
	for _, want := range []int{201, 200} {
		status, b := post(t, srv.URL+"/v1/members/alice/memorize", body)
		var res remember.Result
		if err := json.Unmarshal(b, &res); status != want || err != nil {
			t.Fatalf("want %d, got %d %.300s", want, status, b)
		}
		ids = append(ids, res.ID)
	}
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM facts`).Scan(&n); err != nil || n != 1 || ids[0] != ids[1] {
		t.Fatalf("facts %d (%v), ids %v", n, err, ids)
	}
}
