-- A {hash tag} in a key name shows the author cares about Redis Cluster:
-- the findings keep the rule's severities.
redis.call('INCR', KEYS[1])
redis.call('SET', '{orders}:last', ARGV[1]) -- want:error "key '\{orders\}:last' of SET is a literal, not from KEYS"
local user = redis.call('GET', 'current_user') -- want:error "key 'current_user' of GET is a literal, not from KEYS"
-- A tag built in pieces counts too.
redis.call('SET', '{' .. ARGV[2] .. '}:seen', 1) -- want:info "key .* of SET is built inside the script"
return user
