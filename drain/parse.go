package drain

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/memhive/memhive"
)

// Formats of memory file.
const (
	Claude   = "claude"   // Claude Code: MEMORY.md and the topic files beside it
	Codex    = "codex"    // Codex: *.md under a memories*/ directory
	Gemini   = "gemini"   // Gemini CLI: the "## Gemini Added Memories" section of GEMINI.md
	Markdown = "markdown" // any other Markdown file named explicitly: every entry
)

// File is one memory file: its path (as given, or a name an HTTP client
// sent; its base name and directories decide its format) and its bytes.
type File struct {
	Path string `json:"path"`
	Data []byte `json:"-"`
}

// Entry is one bullet or paragraph of a memory file.
type Entry struct {
	Text   string `json:"text"` // as written, white space collapsed
	Path   string `json:"path"`
	Line   int    `json:"line"` // 1-based line it starts on
	Format string `json:"format"`
	Hash   string `json:"hash"` // Hash(Text)
}

// MaxFileBytes caps one memory file: past it the file is refused, since no
// assistant's own memory file is that long.
const MaxFileBytes = 4 << 20

// Hash is the drain hash of an entry's text: the sha256 of its normalised
// form (Unicode NFC, case folded, white space collapsed), so the same memory
// written with other spacing or capitals is the same entry.
func Hash(text string) string {
	sum := sha256.Sum256([]byte(memhive.Canon(text)))
	return hex.EncodeToString(sum[:])
}

// FormatOf is the format of the memory file at p, or "" when p is not one
// the drain reads by itself (Markdown when named explicitly).
func FormatOf(p string) string {
	p = filepath.ToSlash(p)
	base := path.Base(p)
	if !strings.EqualFold(path.Ext(base), ".md") {
		return ""
	}
	switch {
	case base == "GEMINI.md":
		return Gemini
	case base == "MEMORY.md":
		return Claude
	}
	for _, d := range strings.Split(path.Dir(p), "/") {
		if strings.HasPrefix(d, "memories") {
			return Codex
		}
	}
	return ""
}

