-- fixture: cluster=true
-- cluster: true in the configuration: the rule's severities, without any
-- {hash tag} in the script.
local user = redis.call('GET', 'current_user') -- want:error "key 'current_user' of GET is a literal, not from KEYS"
return user
