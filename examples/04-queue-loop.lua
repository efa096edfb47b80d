-- Drain a queue in pages.
local i = 0
while true do
  local data = redis.call('LRANGE', 'task_queue', i, i+10)
  if #data == 0 then
    break
  end
  process_data(data)
  i = i + 10
end
