package rueidis

import (
	"context"

	"github.com/redis/rueidis"
)

var bad = rueidis.NewLuaScript(`return redis.call("GETT", KEYS[1])`) // want `"GETT" is not a known command`

var good = rueidis.NewLuaScript(`return redis.call("GET", KEYS[1])`)

var ro = rueidis.NewLuaScriptReadOnly("x = 1 return 1") // want `assignment to global x`

func builder(ctx context.Context, c rueidis.Client) {
	c.Do(ctx, c.B().Eval().Script(`return redis.call("GETT", "k")`).Numkeys(0).Build())                                                         // want `"GETT" is not a known command`
	c.Do(ctx, c.B().Eval().Script(`return redis.call("GET", KEYS[1])`).Numkeys(1).Key("k").Build())                                             // correct
	c.Do(ctx, c.B().EvalRo().Script("y = 1 return 1").Numkeys(0).Build())                                                                       // want `assignment to global y`
	c.Do(ctx, c.B().ScriptLoad().Script("z = 1 return 1").Build())                                                                              // want `assignment to global z`
	c.Do(ctx, c.B().FunctionLoad().Replace().FunctionCode("#!lua name=l\nw = 1 redis.register_function('f', function() return 1 end)").Build()) // want `assignment to global w`
	bad.Exec(ctx, c, []string{"k"}, nil)
	good.Exec(ctx, c, []string{"k"}, nil)
}
