-- The doc's Bad example: the outer ttl is nil where SET reads it.
local ttl
if ARGV[2] ~= '' then
  local ttl = ARGV[2] -- want:warning "local ttl hides the local ttl declared on line 2"
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ttl)

-- The outer local is never given a value: the inner one, read in its
-- block, still leaves it nil for the read after the block.
local owner
if redis.call('EXISTS', KEYS[2]) == 1 then
  local owner = redis.call('GET', KEYS[2]) -- want:warning "local owner hides the local owner declared on line 10"
  redis.call('EXPIRE', KEYS[2], 10)
  if owner == ARGV[1] then
    redis.call('PERSIST', KEYS[2])
  end
end
redis.call('SET', KEYS[3], owner or 'none')

-- A temporary that reuses the name of a local that has its own value:
-- both are read, each where it holds what its reader wants. Harmless.
local total = tonumber(redis.call('GET', KEYS[4]) or '0')
for i = 1, #ARGV do
  local total = redis.call('HINCRBY', KEYS[5], ARGV[i], 1) -- want:info "local total hides the local total declared on line 22"
  redis.call('ZADD', KEYS[6], total, ARGV[i])
end

-- An inner local given a value nothing reads, but the outer one is not
-- read after the block: nothing depends on it.
local seen = 0
for _, m in ipairs(redis.call('SMEMBERS', KEYS[7])) do
  local seen = 1 -- want:info "local seen hides"
  redis.call('SREM', KEYS[7], m)
end

-- The outer one assigned in the block as well as hidden: the assignment
-- reaches it, the hidden one is a temporary.
local count = 0
for _, m in ipairs(ARGV) do
  count = count + 1
  local count = redis.call('SCARD', m) -- want:info "local count hides"
  redis.call('SET', m, count)
end
return {total, count}
