-- lint-lua: ignore-file global-assignment -- the loader sends each body
function peek()
  return redis.call('LINDEX', KEYS[1], 0)
end
