// Package ruledoc reads a rule's documentation from the Markdown file that
// lives beside the rule into a diag.Doc, so that the prose is edited as
// prose (no Go string concatenation) and docs/rules.md, lint-lua explain
// and SARIF still come from one value.
//
// A rule's file is front matter and headed sections:
//
//	---
//	title: a script longer than max-lines
//	summary: a script longer than `max-lines` (default 50)
//	redis: all
//	lang: go           (optional: the examples' language, lua by default)
//	---
//
//	## Why
//
//	A script runs as one atomic block...
//
//	## Lower severity  (optional)
//
//	## Bad
//
//	```lua
//	...
//	```
//
//	## Good
//
//	```lua
//	...
//	```
//
// The text of a section is taken as it stands between its heading and the
// next, blank lines at either end dropped; a paragraph is one line. A
// section may name a text several rules share as {{name}} (Texts), which
// stands for that text, so that a sentence several rules need is written
// once.
package ruledoc

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// Texts are the texts several rules' documentation shares, by name.
type Texts map[string]string

// The section headings, in the order a file gives them.
const (
	headWhy   = "Why"
	headLower = "Lower severity"
	headBad   = "Bad"
	headGood  = "Good"
)

var ref = regexp.MustCompile(`\{\{([a-z0-9-]+)\}\}`)

// ParseTexts reads shared texts: a file of "## name" sections, each a
// text that rule documentation names as {{name}}.
func ParseTexts(src string) (Texts, error) {
	secs, err := sections(src)
	if err != nil {
		return nil, err
	}
	out := Texts{}
	for _, s := range secs {
		if !ref.MatchString("{{" + s.head + "}}") {
			return nil, fmt.Errorf("line %d: %q is not a text name (lower-case, digits and -)", s.line, s.head)
		}
		out[s.head] = s.body
	}
	return out, nil
}

// Parse reads one rule's documentation; shared resolves its {{name}}
// references.
func Parse(src string, shared Texts) (diag.Doc, error) {
	var d diag.Doc
	src = strings.ReplaceAll(src, "\r\n", "\n")
	rest, ok := strings.CutPrefix(src, "---\n")
	if !ok {
		return d, fmt.Errorf("line 1: want front matter starting with ---")
	}
	front, rest, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		return d, fmt.Errorf("front matter not closed by ---")
	}
	for i, l := range strings.Split(front, "\n") {
		key, val, ok := strings.Cut(l, ": ")
		if !ok {
			return d, fmt.Errorf("line %d: want key: value in the front matter", i+2)
		}
		switch key {
		case "title":
			d.Title = val
		case "summary":
			d.Summary = val
		case "redis":
			d.Redis = val
		case "lang":
			d.Lang = val
		default:
			return d, fmt.Errorf("line %d: unknown key %q (title, summary, redis, lang)", i+2, key)
		}
	}
	secs, err := sections(rest)
	if err != nil {
		return d, err
	}
	offset := strings.Count(front, "\n") + 3
	lang := d.Lang
	if lang == "" {
		lang = "lua"
	}
	seen := map[string]bool{}
	for _, s := range secs {
		line := s.line + offset
		if seen[s.head] {
			return d, fmt.Errorf("line %d: section %q twice", line, s.head)
		}
		seen[s.head] = true
		body, err := expand(s.body, shared)
		if err != nil {
			return d, fmt.Errorf("line %d: %w", line, err)
		}
		switch s.head {
		case headWhy:
			d.Why = body
		case headLower:
			d.Lower = body
		case headBad, headGood:
			code, err := fenced(body, lang)
			if err != nil {
				return d, fmt.Errorf("line %d: %s: %w", line, s.head, err)
			}
			if s.head == headBad {
				d.Bad = code
			} else {
				d.Good = code
			}
		default:
			return d, fmt.Errorf("line %d: unknown section %q (%s, %s, %s, %s)", line, s.head, headWhy, headLower, headBad, headGood)
		}
	}
	return d, nil
}

type section struct {
	head, body string
	line       int // of the heading, 1-based within the text given
}

// sections splits text into its "## " sections (a line of a code block is
// never a heading); only blank lines may come before the first.
func sections(text string) ([]section, error) {
	var out []section
	var body []string
	flush := func() {
		if len(out) > 0 {
			out[len(out)-1].body = strings.Trim(strings.Join(body, "\n"), "\n")
		}
		body = body[:0]
	}
	fence := false
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "```") {
			fence = !fence
		}
		if h, ok := strings.CutPrefix(l, "## "); ok && !fence {
			flush()
			out = append(out, section{head: strings.TrimSpace(h), line: i + 1})
			continue
		}
		if len(out) == 0 && strings.TrimSpace(l) != "" {
			return nil, fmt.Errorf("line %d: text before the first ## section", i+1)
		}
		body = append(body, l)
	}
	flush()
	return out, nil
}

// expand replaces each {{name}} with the shared text of that name.
func expand(s string, shared Texts) (string, error) {
	var err error
	out := ref.ReplaceAllStringFunc(s, func(m string) string {
		name := m[2 : len(m)-2]
		t, ok := shared[name]
		if !ok && err == nil {
			err = fmt.Errorf("no shared text {{%s}}", name)
		}
		return t
	})
	return out, err
}

// fenced returns the code of a section that is one fenced block in lang.
func fenced(body, lang string) (string, error) {
	open := "```" + lang + "\n"
	code, ok := strings.CutPrefix(body, open)
	if !ok {
		return "", fmt.Errorf("want one code block opened by %q", strings.TrimSpace(open))
	}
	code, ok = strings.CutSuffix(code, "\n```")
	if !ok || strings.Contains(code, "\n```") {
		return "", fmt.Errorf("want one code block closed by ``` on the section's last line")
	}
	return code, nil
}
