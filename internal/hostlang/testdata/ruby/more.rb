# %() and String#<< concatenation.
S = %(return redis.call('get', KEYS[1]))
T = "local v = redis.call('get', KEYS[1]) " << "return v"
U = 'return ' "redis.call('time')"
# A symbol and a character literal are no strings.
x = :"redis.call('x')"
c = ?a
V = <<~'LUA'.strip
  return redis.call('get', KEYS[1]) -- #{not_a_hole}
LUA
