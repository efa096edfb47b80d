redis.call('GET', 'a') -- lint-lua: ignore undeclared-key -- legacy key, migrating
-- lint-lua: ignore undeclared-key -- the next line is covered
redis.call('GET', 'b')
local x = 1 -- lint-lua: ignore undeclared-key -- stale  -- want "ignore of undeclared-key suppresses nothing"
-- The ignore below is a comment line of its own: its finding is wanted from the line above.
-- want +1 "ignore of undeclared-key suppresses nothing"
-- lint-lua: ignore undeclared-key -- nothing below reads a literal key
local y = x
return y
