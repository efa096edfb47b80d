-- Keys that share a hash tag: silent.
redis.call('HSET', '{user:1}:profile', 'name', ARGV[1])
redis.call('SADD', '{user:1}:emails', ARGV[2])
redis.call('GET', '{user:1}')
redis.call('GET', 'user:1')
