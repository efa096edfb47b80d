# A Script object runs with its keys; a parameter named like a field
# stays unknown.
RELEASE = """
if redis.call("get", KEYS[1]) == ARGV[1] then
    return redis.call("del", KEYS[1], KEYS[2])
end
"""


class Lock:
    def __init__(self, client):
        self._release = client.register_script(RELEASE)

    def release(self):
        return self._release(keys=(self.name, self.signal), args=(self.token,))

    def release_positional(self):
        return self._release([self.name], [self.token])


CONFIG = {"script": "return redis.call('ping')"}


def run(client, script):
    return client.eval(script, 0)
