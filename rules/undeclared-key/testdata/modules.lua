-- fixture: cluster=true
-- Module commands' keys come through the model (the default target
-- bundles the modules): JSON.SET's key, JSON.MGET's keys, CMS.MERGE's.
redis.call('JSON.SET', KEYS[1], '$', ARGV[1])
redis.call('JSON.SET', 'config', '$', ARGV[1]) -- want:error "key 'config' of JSON.SET is a literal, not from KEYS — pass it in KEYS so Redis Cluster can route the script"
local all = redis.call('JSON.MGET', KEYS[1], KEYS[2], '$')
-- JSON.MGET declares only its first key (H18): Redis does not see the
-- others, so no 'non local key'; the module reads them where the script
-- runs.
local some = redis.call('JSON.MGET', KEYS[1], 'other', '$') -- want:error "key 'other' of JSON.MGET is a literal, not from KEYS — pass it in KEYS so the script is routed to its node; JSON.MGET declares only some of its keys, and Redis's own cluster and ACL checks do not see this one: on a cluster the module reads it on the node the script runs on"
local more = redis.call('JSON.MGET', KEYS[1], ARGV[1], '$') -- want:info "key ARGV\[1\] of JSON.MGET is taken from ARGV.*declares only some of its keys"
redis.call('CMS.MERGE', KEYS[3], 2, KEYS[4], 'src') -- want:error "key 'src' of CMS.MERGE is a literal.*CMS.MERGE declares only some of its keys"
-- An index name is not a key (H19).
local found = redis.call('FT.SEARCH', 'idx', '*')
return {all, some, more, found}
