local a = redis.call('GET', KEYS[1]) -- lint-lua: ignore undeclared-keys -- typo  -- want:warning "names undeclared-keys, which is no rule: did you mean undeclared-key\?"
local b = redis.call('GET', KEYS[1]) -- lint-lua: ignore  -- want "this ignore names no rule"
local c = redis.call('GET', KEYS[1]) --lint-lua: ignore because it is fine  -- want "names because, which is no rule"
-- want +1 "lint-lua: \"ignroe\" is no directive"
-- lint-lua: ignroe undeclared-key
-- The forms below are valid: no space after the marker, a reason without --, a list with a space.
local d = redis.call('GET', 'k1') --lint-lua:ignore undeclared-key legacy key, one node
-- lint-lua: ignore undeclared-key, missing-hash-tag -- migrating
local e = redis.call('GET', 'k2')
return {a, b, c, d, e}
