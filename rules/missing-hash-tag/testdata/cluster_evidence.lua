-- fixture: cluster=false
-- Keys in different slots break only a cluster: advice when the
-- configuration says the scripts do not run on one (basic.lua, whose
-- {bar} tags show a cluster, has the same finding at warning).
redis.call('SET', 'bar', 1)
redis.call('SET', 'baz', 2) -- want:info "key 'baz' and key 'bar' \(line 5\) hash to different cluster slots"
