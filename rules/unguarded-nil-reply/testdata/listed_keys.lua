-- A memory report over the keys of a pattern and the records of an index:
-- MEMORY USAGE replies null for a key that is gone, which the script knows
-- (it tests the reply in the first loop) and forgets in the second. A key
-- gone from under its index is a state the host may prevent (writing and
-- deleting each record with its id): a warning, not an error.
local total = 0
for _, k in ipairs(redis.call('KEYS', ARGV[1])) do
  local bytes = redis.call('MEMORY', 'USAGE', k)
  if bytes then
    total = total + bytes
  end
end
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  total = total + redis.call('MEMORY', 'USAGE', 'job:' .. id) -- want:warning "redis.call\('MEMORY', 'USAGE', 'job:' ... is false when the key is missing — the script handles a null MEMORY USAGE reply of k on line 9, and this key comes from the SMEMBERS reply of line 13, which may name a key that is gone; MEMORY USAGE replies null then, and total \+ redis.call\('MEMORY', 'USAGE', 'job:' .. id\) fails with 'attempt to perform arithmetic on a boolean value'"
  local size = redis.call('MEMORY', 'USAGE', KEYS[2] .. ':' .. id)
  total = total + size -- want:warning "size holds the MEMORY USAGE reply, false when"
end
-- Keys the script does not take from a listing, and guarded uses: silent.
total = total + redis.call('MEMORY', 'USAGE', KEYS[3])
for _, id in ipairs(redis.call('LRANGE', KEYS[4], 0, 99)) do
  total = total + (redis.call('MEMORY', 'USAGE', 'job:' .. id) or 0)
  local enc = redis.call('OBJECT', 'ENCODING', 'job:' .. id)
  total = total + #tostring(enc)
end
return total
