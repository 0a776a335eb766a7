package gateway

import (
	"encoding/json"
	"fmt"

	"github.com/memhive/memhive/facts"
	"github.com/memhive/memhive/remember"
)

// TopicTool is the advisor's tool: the model says which topic it is
// entering and may be handed one stored memory (docs/advisor.md).
const TopicTool = "enter_topic"

// TopicSchema is enter_topic's input schema.
var TopicSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "topic": {"type": "string", "minLength": 1, "maxLength": 512, "description": "The topic the conversation is turning to, in a few plain words, e.g. \"planning the trip to Lisbon\"."}
  },
  "required": ["topic"],
  "additionalProperties": false
}`)

// TopicDescription is enter_topic's description.
const TopicDescription = "Say which topic the conversation is entering. memhive may answer with the one stored memory " +
	"most relevant to it (limited to what the people in this conversation could have heard), or with nothing."

// Declaration is how a tool is declared to a model: its name, description
// and JSON input schema, the same on MCP, in OpenAI-style tool lists and in
// the SDK (package client).
type Declaration struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	// Read marks a tool gated by the memory tier (memory_not_configured
	// without one).
	Read bool `json:"read"`
}

// Declare returns the declaration of the tool name, as the gateway serves
// it: memory_recall, memorize, the memory tools and enter_topic.
func Declare(name string) (Declaration, bool) {
	switch name {
	case RecallTool:
		return Declaration{Name: name, Description: RecallDescription, Schema: RecallSchema, Read: true}, true
	case MemorizeTool:
		return Declaration{Name: name, Description: MemorizeDescription, Schema: MemorizeSchema}, true
	case TopicTool:
		return Declaration{Name: name, Description: TopicDescription, Schema: TopicSchema, Read: true}, true
	}
	if t, ok := memoryTools[name]; ok {
		return Declaration{Name: name, Description: t.description, Schema: t.schema, Read: t.read}, true
	}
	return Declaration{}, false
}

// MemoryToolText is the model-facing text of a memory tool's result JSON
// (the reply of the memory micro service), as MCP shows it, capped at
// maxChars (0: DefaultMaxChars; negative: no cap). The assistant SDK hands
// it to the model instead of the raw JSON.
func MemoryToolText(name string, result []byte, maxChars int) (string, error) {
	var text string
	decode := func(v any) error { return json.Unmarshal(result, v) }
	switch name {
	case UpdateTool:
		var r remember.UpdateResult
		if err := decode(&r); err != nil {
			return "", err
		}
		text = updateText(&r)
	case ForgetTool:
		var r remember.ForgetResult
		if err := decode(&r); err != nil {
			return "", err
		}
		text = forgetText(&r)
	case ListTool:
		var r remember.ListResult
		if err := decode(&r); err != nil {
			return "", err
		}
		text = listText(&r)
	case ReviewTool:
		var r facts.ReviewReport
		if err := decode(&r); err != nil {
			return "", err
		}
		text = reviewText(&r)
	case ProfileTool:
		var r remember.ProfileResult
		if err := decode(&r); err != nil {
			return "", err
		}
		text = profileText(&r)
	default:
		return "", fmt.Errorf("no memory tool named %q", name)
	}
	if maxChars == 0 {
		maxChars = DefaultMaxChars
	}
	text, _ = capText(text, maxChars, "use a filter or a smaller limit")
	return text, nil
}
