# The code that builds a script's keys is evidence of Redis Cluster too: a
# {hash tag} in the keys a call passes keeps the cluster rules' severities.
def tagged(r, user):
    return r.eval("return redis.call('GET', 'plain:tagged')", 1, "{user}:" + user)  # want:error "key 'plain:tagged' of GET is a literal"


def untagged(r, user):
    return r.eval("return redis.call('GET', 'plain:untagged')", 1, "user:" + user)  # want:info "key 'plain:untagged' of GET is a literal"
