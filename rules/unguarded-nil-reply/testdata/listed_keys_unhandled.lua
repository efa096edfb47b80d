-- Nothing in this script shows MEMORY USAGE can be null: the keys come
-- from a listing, but the null rests on what other code keeps (silent).
local total = 0
for _, k in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  total = total + redis.call('MEMORY', 'USAGE', k)
end
return total
