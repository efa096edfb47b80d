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

# A read kept in a local that is never used, or used only under a test of a
# later index of the same table (which shows the lower one there too), is
# harmless (tasktiger's zpoppush variants); one used elsewhere is not.
OPTIONAL = """
local source = KEYS[1]
local add_to = KEYS[2]
local if_key = KEYS[3]
local unused = ARGV[2]
if if_key then
    redis.call('sadd', add_to, ARGV[1])
end
return redis.call('llen', source)
"""
optional = r.register_script(OPTIONAL)
optional(keys=["s"], args=["v"])

USED = """
local source = KEYS[1]
local add_to = KEYS[2]
local if_key = KEYS[3]
if if_key then
    redis.call('sadd', if_key, ARGV[1])
end
return redis.call('sadd', add_to, ARGV[1])
"""
used = r.register_script(USED)
used(keys=["s"], args=["v"])  # want "the script reads KEYS\[2\] on line 43 but used passes 1 key"
