-- Correct forms, silent: a KEYS element returned to the caller that the
-- script also uses as a key, and KEYS elements collected into a table that
-- goes to a command (unpack into DEL), which makes them keys.
local out = {}
redis.call('DEL', KEYS[2])
table.insert(out, KEYS[2])
table.insert(out, redis.call('GET', KEYS[1]))
local gone = {}
table.insert(gone, KEYS[3])
table.insert(gone, KEYS[4])
redis.call('DEL', unpack(gone))
return out
