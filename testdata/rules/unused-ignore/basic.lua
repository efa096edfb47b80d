redis.call('GET', 'a') -- lint-lua: ignore undeclared-key -- legacy key, migrating
-- lint-lua: ignore undeclared-key -- the next line is covered
redis.call('GET', 'b')
local x = 1 -- lint-lua: ignore undeclared-key -- stale  -- want "ignore of undeclared-key suppresses nothing"
return x
