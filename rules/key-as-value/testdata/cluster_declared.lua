-- fixture: cluster=true
redis.call('SET', KEYS[1], KEYS[2]) -- want:warning "KEYS\[2\] is passed to SET as a value \(argument 2\) and never used as a key"
