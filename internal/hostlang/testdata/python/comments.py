# lint-lua: ignore undeclared-key -- the key is fixed on purpose
FIXED = "return redis.call('get', 'fixed')"

LIMIT = """
local n = redis.call('incr', KEYS[1])  -- a Lua comment: part of the script
return n
"""  # lint-lua: ignore float-return -- trailing, on the literal's line
