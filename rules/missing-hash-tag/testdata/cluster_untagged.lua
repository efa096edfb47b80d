-- No {hash tag} anywhere and no cluster: true: advice.
redis.call('SET', 'bar', 1)
redis.call('SET', 'baz', 2) -- want:info "key 'baz' and key 'bar' \(line 2\) hash to different cluster slots"
