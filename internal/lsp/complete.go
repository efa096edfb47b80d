package lsp

import (
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/lint-lua/lint-lua/internal/redisdb"
	"github.com/lint-lua/lint-lua/internal/target"
)

// completion offers the command names the target has in the first
// argument of redis.call (and its kin), and a container's subcommands in
// the second, in the case the user started typing in.
func (s *Server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	list := protocol.CompletionList{Items: []protocol.CompletionItem{}}
	src, path, ok := s.lintableText(p.TextDocument.URI)
	if !ok {
		return list, nil
	}
	tx := newText(src)
	off := tx.offset(p.Position)
	l, ok := literalAt(src, off)
	if !ok || l.arg == 0 {
		return list, nil
	}
	typed := string(src[l.start:off])
	lower := typed != "" && strings.ToLower(typed) == typed
	t := s.targetOf(path)
	var cmds []*redisdb.Command
	if l.arg == 2 {
		if a := t.Check(l.container, ""); a.Status == target.Available {
			cmds = a.Command.Subcommands
		}
	} else {
		cmds = commands(t)
	}
	r := protocol.Range{Start: tx.position(l.start), End: tx.position(l.end)}
	for _, c := range cmds {
		name := c.Name
		if l.arg == 2 {
			name = c.SubName()
		}
		if !strings.HasPrefix(strings.ToUpper(name), strings.ToUpper(typed)) {
			continue
		}
		if l.arg == 2 && t.Check(c.Name, "").Status != target.Available {
			continue
		}
		insert := name
		if lower {
			insert = strings.ToLower(name)
		}
		item := protocol.CompletionItem{
			Label:      name,
			Kind:       ptr(protocol.CompletionItemKindFunction),
			Detail:     ptr(detail(c, t)),
			FilterText: ptr(insert),
			TextEdit:   protocol.TextEdit{Range: r, NewText: insert},
		}
		if c.Deprecated != "" {
			item.Tags = []protocol.CompletionItemTag{protocol.CompletionItemTagDeprecated}
		}
		list.Items = append(list.Items, item)
	}
	return list, nil
}

// detail is a completion item's one line: group, complexity, and what
// keeps it from scripts.
func detail(c *redisdb.Command, t target.Target) string {
	parts := []string{strings.ReplaceAll(c.Group, "_", " ")}
	if c.Complexity != "" {
		parts = append(parts, c.Complexity)
	}
	if t.NoScript(c) {
		parts = append(parts, "not allowed in scripts")
	}
	if c.Deprecated != "" {
		parts = append(parts, "deprecated since "+c.Deprecated)
	}
	return strings.Join(parts, " · ")
}

// commands lists the top-level commands the target has (its server's and
// its modules'), sorted by name.
func commands(t target.Target) []*redisdb.Command {
	var out []*redisdb.Command
	for _, tab := range []*redisdb.Table{t.Table(), redisdb.ModuleTable} {
		for _, c := range tab.All() {
			if t.Check(c.Name, "").Status == target.Available {
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
