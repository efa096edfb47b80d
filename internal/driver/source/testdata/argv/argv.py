# keys-count-mismatch for ARGV at Python call sites: a finding only where
# the call shows a fixed list of values.
import redis

SRC = """
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
"""

r = redis.Redis()
r.eval(SRC, 1, "k", "v")  # want "the script reads ARGV\[2\] on line 6 but eval passes 1 argument"
r.eval(SRC, 1, "k", "v", 100)
# redis-py sends each argument as one value: a name is one.
r.eval(SRC, 1, key, value)  # want "passes 1 argument"
r.eval(SRC, 1, *keys_and_args)
r.eval(SRC, 1, "k", *args)

setter = r.register_script(SRC)
setter(keys=["k"], args=["v"])  # want "passes 1 argument"
setter(keys=["k"])  # want "passes 0 arguments"
setter(keys=["k"], args=["v", 100])
setter(keys=["k"], args=argv)
setter(["k"], ["v", 100], client=pipe)
setter(["k"], client=pipe)  # want "passes 0 arguments"
