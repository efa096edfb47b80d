-- no-writes in a comment is no shebang: flags=no-writes
redis.call('SET', KEYS[1], 'x')
