package ruleutil

import (
	"fmt"

	"github.com/lint-lua/lint-lua/internal/model"
	"github.com/lint-lua/lint-lua/internal/target"
)

// CallSiteFinding is one keys-count-mismatch finding of a call: Table is
// "KEYS" or "ARGV", Read the first read beyond what the call passes.
type CallSiteFinding struct {
	Table          string
	Read           model.IndexRead
	Headline, Help string
}

// CallSiteCounts checks one call that passes nkeys keys and nargs ARGV
// values (-1 when the call does not show it) against its script's reads:
// the first KEYS[i] and the first ARGV[i] read beyond them and not tested
// for nil, each with its finding. where says where the script reads r
// ("on line 3"), via names the call. The Go analyzer and the
// host-language source both check their call sites with it; each places
// the findings itself.
func CallSiteCounts(t target.Target, reads model.IndexReads, nkeys, nargs int, where func(model.IndexRead) string, via string) []CallSiteFinding {
	var out []CallSiteFinding
	for _, c := range []struct {
		table  string
		origin model.Origin
		n      int
	}{{"KEYS", model.Keys, nkeys}, {"ARGV", model.Argv, nargs}} {
		if c.n < 0 {
			continue
		}
		if r, ok := reads.Beyond(c.origin, c.n); ok {
			head, help := CallSiteCount(t, c.table, r, where(r), via, c.n)
			out = append(out, CallSiteFinding{Table: c.table, Read: r, Headline: head, Help: help})
		}
	}
	return out
}

// CallSiteCount is keys-count-mismatch's finding where a call passes fewer
// keys (table "KEYS") or arguments ("ARGV") than the script reads: its
// headline and help, for the Go analyzer and the host-language source
// alike. r is the first read beyond the count, where says where the script
// reads it ("on line 3"), via what passes the values, passed how many.
func CallSiteCount(t target.Target, table string, r model.IndexRead, where, via string, passed int) (headline, help string) {
	what, fix := "key", "pass the key, or read only the keys passed"
	if table == "ARGV" {
		what, fix = "argument", fmt.Sprintf("pass the value, or give it a default in the script (ARGV[%d] or ...)", r.Index)
	}
	if passed != 1 {
		what += "s"
	}
	effect := ""
	if r.CallArg {
		effect = ", and redis.call fails with " + QuoteError(t, target.ErrArgType)
	}
	return fmt.Sprintf("the script reads %s[%d] %s but %s passes %d %s", table, r.Index, where, via, passed, what),
		fmt.Sprintf("%s[%d] is nil in the script%s; %s", table, r.Index, effect, fix)
}
