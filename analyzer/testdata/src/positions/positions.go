// Package positions holds scripts whose findings must map to exact Go
// positions; TestPositions computes where each should be by finding the
// quoted command name in this file.
package positions

import (
	"context"
	"fmt"

	"github.com/redis/go-redis/v9"

	"luaconsts"
)

var ctx = context.Background()

func scripts(rdb *redis.Client) {
	// Escapes before the finding: \101 and \x41 are one byte each, \u00e9
	// two and \U0001F600 four, all in the Lua text.
	rdb.Eval(ctx, "local s = '\101\x41\u00e9\U0001F600\t\\\\'\nreturn redis.call('GETT', KEYS[1])", []string{"k"})
	// Non-ASCII bytes written as they are.
	rdb.Eval(ctx, "local s = 'été ☃' return redis.call('SETT', KEYS[1])", []string{"k"})
	// A multi-line raw string indented with tabs.
	rdb.Eval(ctx, `
		local a = 1
		return redis.call('INCRR', KEYS[1])
	`, []string{"k"})
	// A concatenation with a constant of another file.
	rdb.Eval(ctx, prefix+`return redis.call('DECRR', KEYS[1])`, []string{"k"})
	rdb.Eval(ctx, `local z = 0 `+suffix, []string{"k"})
	// A constant of another package: reported at the use site, with the
	// script position in the message.
	rdb.Eval(ctx, luaconsts.Bad, []string{"k"})
	// fmt.Sprintf: a string argument keeps its own positions.
	rdb.Eval(ctx, fmt.Sprintf("local n = %d %s", 5, "return redis.call('HSETT', KEYS[1])"), []string{"k"})
	// A parenthesised and converted source.
	rdb.Eval(ctx, string(("return redis.call('LPUSHH', KEYS[1])")), []string{"k"})
}
