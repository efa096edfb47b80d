-- A file of global functions that a loader cuts apart and sends body by
-- body (a Clojure or Elixir project's scripts.lua): the file once, at info;
-- each body is a script of its own, whose KEYS, ARGV and return are its.
function acquire(key, token) -- want:info "global-assignment: file only defines global functions \(acquire \(\+3 more\)\): each body is linted as a script of its own"
  -- a real bug in a body is still an error: SETNX replies 0 or 1, both true
  if redis.call('SETNX', KEYS[1], ARGV[1]) then -- want:error "integer-reply-truthiness: .*SETNX"
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return 1
  end
  return 0
end

-- The parameters and the file's other functions are known names.
function release(key, token)
  if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
  end
  return acquire(key, token) and 0
end

-- An assignment of a function expression is a definition too.
refresh = function()
  if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('PEXPIRE', KEYS[1], ARGV[2])
  end
  return 0
end

function count()
  -- a name nothing defines is still an undefined global in its body
  total = 0 -- want:error "global-assignment: assignment to global total"
  return redis.call('LLEN', KEYS[1]) + missing -- want:error "undefined-global: global missing does not exist"
end
