-- fixture: target=valkey-8.0
-- On Valkey, server is the read-only redis table.
server.myfield = 1 -- want "server.myfield is a field of the read-only server table"
redis.other = 2 -- want "redis.other is a field of the read-only redis table"
server = nil -- want "assignment to global server"
return 1
