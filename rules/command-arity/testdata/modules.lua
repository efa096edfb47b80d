-- Module commands (the default target bundles them): the module's newest
-- counts, which older module releases may not share (H22): a warning, in
-- words that do not claim Redis's text.
redis.call('JSON.GET') -- want:warning "JSON.GET takes at least 1 argument after the command name, this call passes 0 — RedisJSON refuses it with a wrong-number-of-arguments error \(its own, or 'ERR Wrong number of args calling Redis command from script' where the module release declares its arity\)"
redis.call('BF.ADD', KEYS[1]) -- want:warning "BF.ADD takes 2 arguments after the command name, this call passes 1"
local a = redis.call('JSON.SET', KEYS[1], '$', ARGV[1])
local b = redis.call('BF.ADD', KEYS[1], ARGV[1])
local c = redis.call('TS.ADD', KEYS[1], '*', 1)
return {a, b, c}
