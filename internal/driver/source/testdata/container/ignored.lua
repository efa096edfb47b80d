-- lint-lua: ignore-file global-assignment -- the loader sends each body
function peek()
  return redis.call('LINDEX', KEYS[1], 0)
end

-- An ignore above a definition covers its whole body.
-- lint-lua: ignore integer-reply-truthiness -- a test of the fixture
function check()
  if redis.call('EXISTS', KEYS[1]) then return 1 end
  return 0
end
