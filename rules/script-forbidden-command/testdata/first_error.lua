-- fixture: target=redis-7.0
-- Redis checks the name and the argument count first: those calls get
-- unknown-command or command-arity, not this rule.
redis.call('BLPOP')
redis.call('XREAD', 'BLOCK', 0)
redis.call('CONFIG')
redis.call('CONFIG', 'FOO')
redis.call('BLPOP KEYS', 0)
-- A count that is not known does not hide the refusal.
redis.call('BLPOP', unpack(KEYS)) -- want "BLPOP is refused"
