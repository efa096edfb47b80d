#!lua name=unavail
-- fixture: target=redis-7.2
local function handler(keys, args)
  print(args[1]) -- want "print does not exist.*redis.log"
  local parts = table.pack(redis.call('GET', keys[1])) -- want "table.pack does not exist"
  return tostring(os) -- want "os does not exist"
end
-- At load time the name does not exist either; table.pack's table itself is
-- missing then, which is undefined-global's finding.
local p = print -- want "print does not exist"
local q = table.pack
redis.register_function('handler', handler)
