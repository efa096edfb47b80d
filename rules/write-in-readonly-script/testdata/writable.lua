#!lua flags=allow-oom
-- Without no-writes, writes are fine.
redis.call('SET', KEYS[1], 'x')
redis.call('PUBLISH', 'ch', 'x')
