// Package fixes holds scripts whose findings carry suggested fixes.
package fixes

import (
	"context"

	"github.com/redis/go-redis/v9"
)

var ctx = context.Background()

// A raw string: the fix edits it as written.
var exists = redis.NewScript(`if redis.call('EXISTS', KEYS[1]) then return 1 end return 0`) // want `the EXISTS reply is an integer`

// A raw string over several lines: the EXPIRE line goes. The TTL is
// checked first: SET NX EX refuses 0 or less, where EXPIRE deletes the key.
// want +5 `the time ARGV\[2\] / 1000 given to EXPIRE may not be an integer`
// want +3 `key KEYS\[1\] taken with SETNX gets its expiry from the EXPIRE on line 4`
var lock = redis.NewScript(`
if tonumber(ARGV[2]) < 1000 then return redis.error_reply('bad ttl') end
if redis.call('SETNX', KEYS[1], ARGV[1]) == 1 then
  redis.call('EXPIRE', KEYS[1], ARGV[2] / 1000)
  return 1
end
return 0
`)

func run(rdb *redis.Client) {
	// An interpreted string: the new text is escaped for it.
	rdb.Eval(ctx, "local v = redis.call(\"GET\", KEYS[1])\nif v == nil then return 'missing' end\nreturn v", []string{"k"}) // want `never nil in a script`
	// The same SETNX in an interpreted string, with double quotes.
	rdb.Eval(ctx, "if tonumber(ARGV[2]) < 1000 then return 0 end\nif redis.call(\"SETNX\", KEYS[1], ARGV[1]) == 1 then\n\tredis.call(\"EXPIRE\", KEYS[1], ARGV[2] / 1000)\n\treturn 1\nend\nreturn 0", []string{"k"}, "v", "10000") // want `taken with SETNX gets its expiry` `the time ARGV\[2\] / 1000 given to EXPIRE`
	// A status reply compared with a string, in a string with a \t escape
	// before the edit.
	rdb.Eval(ctx, "\tif redis.call('SET', KEYS[1], 'v', 'NX', 'EX', 10) == 'OK' then return 1 end return 0", []string{"k"}) // want `is a status reply`
	// The comparison is split over two literals: no fix, the finding
	// stays.
	rdb.Eval(ctx, "local v = redis.call('GET', KEYS[1]) if v ="+"= nil then return 1 end return 0", []string{"k"}) // want `never nil in a script`
}

// Two scripts share a tail. In the first v is a GET reply, in the second a
// boolean (ARGV 0 makes it false): the fix the first wants, not v, would
// make the second return 'nil' where it returns 'set' (issue 19). The
// finding keeps no fix.
const tail = " if v == nil then return 'nil' end return 'set'" // want `never nil in a script`

func shared(rdb *redis.Client) {
	rdb.Eval(ctx, "local v = redis.call('GET', KEYS[1])"+tail, []string{"k"})
	rdb.Eval(ctx, "local v = ARGV[1] == '1'"+tail, nil, "0")
}

// Two scripts share a tail and both want the same fix: it is made.
const bothFixed = " if v == nil then return 0 end return 1" // want `the GET reply\) is never nil` `the HGET reply\) is never nil`

func sharedFixed(rdb *redis.Client) {
	rdb.Eval(ctx, "local v = redis.call('GET', KEYS[1])"+bothFixed, []string{"k"})
	rdb.Eval(ctx, "local v = redis.call('HGET', KEYS[1], 'f')"+bothFixed, []string{"k"})
}

// One script repeats a constant: in its first copy v is a GET reply, in
// the second a boolean. The edit of the constant the first copy wants
// would change the second too: the finding keeps no fix.
const selfTail = " if v == nil then return 'nil' end" // want `never nil in a script`

func repeated(rdb *redis.Client) {
	rdb.Eval(ctx, "local v = redis.call('GET', KEYS[1])"+selfTail+" v = ARGV[1] == '1'"+selfTail+" return 'set'", []string{"k"}, "0")
}
