package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/memhive/memhive/client"
)

// message is one OpenAI-style chat message.
type message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	ToolCalls  []toolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

type toolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// chatModel is the smallest OpenAI-compatible chat-completions client an
// assistant needs to use tools: it sends the messages and the tool list
// and returns the reply message.
type chatModel struct {
	url, model, key string
	http            *http.Client
}

func newChatModel(url, model, key string) *chatModel {
	return &chatModel{url: url, model: model, key: key, http: &http.Client{Timeout: 120 * time.Second}}
}

func (m *chatModel) chat(ctx context.Context, msgs []message, tools []client.OpenAITool) (message, error) {
	body, err := json.Marshal(map[string]any{"model": m.model, "messages": msgs, "tools": tools, "temperature": 0})
	if err != nil {
		return message{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.url+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return message{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	if m.key != "" {
		req.Header.Set("Authorization", "Bearer "+m.key)
	}
	resp, err := m.http.Do(req)
	if err != nil {
		return message{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return message{}, err
	}
	if resp.StatusCode != http.StatusOK {
		return message{}, fmt.Errorf("model answered %d: %.200s", resp.StatusCode, data)
	}
	var out struct {
		Choices []struct {
			Message message `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(data, &out); err != nil || len(out.Choices) == 0 {
		return message{}, fmt.Errorf("model reply is not a chat completion: %.200s", data)
	}
	return out.Choices[0].Message, nil
}
