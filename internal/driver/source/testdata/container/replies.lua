--[[ The return of a body is the script's reply: `return a, b` sends the
     first value only, and a fraction is truncated. ]]
pair = function(...) -- want:info "file only defines global functions \(pair \(\+1 more\)\)"
  local a = redis.call('GET', KEYS[1])
  return a, redis.call('GET', KEYS[2]) -- want:error "multiple-return-values"
end

function ok()
  return redis.call('INCR', KEYS[1])
end
