PREFIX = "q"


class Queue:
    def conditional(self, r, cluster):
        prefix = PREFIX
        if cluster:
            prefix = "{" + prefix + "}"
        return r.eval("return redis.call('get', '" + prefix + ":count')", 0)  # want:info "key '' \.\. prefix \.\. ':count' of GET is built inside the script"

    def ternary(self, r, cluster):
        prefix = "{q}" if cluster else "q"
        return r.eval(f"return redis.call('get', '{prefix}:count')", 0)  # want:info "key '' \.\. \{prefix\} \.\. ':count' of GET is built inside the script"

    def module(self, r):
        return r.eval(f"return redis.call('get', '{PREFIX}:count')", 0)  # want:info "key 'q:count' of GET is a literal"
