def run(r, guard):
    script = ""
    if guard:
        script += "if redis.call('get', KEYS[1]) == false then return 0 end "
    script += "return redis.call('get', KEYS[2])"
    return r.eval(script, 1, "k")  # want:info "dynamic-script: the script passed to eval is built at run time"


def once(r):
    script = "return redis.call('get', KEYS[2])"
    return r.eval(script, 1, "k")  # want:error "keys-count-mismatch: the script reads KEYS\[2\]"
