package main

import (
	"strings"

	"github.com/memhive/memhive/internal/modeltest"
)

// Script is the scripted model's replies, in the order Run asks. The model
// knows nothing itself: its last answer quotes what its memory_recall
// calls returned (every item line, once), so what it says is what memory
// gave it.
func Script(member string) []modeltest.Response {
	return []modeltest.Response{
		// talky, turn 1
		{Content: "That is lovely news about Maya!"},
		// talky, turn 2: the model asks to memorize, then confirms
		{ToolCalls: []modeltest.ToolCall{modeltest.Call("call-1", "memorize",
			`{"subject":"member:`+member+`","predicate":"allergic_to","claim":"peanuts"}`)}},
		{Reply: func(c modeltest.ChatRequest) string {
			if res := lastTool(c); strings.HasPrefix(res, "Memorized") || strings.HasPrefix(res, "Already") {
				return "I will remember that."
			}
			return "I could not keep that: " + lastTool(c)
		}},
		// planner: two recalls, then an answer built from what they returned
		{ToolCalls: []modeltest.ToolCall{
			modeltest.Call("call-2", "memory_recall", `{"query":"Which city does my sister live in?"}`),
			modeltest.Call("call-3", "memory_recall", `{"query":"food I am allergic to"}`),
		}},
		{Reply: func(c modeltest.ChatRequest) string {
			var found []string
			seen := map[string]bool{}
			for _, m := range c.Messages {
				if m.Role != "tool" {
					continue
				}
				for _, line := range items(m.Content) {
					if !seen[line] {
						seen[line] = true
						found = append(found, line)
					}
				}
			}
			if len(found) == 0 {
				return "I could not find that in your memory."
			}
			return "From your memory:\n  " + strings.Join(found, "\n  ")
		}},
	}
}

func lastTool(c modeltest.ChatRequest) string {
	for i := len(c.Messages) - 1; i >= 0; i-- {
		if c.Messages[i].Role == "tool" {
			return c.Messages[i].Content
		}
	}
	return ""
}

// items are the item lines ("- …") of a recall answer's text.
func items(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "- ") {
			out = append(out, strings.TrimPrefix(l, "- "))
		}
	}
	return out
}
