local ttl
if ARGV[2] ~= '' then
  local ttl = ARGV[2] -- want:info "local ttl hides the local ttl declared on line 1 — assignments here do not reach it"
  redis.call('EXPIRE', KEYS[1], ttl)
end

local count = 0
local count = redis.call('INCR', KEYS[1]) -- a redeclaration in the same block: fine

-- Loop variables hiding an outer loop's variable of the same function.
for i = 1, 3 do
  for i = 1, 2 do -- want:info "local i hides the local i declared on line 11"
    redis.call('INCR', KEYS[1])
  end
end
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  for _, member in ipairs(redis.call('SMEMBERS', KEYS[2])) do -- want:info "local member hides the local member declared on line 16"
    redis.call('SREM', KEYS[2], member)
  end
end
local id = ARGV[1]
while true do
  local id = redis.call('LPOP', KEYS[1]) -- want:info "local id hides"
  if not id then break end
end
repeat
  local n, id = 1, ARGV[2] -- want:info "local id hides the local id declared on line 21"
until n > 0

-- Placeholders and other functions: fine.
local _ = 1
for _, v in ipairs(ARGV) do
  local _ = v
end
local key = KEYS[1]
local function touch(key)
  local ttl = 10
  return redis.call('EXPIRE', key, ttl)
end
local helper = function()
  local count = 1
  return count
end
do
  local fresh = 1
end
do
  local fresh = 2
end
return touch(key)
