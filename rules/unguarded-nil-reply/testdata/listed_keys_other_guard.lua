-- asynq's memory sample: the script tests the MEMORY USAGE reply of the
-- queue key it is passed, and adds the replies of the task keys its list
-- names without a test. The guard is of another key: the help says which,
-- and the listed key is a warning (the host writes and deletes each task
-- with its id).
local total = 0
for i = 1, 2 do
  local ids = redis.call('LRANGE', KEYS[i], 0, 19)
  for _, id in ipairs(ids) do
    local bytes = redis.call('MEMORY', 'USAGE', ARGV[1] .. id)
    total = total + bytes -- want:warning "^bytes holds the MEMORY USAGE reply, false when the key is missing — the script handles a null MEMORY USAGE reply of KEYS\[i\] on line 14, and this key comes from the LRANGE reply of line 8"
  end
  local m = redis.call('MEMORY', 'USAGE', KEYS[i])
  if (m) then
    total = total + m
  end
end
return total
