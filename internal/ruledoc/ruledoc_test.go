package ruledoc

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
)

const sample = `---
title: a title
summary: a summary: with a colon
redis: all
lang: go
---

## Why

First paragraph.

Second {{shared-one}} here.

## Lower severity

{{shared-one}} And more.

## Bad

` + "```go" + `
x := 1
## not a heading inside code
` + "```" + `

## Good

` + "```go" + `
y := 2
` + "```" + `
`

func TestParse(t *testing.T) {
	shared, err := ParseTexts("## shared-one\n\nthe shared text.\n")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(sample, shared)
	if err != nil {
		t.Fatal(err)
	}
	want := diag.Doc{
		Title:   "a title",
		Summary: "a summary: with a colon",
		Redis:   "all",
		Lang:    "go",
		Why:     "First paragraph.\n\nSecond the shared text. here.",
		Lower:   "the shared text. And more.",
		Bad:     "x := 1\n## not a heading inside code",
		Good:    "y := 2",
	}
	if got != want {
		t.Errorf("got  %#v\nwant %#v", got, want)
	}
	crlf, err := Parse(strings.ReplaceAll(sample, "\n", "\r\n"), shared)
	if err != nil || crlf != want {
		t.Errorf("CRLF: %v %#v", err, crlf)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"## Why\n\nx\n", "front matter"},
		{"---\ntitle: x\n", "not closed"},
		{"---\ntitle x\n---\n", "line 2: want key: value"},
		{"---\ncolour: red\n---\n", `unknown key "colour"`},
		{"---\ntitle: x\n---\n\nstray\n## Why\n", "text before the first"},
		{"---\ntitle: x\n---\n\n## Why\n\n{{nope}}\n", "line 5: no shared text {{nope}}"},
		{"---\ntitle: x\n---\n\n## Why\n\na\n\n## Why\n\nb\n", `line 9: section "Why" twice`},
		{"---\ntitle: x\n---\n\n## Whence\n", `unknown section "Whence"`},
		{"---\ntitle: x\n---\n\n## Bad\n\nreturn 1\n", "Bad: want one code block"},
		{"---\ntitle: x\n---\n\n## Bad\n\n```lua\na\n```\n\n```lua\nb\n```\n", "Bad: want one code block closed"},
		{"---\ntitle: x\nlang: go\n---\n\n## Good\n\n```lua\na\n```\n", "Good: want one code block opened by \"```go\""},
	} {
		_, err := Parse(c.src, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
	if _, err := ParseTexts("## Not A Name\n\nx\n"); err == nil {
		t.Errorf("ParseTexts took a heading that is no name")
	}
}
