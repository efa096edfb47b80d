# Literal forms that hold scripts, with their exact positions.
import textwrap

import redis

r = redis.Redis()

# A triple-quoted constant registered by name.
RELEASE = """
if redis.call("get", KEYS[1]) == ARGV[1] then
    return redis.call("del", KEYS[1])
end
return 0
"""
release = r.register_script(RELEASE)

# Escapes: \t, \x41, \u00e9 and a line continuation inside the literal.
r.eval("redis.call('set', KEYS[1], '\tA\x41\u00e9') \
return redis.call('get', KEYS[1])", 1, "k")

# Implicit concatenation of adjacent literals, across lines in parens.
INCR = (
    "local n = redis.call('incr', KEYS[1]) "
    'if n == 1 then redis.call("expire", KEYS[1], ARGV[1]) end '
    "return n"
)
r.eval(INCR, numkeys=1, *["k", 10])

# Raw strings keep their backslashes; bytes literals too.
PATTERN = r"return redis.call('keys', '\d*')"
r.eval(PATTERN, 0)
r.eval(b"return redis.call('ping')", 0)

# textwrap.dedent of an indented triple-quoted literal.
class Limiter:
    SCRIPT = textwrap.dedent("""\
        local current = redis.call('incr', KEYS[1])
        if current > tonumber(ARGV[1]) then
            return 0
        end
        return 1
    """)

    def hit(self, key):
        return self.redis.eval(self.SCRIPT, 1, key, 10)


# %-formatting and str.format make holes; %% is a percent.
def expire_in(client, seconds):
    return client.eval("return redis.call('expire', KEYS[1], %d) and '%%'" % seconds, 1, "k")


def get_prefixed(client, prefix):
    return client.eval("return redis.call('get', '{}:' .. KEYS[1])".format(prefix), 1, "k")


# f-strings: the hole stands in a Lua string, then in code.
def fstring(client, field, n):
    return client.eval(f"return redis.call('hget', KEYS[1], '{field}') + {n}", 1, "h")


# A concatenation with a variable in the middle.
def concat(client, cmd):
    return client.eval("return redis.call('" + cmd + "', KEYS[1])", 1, "k")


# A same-file constant concatenated: bytes map into the constant.
HEADER = "local key = KEYS[1]\n"
BODY = HEADER + "return redis.call('get', key)"
r.eval(BODY, 1, "k")


# A method returning the literal.
class Scripts:
    @staticmethod
    def unlock():
        return """
        return redis.call('del', KEYS[1])
        """

    def run(self, client):
        return client.eval(Scripts.unlock(), 1, "k")


# script_load and a keyword script argument.
sha = r.script_load(script="return redis.call('time')")

# Not resolvable: a parameter, and a text built at run time.
def dynamic(client, script, name):
    client.eval(script, 1, "k")
    client.eval(load_script(name), 1, "k")
