package lint

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/diag"
	"github.com/lint-lua/lint-lua/internal/luasrc"
)

// TestPlaceholderSyntaxError: a syntax error at a placeholder of a
// template grammar lint-lua does not know is info, naming the
// placeholder; any other syntax error keeps its severity.
func TestPlaceholderSyntaxError(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src, want string // want: the placeholder named, "" for an error as before
	}{
		{src: "local v = redis.call('GET', <%= key %>)\nreturn v\n", want: "<%="},
		{src: "return redis.call('GET', #{key})\n", want: ""}, // #{key} is Lua: the length of a table
		{src: "return redis.call('SET', @key, ${value})\n", want: "@key"},
		{src: "if (_:old-?sha ~= '') then return 1 end\n", want: "_:old-?sha"},
		{src: "return redis.call('GET', {%key%})\n", want: "{%key%}"},
		// Redis::CappedCollection's statement markers, replaced by the host
		{src: "collectgarbage('stop')\n\n__START_STEP__\nlocal coll_name = ARGV[2]\n", want: "__START_STEP__"},
		{src: "if x then\n    __FINISH_STEP__\n    return 1\nend\n", want: "__FINISH_STEP__"},
		{src: "local a = 1\nSTART_STEP\nlocal b = 2\n"},           // no marker: a bare name is a mistake
		{src: "local a = __START_STEP__ __NEXT__\nlocal b = 2\n"}, // not alone on its line
		{src: "local x = 1 +\nreturn x\n"},
		{src: "return redis.call('GET', KEYS[1]) els\n"},
	} {
		f := luasrc.Parse("t.lua", []byte(c.src))
		var syntax []diag.Diagnostic
		for _, d := range Run(f, Config{}) {
			if d.Rule == SyntaxErrorID {
				syntax = append(syntax, d)
			}
		}
		if c.want == "" {
			for _, d := range syntax {
				if d.Severity != diag.SeverityError {
					t.Errorf("%q: %s at %s, want error", c.src, d.Message, d.Severity)
				}
			}
			if len(syntax) == 0 && !strings.Contains(c.src, "#{") {
				t.Errorf("%q: no syntax error", c.src)
			}
			continue
		}
		if len(syntax) == 0 || syntax[0].Severity != diag.SeverityInfo || !strings.HasPrefix(syntax[0].Message, c.want+" is no Lua") {
			t.Errorf("%q: %+v, want info naming %s", c.src, syntax, c.want)
		}
	}
}