// Collect reads the memory files named by paths. A file is read whatever
// its name (its format from FormatOf, else Markdown); a directory is walked
// for the files the drain knows: MEMORY.md with the topic files (*.md)
// beside it, GEMINI.md, and *.md under memories*/ directories. Files come
// back in path order, each once.
func Collect(paths []string) ([]File, error) {
	seen := map[string]bool{}
	var out []File
	add := func(p string) error {
		if seen[p] {
			return nil
		}
		seen[p] = true
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		if st.Size() > MaxFileBytes {
			return fmt.Errorf("%s: %d bytes is over the %d-byte cap of a memory file", p, st.Size(), MaxFileBytes)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, File{Path: p, Data: data})
		return nil
	}
	for _, root := range paths {
		st, err := os.Stat(root)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if err := add(root); err != nil {
				return nil, err
			}
			// Claude Code's topic files live beside MEMORY.md.
			if filepath.Base(root) == "MEMORY.md" {
				topics, _ := filepath.Glob(filepath.Join(filepath.Dir(root), "*.md"))
				sort.Strings(topics)
				for _, tp := range topics {
					if err := add(tp); err != nil {
						return nil, err
					}
				}
			}
			continue
		}
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != root && (d.Name() == ".git" || d.Name() == "node_modules") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(p, "MEMORY.md")); err == nil {
					topics, _ := filepath.Glob(filepath.Join(p, "*.md"))
					sort.Strings(topics)
					for _, tp := range topics {
						if err := add(tp); err != nil {
							return err
						}
					}
				}
				return nil
			}
			rel, _ := filepath.Rel(root, p)
			if f := FormatOf(filepath.Join(filepath.Base(root), rel)); f == Gemini || f == Codex {
				return add(p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// Entries splits files into entries, in file order. A file's format comes
// from its path (FormatOf): GEMINI.md gives only its "Gemini Added
// Memories" section; files beside a MEMORY.md are Claude topic files;
// anything else is read whole as Markdown.
func Entries(files []File) []Entry {
	claudeDirs := map[string]bool{}
	for _, f := range files {
		if path.Base(filepath.ToSlash(f.Path)) == "MEMORY.md" {
			claudeDirs[path.Dir(filepath.ToSlash(f.Path))] = true
		}
	}
	var out []Entry
	for _, f := range files {
		format := FormatOf(f.Path)
		if format == "" {
			format = Markdown
			if claudeDirs[path.Dir(filepath.ToSlash(f.Path))] {
				format = Claude
			}
		}
		text := strings.ToValidUTF8(string(f.Data), "\uFFFD")
		first := 1
		if format == Gemini {
			text, first = geminiSection(text)
		}
		for _, e := range split(text, first) {
			e.Path, e.Format, e.Hash = f.Path, format, Hash(e.Text)
			out = append(out, e)
		}
	}
	return out
}

var (
	headingRE = regexp.MustCompile(`^\s{0,3}(#{1,6})\s`)
	bulletRE  = regexp.MustCompile(`^(\s*)(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?`)
	ruleRE    = regexp.MustCompile(`^\s{0,3}([-*_])(\s*[-*_]){2,}\s*$`)
	fenceRE   = regexp.MustCompile("^\\s{0,3}(```|~~~)")
	commentRE = regexp.MustCompile(`<!--.*?-->`)
	linkRE    = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
)

// geminiSection is the body of the "## Gemini Added Memories" section (to
// the next heading of level 1 or 2) and the line it starts on; "" when the
// file has no such section.
func geminiSection(text string) (string, int) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		m := headingRE.FindStringSubmatch(l)
		if m == nil || len(m[1]) != 2 || !strings.EqualFold(strings.TrimSpace(l[len(m[0]):]), "Gemini Added Memories") {
			continue
		}
		end := len(lines)
		for j := i + 1; j < len(lines); j++ {
			if h := headingRE.FindStringSubmatch(lines[j]); h != nil && len(h[1]) <= 2 {
				end = j
				break
			}
		}
		return strings.Join(lines[i+1:end], "\n"), i + 2
	}
	return "", 1
}

// split cuts Markdown into entries: each bullet (with its continuation
// lines) and each paragraph is one. Headings, rules, front matter, HTML
// comments and entries that are only a link (an index of topic files) are
// not memories.
func split(text string, firstLine int) []Entry {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var out []Entry
	var cur []string
	start, fence := 0, false
	flush := func() {
		if len(cur) > 0 {
			if t := clean(strings.Join(cur, " ")); t != "" {
				out = append(out, Entry{Text: t, Line: start})
			}
		}
		cur = nil
	}
	i := 0
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" && firstLine == 1 { // YAML front matter
		for j := 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == "---" {
				i = j + 1
				break
			}
		}
	}
	for ; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t")
		n := firstLine + i
		if fenceRE.MatchString(l) {
			if !fence && len(cur) == 0 {
				start = n
			}
			fence = !fence
			cur = append(cur, strings.TrimSpace(l))
			continue
		}
		if fence {
			cur = append(cur, strings.TrimSpace(l))
			continue
		}
		l = commentRE.ReplaceAllString(l, "")
		switch {
		case strings.TrimSpace(l) == "":
			flush()
		case headingRE.MatchString(l), ruleRE.MatchString(l):
			flush()
		case bulletRE.MatchString(l):
			flush()
			cur, start = []string{bulletRE.ReplaceAllString(l, "")}, n
		default:
			if len(cur) == 0 {
				start = n
			}
			cur = append(cur, strings.TrimSpace(l))
		}
	}
	flush()
	return out
}

// clean is an entry's text: control characters out, white space collapsed;
// "" when nothing but links and punctuation is left.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	rest := strings.TrimFunc(linkRE.ReplaceAllString(s, ""), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if rest == "" {
		return ""
	}
	return s
}
