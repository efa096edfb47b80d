-- Orleans' RedisJournalStorage: the metadata hash read whole and copied,
-- element by element, into the table the script returns. The client gets
-- what `return redis.call('HGETALL', KEYS[1])` would give it: a record
-- read, not a collection the script works through.
local metadata = redis.call('HGETALL', KEYS[1])
if #metadata == 0 then
  return { 0 }
end
local result = { 1 }
for i = 1, #metadata do
  table.insert(result, metadata[i])
end
if ARGV[1] == 'meta' then
  return result
end

-- Copied into a table the script also reads, the hash is worked through:
-- still reported.
local counts = redis.call('HGETALL', KEYS[2]) -- want "HGETALL reads the whole hash, which the script loops over as a collection"
local seen = {}
for i = 1, #counts do
  table.insert(seen, counts[i])
end
local total = 0
for _, n in ipairs(seen) do
  total = total + (tonumber(n) or 0)
end
return total
