// Package ifaceuse calls the script interfaces of other packages: the
// facts of their methods cross the import.
package ifaceuse

import (
	"context"

	"ifaceclient"
	"ifacelib"
)

func use(ctx context.Context, c ifaceclient.RedisCli, s ifacelib.Scripter, st ifacelib.Store) {
	c.Eval("return redis.call('GETT', KEYS[1])", []string{"k"}, nil)               // want `"GETT" is not a known command`
	s.Eval(ctx, "return redis.call('SETT', KEYS[1], ARGV[1])", []string{"k"}, "v") // want `"SETT" is not a known command`
	s.Eval(ctx, "return redis.call('SET', KEYS[1], ARGV[1])", []string{"k"})       // want `the script reads ARGV\[1\] on line 15 but Eval passes 0 arguments`
	st.Eval(ctx, "return redis.call('SETT', KEYS[1])", []string{"f"})
}
