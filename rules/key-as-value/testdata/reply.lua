-- A KEYS element copied into the script's reply with table.insert goes to
-- the client, never to Redis as a key: everything in KEYS must still hash
-- to one slot on a cluster, so the script fails with CROSSSLOT for nothing.
local out = {}
table.insert(out, redis.call('GET', KEYS[1]))
table.insert(out, KEYS[2]) -- want "KEYS\[2\] is copied into the script's reply and never used as a key"
table.insert(out, #out)
return out
