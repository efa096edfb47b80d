-- lint-lua: ignore-start undeclared-key -- legacy
local a = redis.call('GET', 'k1')
-- lint-lua: ignore-end undeclared-key
-- want +1 "this ignore-start of undeclared-key suppresses nothing"
-- lint-lua: ignore-start undeclared-key -- nothing in it reads a literal key
local b = redis.call('GET', KEYS[1])
-- lint-lua: ignore-end undeclared-key
return {a, b}
