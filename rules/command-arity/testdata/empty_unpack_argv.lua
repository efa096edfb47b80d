-- The caller's arguments as the only values: only the caller can say
-- whether it passes none (info).
redis.call('SADD', KEYS[1], unpack(ARGV)) -- want:info "SADD fails when ARGV is empty: the unpack gives all its values — ARGV is empty when the caller passes none; then SADD gets only 1 argument after the command name"
local fields = {}
for i = 1, #ARGV, 2 do
  fields[#fields + 1] = ARGV[i]
end
redis.call('HDEL', KEYS[2], unpack(fields)) -- want:info "HDEL fails when fields is empty.*the loop of line 5 walks ARGV, empty when the caller passes none"
local keys = {}
for _, k in ipairs(KEYS) do
  table.insert(keys, k)
end
return redis.call('DEL', unpack(keys)) -- want:info "DEL fails when keys is empty.*walks KEYS"
