package rules_test

import (
	"strings"
	"testing"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/target"
	"github.com/lint-lua/lint-lua/rules/ruleutil"
)

// TestCallSiteCount: the finding the Go analyzer and the host-language
// source give at a call that passes too few keys quotes the target's own
// error text where the nil reaches redis.call (Valkey 8 reworded it).
func TestCallSiteCount(t *testing.T) {
	valkey, err := target.Parse("valkey-8.0")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tg   target.Target
		want string
	}{
		{target.Target{}, "'ERR Lua redis lib command arguments must be strings or integers'"},
		{valkey, "'ERR Command arguments must be strings or integers'"},
	} {
		head, help := ruleutil.CallSiteCount(c.tg, "KEYS", model.IndexRead{Index: 2, CallArg: true}, "on line 3", "eval", 1)
		if head != "the script reads KEYS[2] on line 3 but eval passes 1 key" {
			t.Errorf("headline %q", head)
		}
		if !strings.Contains(help, "redis.call fails with "+c.want) {
			t.Errorf("%s: help %q, want the text %s", c.tg.Product(), help, c.want)
		}
	}
	head, help := ruleutil.CallSiteCount(target.Target{}, "ARGV", model.IndexRead{Index: 3}, "on line 1", "Eval", 2)
	if head != "the script reads ARGV[3] on line 1 but Eval passes 2 arguments" || help != "ARGV[3] is nil in the script; pass the value, or give it a default in the script (ARGV[3] or ...)" {
		t.Errorf("ARGV: %q, %q", head, help)
	}
}
