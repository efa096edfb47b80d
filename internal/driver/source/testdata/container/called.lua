-- A function defined and then called is one script, as before: its global
-- definition fails in Redis.
function incr(k) -- want:error "global-assignment"
  return redis.call('INCR', k)
end
return incr(KEYS[1])
