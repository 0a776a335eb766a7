package inspector_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/memhive/memhive/internal/locomo"
	"github.com/memhive/memhive/recall"
)

// chromium is Debian's Chromium (scripts/setup installs it); a missing
// browser fails the test, as a missing Postgres or NATS would.
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("MEMHIVE_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if p == "" {
			continue
		}
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Fatal("no chromium on this machine (apt-get install chromium; scripts/setup does it)")
	return ""
}

// browser starts a headless Chromium for the test; every step has a
// generous deadline (a loaded 2-core machine), and waits are on
// conditions, never sleeps.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox, // tests may run as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 800),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelC(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// run runs steps with a generous deadline.
func run(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// get runs one action that reads a value, with a generous deadline.
func get[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// shots is where the screenshots go: docs/img, or MEMHIVE_SCREENSHOTS.
func shots(t *testing.T) string {
	dir := os.Getenv("MEMHIVE_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join("..", "docs", "img")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

type viewport struct {
	name string
	w, h int64
}

var viewports = []viewport{{"desktop", 1280, 800}, {"phone", 390, 844}}

// visit loads path at the viewport, waits for ready, checks that the page
// has no horizontal overflow, and writes a screenshot named name.
func visit(t *testing.T, ctx context.Context, base string, vp viewport, path, ready, name string) {
	t.Helper()
	run(t, ctx, name+" at "+vp.name,
		chromedp.EmulateViewport(vp.w, vp.h),
		chromedp.Navigate(base+path),
		chromedp.WaitReady(chromedp.CSS(ready)),
	)
	if js := get(t, ctx, name, chromedp.Evaluate[string](`document.documentElement.getAttribute('data-js') || ''`)); js != "ready" {
		t.Errorf("%s at %s: the page's script did not run (Content-Security-Policy?)", name, vp.name)
	}
	scrollW := get(t, ctx, name, chromedp.Evaluate[int64](`document.documentElement.scrollWidth`))
	innerW := get(t, ctx, name, chromedp.Evaluate[int64](`window.innerWidth`))
	png := get(t, ctx, name, chromedp.CaptureScreenshot())
	if scrollW > innerW {
		wide, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.scroll')).slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).join('; ')`))
		t.Errorf("%s at %s: the document is %dpx wide in a %dpx window (horizontal overflow): %s", name, vp.name, scrollW, innerW, wide)
	}
	file := "inspector-" + name + ".png"
	if vp.name != "desktop" {
		file = "inspector-" + name + "-" + vp.name + ".png"
	}
	if err := os.WriteFile(filepath.Join(shots(t), file), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestInspectorInABrowser drives Debian's Chromium against a running hive
// (must-shows 1, 2, 3, 5): sign in through the form, load every page at
// 1280×800 and at 390×844 without horizontal overflow (screenshots in
// docs/img), run a LoCoMo question in the playground and compare its
// per-leg breakdown with the HTTP API's diagnostic of the same call, and
// revert an alias with its button: the golden tier-1 answer comes back and
// the revert is shown as a recorded decision.
func TestInspectorInABrowser(t *testing.T) {
	t.Parallel()
	h := setup(t)
	golden := h.jobAnswer() // before any alias
	alias := nightAlias(t, h)
	during := h.jobAnswer()
	if during == golden || !strings.Contains(during, "previously: teacher") {
		t.Fatalf("the alias should change the golden answer:\nbefore:\n%s\nwith the alias:\n%s", golden, during)
	}
	ctx := browser(t)
	base := h.srv.URL

	// without a session every page is the login form (401; see
	// TestEveryPageAndActionNeedsTheOperatorKey for the codes)
	run(t, ctx, "the login form",
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(base+"/ui/members/alice/decisions"),
		chromedp.WaitVisible(chromedp.CSS(`#key`)),
	)
	loginText := get(t, ctx, "login title", chromedp.Text(chromedp.CSS(`.login h1`)))
	run(t, ctx, "sign in",
		chromedp.SendKeys(chromedp.CSS(`#key`), h.opKey),
		chromedp.Click(chromedp.CSS(`#signin`)),
		chromedp.WaitVisible(chromedp.CSS(`#aliases`)),
	)
	if loginText != "Sign in" {
		t.Fatalf("the login page says %q", loginText)
	}

	t.Run("pages", func(t *testing.T) {
		q := "q=" + strings.ReplaceAll("what is my job?", " ", "+") + "&as_of=" + h.asOf.Format(time.RFC3339)
		pages := []struct{ name, path, ready string }{
			{"members", "/ui/", `#members`},
			{"timeline", "/ui/members/alice/timeline", `#episodes tr.episode`},
			{"who", "/ui/members/alice/who?kind=episode&id=01HX0000000000000000000002", `#who tr.answer`},
			{"refusals", "/ui/members/alice/refusals", `#refusals tr.refusal`},
			{"facts", "/ui/members/alice/facts", `.axis .timeline .bar`},
			{"recall", "/ui/members/alice/recall?" + q, `#fused tr.fused`},
			{"decisions", "/ui/members/alice/decisions", `#aliases tr.alias`},
			{"health", "/ui/health", `#cells tr.cell`},
			{"locomo-timeline", "/ui/members/" + h.loMember + "/timeline", `#episodes tr.episode`},
		}
		for _, vp := range viewports {
			for _, p := range pages {
				visit(t, ctx, base, vp, p.path, p.ready, p.name)
			}
		}
	})

	t.Run("playground equals the HTTP API's diagnostic", func(t *testing.T) {
		s := h.lo
		qn := s.Questions[0]
		asOf := s.Now().Format(time.RFC3339)
		type page struct {
			Legs []struct {
				Leg     string   `json:"leg"`
				Weight  int      `json:"weight"`
				Missing string   `json:"missing"`
				Ranked  []string `json:"ranked"`
			} `json:"legs"`
			Fused []struct {
				Key      string         `json:"key"`
				Score    string         `json:"score"`
				Votes    int            `json:"votes"`
				BestRank int            `json:"best_rank"`
				Ranks    map[string]int `json:"ranks"`
				Agrees   bool           `json:"agrees"`
			} `json:"fused"`
			Text  string   `json:"text"`
			Items []string `json:"items"`
		}
		run(t, ctx, "playground",
			chromedp.EmulateViewport(1280, 800),
			chromedp.Navigate(base+"/ui/members/"+h.loMember+"/recall"),
			chromedp.WaitVisible(chromedp.CSS(`#q`)),
			chromedp.SendKeys(chromedp.CSS(`#q`), qn.Text),
			chromedp.SetValue(chromedp.CSS(`#as`), strings.Join(s.Audience(), ",")),
			chromedp.SetValue(chromedp.CSS(`#on`), locomo.Channel),
			chromedp.SetValue(chromedp.CSS(`#as_of`), asOf),
			chromedp.Click(chromedp.CSS(`#ask`)),
			chromedp.WaitVisible(chromedp.CSS(`#fused`)),
		)
		got := get(t, ctx, "the playground's breakdown", chromedp.Evaluate[page](`(() => ({
				legs: [...document.querySelectorAll('#legs .leg')].map(e => ({leg: e.dataset.leg, weight: +e.dataset.weight,
					missing: e.dataset.missing, ranked: [...e.querySelectorAll('li')].map(li => li.dataset.key)})),
				fused: [...document.querySelectorAll('#fused tr.fused')].map(r => ({key: r.dataset.key, score: r.dataset.score,
					votes: +r.dataset.votes, best_rank: +r.dataset.bestRank, agrees: !!r.querySelector('.tag.ok:last-child'),
					ranks: Object.fromEntries([...r.querySelectorAll('td.leg')].map(td => [td.dataset.leg, +td.dataset.rank]))})),
				text: document.getElementById('answer-text').textContent,
				items: [...document.querySelectorAll('#items tr.item')].map(r => r.dataset.key)}))()`))
		ans := h.apiRecall(h.loKey, h.loMember, map[string]any{"query": qn.Text, "tier": "1", "audience": s.Audience(),
			"channel": locomo.Channel, "as_of": asOf})
		var diag recall.Diagnostic
		if err := json.Unmarshal(ans.Diagnostic, &diag); err != nil {
			t.Fatal(err)
		}
		if len(diag.Fused) == 0 {
			t.Fatalf("the LoCoMo question %q found nothing: the comparison would be empty", qn.Text)
		}
		if len(got.Legs) != len(diag.Legs) {
			t.Fatalf("playground legs %d, API legs %d", len(got.Legs), len(diag.Legs))
		}
		for i, l := range diag.Legs {
			g := got.Legs[i]
			if g.Leg != l.Leg || g.Weight != l.Weight || g.Missing != l.Missing || !slices.Equal(nonEmpty(g.Ranked), nonEmpty(l.Ranked)) {
				t.Errorf("leg %d: playground %+v, API %+v", i, g, l)
			}
		}
		if len(got.Fused) != len(diag.Fused) {
			t.Fatalf("playground fused %d, API fused %d", len(got.Fused), len(diag.Fused))
		}
		for i, f := range diag.Fused {
			g := got.Fused[i]
			if g.Key != f.Key || g.Score != f.Score || g.Votes != f.Votes || g.BestRank != f.BestRank {
				t.Errorf("fused %d: playground %s %s %d %d, API %+v", i, g.Key, g.Score, g.Votes, g.BestRank, f)
			}
			for _, l := range diag.Legs {
				want := slices.Index(l.Ranked, f.Key) + 1
				if j := want - 1; j >= 0 && j < len(l.Ranks) { // the context list votes at its source's rank
					want = l.Ranks[j]
				}
				if g.Ranks[l.Leg] != want {
					t.Errorf("fused %s, leg %s: playground rank %d, API rank %d", f.Key, l.Leg, g.Ranks[l.Leg], want)
				}
			}
			if !g.Agrees {
				t.Errorf("fused %s: the breakdown does not recompute the score", f.Key)
			}
		}
		if got.Text != ans.Text {
			t.Errorf("the answer text differs:\nplayground:\n%s\nAPI:\n%s", got.Text, ans.Text)
		}
		var keys []string
		for _, it := range ans.Items {
			keys = append(keys, it.Kind+":"+it.ID)
		}
		if !slices.Equal(got.Items, keys) {
			t.Errorf("items: playground %v, API %v", got.Items, keys)
		}
		missing := false
		for _, l := range diag.Legs {
			missing = missing || l.Missing != ""
		}
		if !missing {
			t.Log("no leg was missing (an embedder is configured?)")
		}
	})

	t.Run("revert an alias with the button", func(t *testing.T) {
		run(t, ctx, "revert",
			chromedp.EmulateViewport(1280, 800),
			chromedp.Navigate(base+"/ui/members/alice/decisions"),
			chromedp.WaitVisible(chromedp.CSS(`#alias-`+alias+` button.revert`)),
			chromedp.Click(chromedp.CSS(`#alias-`+alias+` button.revert`)),
			chromedp.WaitVisible(chromedp.CSS(`#revert-result`)),
		)
		undone := get(t, ctx, "reopened", chromedp.Text(chromedp.CSS(`#revert-result .undone`)))
		reverted := get(t, ctx, "row", chromedp.Evaluate[bool](`document.querySelector('#alias-`+alias+`').dataset.reverted === 'true'`))
		verdict := get(t, ctx, "run", chromedp.Evaluate[string](`(() => { const r = document.querySelector('tr.run[data-kind="revert"][data-alias="`+alias+`"]'); return r ? r.dataset.run : ''; })()`))
		png := get(t, ctx, "revert screenshot", chromedp.CaptureScreenshot())
		if err := os.WriteFile(filepath.Join(shots(t), "inspector-revert.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
		if undone != "1" || !reverted || verdict == "" {
			t.Fatalf("the page should show the revert: undone %q, row reverted %v, recorded decision %q", undone, reverted, verdict)
		}
		after := h.jobAnswer()
		if after != golden {
			t.Fatalf("after the revert the golden tier-1 answer should be back:\nbefore the alias:\n%s\nafter the revert:\n%s", golden, after)
		}
		var aliasRows, runRows int
		if err := h.pool.QueryRow(t.Context(), `SELECT (SELECT count(*) FROM aliases WHERE member_id = 'alice' AND id = $1 AND reverted_at IS NOT NULL),
			(SELECT count(*) FROM consolidation_log WHERE member_id = 'alice' AND run_id = $2 AND kind = 'revert')`, alias, verdict).Scan(&aliasRows, &runRows); err != nil {
			t.Fatal(err)
		}
		if aliasRows != 1 || runRows != 1 {
			t.Fatalf("the alias (%d) and the revert's record (%d) should both be rows", aliasRows, runRows)
		}
	})
}

func nonEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}
