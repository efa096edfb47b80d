def run(r, guard):
    script = ""
    if guard:
        script += "if redis.call('get', KEYS[1]) == false then return 0 end "
    script += "return redis.call('get', KEYS[2])"
    return r.eval(script, 1, "k")  # want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 5 but eval passes 1 key"


def once(r):
    script = "return redis.call('get', KEYS[2])"
    return r.eval(script, 1, "k")  # want:error "keys-count-mismatch: the script reads KEYS\[2\]"


def looped(r, xs):
    script = ""
    for _ in xs:
        script += "redis.call('del', KEYS[1]) "
    return r.eval(script, 1, "k")  # want:info "dynamic-script: the script passed to eval is built at run time"
