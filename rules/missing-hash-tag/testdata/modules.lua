-- Module keys hash like any other. JSON.MGET's second key is one Redis
-- does not see (H18): no CROSSSLOT, the module reads it on this node.
redis.call('JSON.SET', 'user:{1}', '$', ARGV[1])
redis.call('JSON.SET', 'user:{2}', '$', ARGV[1]) -- want "key 'user:\{2\}' and key 'user:\{1\}' \(line 3\) hash to different cluster slots — .*\(CROSSSLOT"
return 1
