package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/memhive/memhive"
)

// maxEnvelopeDepth is how deep an MCP message may nest: the JSON-RPC
// envelope around a tool's arguments, with room to spare.
const maxEnvelopeDepth = 64

// screenMCP fronts the MCP SDK's streamable HTTP handler so that /mcp
// answers every refusal as a JSON-RPC error (application/json), where the
// SDK writes a line of plain text. It answers itself, before the SDK reads
// anything, a POST whose Content-Type is not application/json (415), whose
// body is over MaxBody (413, text_too_large), not UTF-8 or not JSON (400,
// parse error -32700), or nests past maxEnvelopeDepth (400, -32600). The
// error's id is the request's when it can be read, else null (JSON-RPC
// 2.0 §5): the go-sdk client then returns the error for its call and
// keeps its session.
// A JSON value that is no object nor array (null, 42, "x") is no
// JSON-RPC message: 400, -32600, said so (the SDK said "empty batch" of
// null and named a Go type of 42).
// What passes goes on unchanged (the tools' own decoder checks the
// arguments), and a refusal the SDK still writes in plain text (an object
// that is no JSON-RPC message, a batch, an Accept without
// text/event-stream, a GET) is rewritten in the same form with the SDK's
// status and sentence (rpcErrors). The error's data holds memhive's code:
// {"code": "malformed_request"}. An unknown method is no failure of the
// transport: a request (with an id) is answered 200 with the JSON-RPC
// error -32601 "Method not found" for its id, as JSON-RPC 2.0 says, and
// a notification (no id) 202 with no body, as the streamable transport
// answers the notifications it knows; the SDK answered both 400 (-32600,
// "JSON RPC not handled"), which the TypeScript SDK takes for a broken
// transport.
func screenMCP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			serveRPCErrors(next, w, r, nil)
			return
		}
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
			writeRPCError(w, http.StatusUnsupportedMediaType, nil, jsonrpc.CodeInvalidRequest, memhive.Errorf(memhive.CodeMalformedRequest,
				"an MCP message is sent with Content-Type: application/json, not %q", clip(r.Header.Get("Content-Type"))))
			return
		}
		data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			writeRPCError(w, http.StatusRequestEntityTooLarge, nil, jsonrpc.CodeInvalidRequest,
				memhive.Errorf(memhive.CodeTextTooLarge, "the MCP message is over %d bytes", MaxBody))
			return
		case err != nil:
			writeRPCError(w, http.StatusBadRequest, nil, jsonrpc.CodeInvalidRequest,
				memhive.Errorf(memhive.CodeMalformedRequest, "the MCP message could not be read"))
			return
		case !utf8.Valid(data):
			writeRPCError(w, http.StatusBadRequest, nil, jsonrpc.CodeParseError,
				memhive.Errorf(memhive.CodeInvalidText, "the MCP message is not valid UTF-8"))
			return
		case len(bytes.TrimSpace(data)) == 0:
			writeRPCError(w, http.StatusBadRequest, nil, jsonrpc.CodeParseError,
				memhive.Errorf(memhive.CodeMalformedRequest, "the body is empty: a POST to /mcp carries one JSON-RPC message"))
			return
		case !json.Valid(data):
			writeRPCError(w, http.StatusBadRequest, nil, jsonrpc.CodeParseError,
				memhive.Errorf(memhive.CodeMalformedRequest, "the MCP message is not JSON: %s", clipErr(json.Unmarshal(data, new(any)))))
			return
		}
		if c := bytes.TrimSpace(data)[0]; c != '{' && c != '[' {
			writeRPCError(w, http.StatusBadRequest, nil, jsonrpc.CodeInvalidRequest,
				memhive.Errorf(memhive.CodeMalformedRequest, "the body is not a JSON-RPC request object: a POST to /mcp carries one JSON object, {\"jsonrpc\": \"2.0\", \"id\": …, \"method\": …}"))
			return
		}
		if err := checkJSON(data, maxEnvelopeDepth, false); err != nil {
			writeRPCError(w, http.StatusBadRequest, requestID(data), jsonrpc.CodeInvalidRequest,
				memhive.Errorf(memhive.CodeMalformedRequest, "the MCP message is refused: %s", err))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(data))
		serveRPCErrors(next, w, r, data)
	})
}

// sdkNotHandled starts the sentence the SDK's streamable handler answers
// (400, text/plain) for a message whose method it does not know
// (jsonrpc2.ErrNotHandled, internal to the SDK):
// `JSON RPC not handled: "x" unsupported`.
const sdkNotHandled = "JSON RPC not handled"

// serveRPCErrors serves r, whose body is data (nil: none was read), with
// next, rewriting a plain-text error next writes as a JSON-RPC error for
// the request id (none: null); an unknown method is -32601 for a request,
// 202 for a notification.
func serveRPCErrors(next http.Handler, w http.ResponseWriter, r *http.Request, data []byte) {
	rw := &rpcErrors{ResponseWriter: w}
	next.ServeHTTP(rw, r)
	if rw.status == 0 {
		return
	}
	id := requestID(data)
	if rw.status == http.StatusBadRequest && strings.HasPrefix(rw.body.String(), sdkNotHandled) {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		switch {
		case json.Unmarshal(data, &m) != nil: // a batch: the SDK's refusal, rewritten below
		case len(m.ID) == 0: // a notification: nothing to answer
			w.Header().Del("Content-Type")
			w.Header().Del("Content-Length")
			w.WriteHeader(http.StatusAccepted)
			return
		case id != nil:
			writeRPCError(w, http.StatusOK, id, jsonrpc.CodeMethodNotFound, memhive.Errorf(memhive.CodeNotFound,
				"Method not found: %q is no method of this MCP server", clip(m.Method)))
			return
		}
	}
	code := int64(jsonrpc.CodeInvalidRequest)
	if rw.status >= 500 {
		code = jsonrpc.CodeInternalError
	}
	e := memhive.Errorf(memhive.CodeMalformedRequest, "%s", strings.TrimSpace(rw.body.String()))
	if rw.status >= 500 {
		e.Code = memhive.CodeInternal
	}
	writeRPCError(w, rw.status, id, code, e)
}

// rpcErrors holds back an error status written with a text/plain body
// (http.Error's), and the body, for serveRPCErrors to answer in its
// place; everything else passes through.
type rpcErrors struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
	passed bool
}

func (w *rpcErrors) WriteHeader(code int) {
	if !w.passed && w.status == 0 && code >= 400 && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.status = code
		return
	}
	w.passed = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *rpcErrors) Write(b []byte) (int, error) {
	if w.status != 0 {
		return w.body.Write(b)
	}
	w.passed = true
	return w.ResponseWriter.Write(b)
}

func (w *rpcErrors) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok && w.status == 0 {
		f.Flush()
	}
}

func (w *rpcErrors) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// requestID is the id of data when it is one JSON-RPC request with a
// string or number id, and nil otherwise (the error's id is then null).
func requestID(data []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(data, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	if c := m.ID[0]; c != '"' && c != '-' && (c < '0' || c > '9') {
		return nil
	}
	return m.ID
}

// writeRPCError answers a JSON-RPC error response: id (nil: null), the
// JSON-RPC code, e's sentence as the message and {"code": e's code} as
// the data.
func writeRPCError(w http.ResponseWriter, status int, id json.RawMessage, code int64, e *memhive.Error) {
	if id == nil {
		id = json.RawMessage("null")
	}
	data, _ := json.Marshal(map[string]memhive.Code{"code": e.Code})
	w.Header().Del("Content-Length")
	writeJSON(w, status, struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: code, Message: e.Message, Data: data}})
}
