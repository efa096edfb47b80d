-- Local functions are a fragment's or a script's, no container: linted as
-- written (nothing to report here).
local function get(k)
  return redis.call('GET', k)
end
