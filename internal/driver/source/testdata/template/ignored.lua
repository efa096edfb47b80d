-- The template's own comments carry its ignores.
local v = redis.call('GET', @key)
-- lint-lua: ignore nil-reply-compare -- @key is always set
if v == nil then return 0 end
if v == nil then return 1 end -- lint-lua: ignore nil-reply-compare
-- lint-lua: ignore undefined-global -- want "this ignore of undefined-global suppresses nothing"
return v
