-- Foundatio.Redis's RemoveIfEqual: LuaScript.Prepare rewrites @key and
-- @expected to ARGV[i]; neither is a syntax error, an undefined global nor
-- a literal key.
if redis.call('get', @key) == @expected then return redis.call('del', @key) else return 0 end
