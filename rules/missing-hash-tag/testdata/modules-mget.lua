local r = redis.call('JSON.MGET', 'a:{x}', 'b:{y}', '$') -- want "key 'b:\{y\}' and key 'a:\{x\}' \(line 1\) hash to different cluster slots — they hash to slots [0-9]+ and [0-9]+, so one script cannot use both on Redis Cluster; give them a common hash tag.*JSON.MGET declares only some of its keys"
return r
