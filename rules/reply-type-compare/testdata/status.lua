-- A status reply is the table {ok='OK'}: it never equals a string.
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', 10) == 'OK' then -- want "^redis.call\('SET', KEYS\[1\], ARGV\[1\], '\.\.\. is a status reply, a table in a script, never a string — a script receives it as the table \{ok='...'\}, so .* == 'OK' is always false; test the reply itself \(if redis.call\('SET', .*, 10\) then\): it is false when the SET did not happen$"
  return 1
end

local ok = redis.call('SET', KEYS[1], ARGV[1])
if ok == 'OK' then -- want "^ok \(the SET reply\) is a status reply.*ok == 'OK' is always false; compare its ok field \(ok.ok == 'OK'\)$"
  return 2
end

-- Both orders, ~=, a string that is not a literal, TYPE.
if 'OK' ~= redis.call('SET', KEYS[1], ARGV[1], 'XX') then -- want "is always true; test the reply itself"
  return 3
end
local kind = redis.call('TYPE', KEYS[1])
if kind == 'hash' then -- want "kind == 'hash' is always false; compare its ok field \(kind.ok == 'hash'\)"
  return 4
end
if redis.call('TYPE', KEYS[2]) == ARGV[2] then -- want "compare its ok field \(redis.call\('TYPE', KEYS\[2\]\).ok == ARGV\[2\]\)"
  return 5
end
local set = redis.call
if set('RENAME', KEYS[1], KEYS[2]) == 'OK' then -- want "receives it as the table \{ok='...'\}"
  return 6
end
if redis.pcall('LSET', KEYS[1], 0, 'v') == 'OK' then -- want "is always false"
  return 7
end

-- SETNX's 0/1 carried over to SET NX (imi's lock): the reply is a table or
-- false, never a number.
local lockSet = redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
if lockSet == 0 then -- want "^lockSet \(the SET reply\) is a status reply, a table in a script, never a number — .*lockSet == 0 is always false; test the reply itself \(if lockSet then / if not lockSet then\): it is false when the SET did not happen$"
  return 14
end
if 1 ~= redis.call('SET', KEYS[1], ARGV[1], 'NX') then -- want "never a number .* is always true"
  return 15
end
local plain = redis.call('SET', KEYS[1], ARGV[1])
if plain == 1 then -- want "never a number — a script receives it as the table \{ok='...'\}, never an integer as SETNX replies: plain == 1 is always false; compare its ok field \(plain.ok == 'OK'\)$"
  return 17
end
-- Right: SETNX's reply is the number.
if redis.call('SETNX', KEYS[1], ARGV[1]) == 0 then
  return 16
end

-- Right: truthiness of SET NX, the ok field, a status compared with nothing.
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', 10) then
  return 8
end
if redis.call('TYPE', KEYS[1]).ok == 'hash' then
  return 9
end
local r = redis.call('SET', KEYS[1], ARGV[1], 'NX')
if r and r.ok == 'OK' then
  return 10
end
-- SET ... GET replies the old value, a string.
if redis.call('SET', KEYS[1], ARGV[1], 'GET') == 'old' then
  return 11
end
-- PING may reply a status or a bulk string: not claimed.
if redis.call('PING') == 'PONG' then
  return 12
end
-- An unknown command: nothing known.
if redis.call(ARGV[1], KEYS[1]) == 'OK' then
  return 13
end
return 0
