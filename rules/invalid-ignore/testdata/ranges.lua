-- A range opened and closed is valid.
-- lint-lua: ignore-start undeclared-key -- legacy
local a = redis.call('GET', 'k1')
-- lint-lua: ignore-end undeclared-key
-- want +1 "this ignore-start of undeclared-key has no ignore-end undeclared-key below it"
-- lint-lua: ignore-start undeclared-key -- never closed
local b = redis.call('GET', 'k2')
-- want +1 "this ignore-end of missing-hash-tag has no ignore-start missing-hash-tag above it"
-- lint-lua: ignore-end missing-hash-tag
-- want +1 "this ignore-end names no rule"
-- lint-lua: ignore-end
return {a, b}
