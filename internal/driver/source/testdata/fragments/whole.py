# Scripts found by their text that are whole scripts: errors. The template
# beside them declares other names than the ones they misuse.
TEMPLATE = """
local seen = 0
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  seen = seen + 1
end
return seen
"""
INCR = "total = redis.call('INCR', KEYS[1]) return total"  # want:error "global-assignment: assignment to global total"
READ = "return redis.call('GET', prefix .. KEYS[1])"  # want:error "undefined-global: global prefix does not exist"
BROKEN = "local v = redis.call('GET', KEYS[1]) if v then return v"  # want:error "syntax-error: 'end' expected"
