-- With one declared key there is no CROSSSLOT: a pattern passed in KEYS[1]
-- is reported at info.
local n = 0
for _, k in ipairs(redis.call('KEYS', KEYS[1])) do -- want "KEYS\[1\] is passed to KEYS as a value .argument 1. and never used as a key — with one declared key there is no CROSSSLOT"
  n = n + 1
end
return n
