package lint

import (
	"fmt"
	"strings"

	"github.com/lint-lua/lint-lua/internal/diag"
)

// Ignore is one suppression comment, in every language the same words:
//
//	lint-lua: ignore RULE[,RULE] -- reason
//	lint-lua: ignore-file RULE[,RULE] -- reason
//	lint-lua: ignore-start RULE[,RULE] -- reason
//	lint-lua: ignore-end RULE[,RULE]
//
// written in the comment syntax of the file (`--` in Lua, `//` in Go, `#`
// in Python and Ruby...). The forms people write are taken too: no space
// after the comment marker (`--lint-lua: ignore`, `//lint-lua:ignore`), no
// space after the colon, spaces after the commas of the list, and a
// reason without `--` (`lint-lua: ignore undeclared-key legacy key`): the
// first word after ignore is always the rule list. A reason is not
// required unless the configuration says require_reason: an ignore that
// names its rules is already scoped, and one that suppresses nothing is
// reported (unused-ignore); write the reason for the reviewer.
// ignore-start covers the lines from its own to the ignore-end below it
// that names the same rule.
type Ignore struct {
	// File says ignore-file: the rules are ignored in the whole file
	// rather than on the comment's line (and the next one, for a comment
	// on a line of its own).
	File bool
	// Start and End say ignore-start and ignore-end: the rules are
	// ignored from the start's line to the end's.
	Start, End bool
	// Rules are the rule IDs named, as written.
	Rules []string
	// Reason is what follows the rule list, without a leading `--`.
	Reason string
	// Verb is the word after "lint-lua:": ignore or ignore-file, or
	// another, which is no directive lint-lua knows (Problems says so).
	Verb string
}

// ParseIgnore parses the text of one comment without its comment marker
// (a Lua comment's text after `--`, a Go comment's after `//`). ok is
// false when the comment is no lint-lua directive: one that does not
// start with "lint-lua:". Every caller that reads suppressions, for Lua
// scripts, Go files and host-language files, goes through it.
func ParseIgnore(body string) (ig Ignore, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(body), "lint-lua")
	if !found {
		return ig, false
	}
	rest = strings.TrimLeft(rest, " \t")
	if rest, found = strings.CutPrefix(rest, ":"); !found {
		return ig, false
	}
	rest = strings.TrimLeft(rest, " \t")
	ig.Verb, rest = cutWord(rest)
	switch ig.Verb {
	case "ignore":
	case "ignore-file":
		ig.File = true
	case "ignore-start":
		ig.Start = true
	case "ignore-end":
		ig.End = true
	default:
		return ig, true
	}
	// The rule list is the first word, and the words after it while the
	// list ends with a comma ("a, b").
	var list string
	for {
		rest = strings.TrimLeft(rest, " \t")
		if strings.HasPrefix(rest, "--") {
			break
		}
		var w string
		if w, rest = cutWord(rest); w == "" {
			break
		}
		list += w
		if !strings.HasSuffix(w, ",") {
			break
		}
	}
	for _, r := range strings.Split(list, ",") {
		if r = strings.TrimSpace(r); r != "" {
			ig.Rules = append(ig.Rules, r)
		}
	}
	rest = strings.TrimSpace(rest)
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "--"))
	ig.Reason = rest
	return ig, true
}

// cutWord returns the text up to the first space or tab, and what follows.
func cutWord(s string) (word, rest string) {
	if i := strings.IndexAny(s, " \t\r\n"); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}

// Known reports whether the directive is one lint-lua reads.
func (ig Ignore) Known() bool {
	return ig.Verb == "ignore" || ig.File || ig.Start || ig.End
}

// RequireReasonOption is the option of invalid-ignore's setting that
// require_reason: true in the configuration sets: an ignore without a
// reason is then invalid.
const RequireReasonOption = "require-reason"

// RequiresReason reports whether the settings require a reason in every
// ignore (RequireReasonOption).
func (s Settings) RequiresReason() bool {
	on, _ := s[InvalidIgnore].Options[RequireReasonOption].(bool)
	return on
}

// Problems says what is wrong with the directive, one headline and help
// each: an unknown directive, no rule named, a rule that is none (known
// says which IDs are rules, and ids lists them for a "did you mean"), or,
// when requireReason is set, no reason. Each is an invalid-ignore finding
// at the comment. An ignore-start without its ignore-end, or an
// ignore-end without its start, is the caller's to find.
func (ig Ignore) Problems(known func(string) bool, ids []string, requireReason bool) (headlines, helps []string) {
	if !ig.Known() {
		headlines = append(headlines, fmt.Sprintf("lint-lua: %q is no directive", ig.Verb))
		helps = append(helps, "lint-lua reads `lint-lua: ignore RULE[,RULE] -- reason`, `lint-lua: ignore-file RULE -- reason`, and `lint-lua: ignore-start RULE -- reason` ... `lint-lua: ignore-end RULE`")
		return
	}
	if len(ig.Rules) == 0 {
		headlines = append(headlines, fmt.Sprintf("this %s names no rule", ig.Verb))
		helps = append(helps, fmt.Sprintf("an ignore suppresses only the rules it names: write `lint-lua: %s RULE -- reason` (`lint-lua rules` lists them)", ig.Verb))
		return
	}
	if requireReason && !ig.End && ig.Reason == "" {
		headlines = append(headlines, fmt.Sprintf("this %s gives no reason", ig.Verb))
		helps = append(helps, fmt.Sprintf("the configuration says require_reason: write why after the rules: `lint-lua: %s %s -- reason`", ig.Verb, strings.Join(ig.Rules, ",")))
	}
	for _, r := range ig.Rules {
		if known(r) {
			continue
		}
		if near := diag.Closest(r, ids); near != "" {
			headlines = append(headlines, fmt.Sprintf("this ignore names %s, which is no rule: did you mean %s?", r, near))
			helps = append(helps, fmt.Sprintf("it suppresses nothing as written: write `lint-lua: ignore %s -- reason`", near))
		} else {
			headlines = append(headlines, fmt.Sprintf("this ignore names %s, which is no rule", r))
			helps = append(helps, "it suppresses nothing: the first word after ignore is the rule list (`lint-lua rules` lists them), the reason follows")
		}
	}
	return
}
