# A hole in a Lua string of an f-string or a %-format is split out too.
def count(r, ns):
    return r.eval(f"return redis.call('get', '{ns}:count')", 0)  # want:info "key '' \.\. \{ns\} \.\. ':count' of GET is built inside the script"


def fmt(r, ns):
    return r.eval("return redis.call('get', '%s:count')" % ns, 0)  # want:info "key '' \.\. %s \.\. ':count' of GET is built inside the script"


def literal(r):
    return r.eval("return redis.call('get', 'ns:count')", 0)  # want:info "key 'ns:count' of GET is a literal"
