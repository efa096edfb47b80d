-- Optional keys (centrifuge's map_broker_add.lua): the caller passes a
-- slot-aligned placeholder for a key it does not use, and the script turns
-- the placeholder back into '' before testing it. The element is still a
-- key on the paths that keep it: silent.
local stream_key = KEYS[1]
local meta_key = KEYS[2]
local nil_key = ARGV[1]
if nil_key ~= "" then
  if stream_key == nil_key then stream_key = '' end
  if meta_key == nil_key then meta_key = '' end
end
if stream_key ~= '' then
  redis.call('XADD', stream_key, '*', 'd', ARGV[2])
end
if meta_key ~= '' then
  redis.call('HINCRBY', meta_key, 'n', 1)
end

-- The same shape for an element that is never a key, on any path: still
-- reported.
local token = KEYS[3]
if token == nil_key then token = '' end -- want "token \(KEYS\[3\]\) is compared as a value and never used as a key"
if token ~= '' and redis.call('GET', 'owner') == token then
  return 1
end
return 0
