# Strings that are not Redis scripts stay alone.
import pandas as pd

LUA_LIKE = "local x = 1 return x"  # Lua, but no Redis in it
df = pd.DataFrame()
df.eval("a + b")  # not Redis's eval: a DataFrame expression
builtin = eval("1 + 2")  # Python's own eval
model.eval()  # no argument at all
MESSAGE = "use redis.call to run a command"  # prose: no call follows
DOC = """KEYS and ARGV are Lua tables"""
keys = "KEYS [1]"
# redis.call('get', KEYS[1]) in a comment is no literal
