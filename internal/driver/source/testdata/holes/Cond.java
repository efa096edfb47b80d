package x;

class Cond {
    static final String PREFIX = "q";

    static class Keys {
        static final String TAG = "{q}";
    }

    Object braceless(Jedis jedis, boolean cluster) {
        String prefix = PREFIX;
        if (cluster) prefix = "{" + prefix + "}";
        return jedis.eval("return redis.call('get', '" + prefix + ":count')", 0); // want:info "key '' \.\. prefix \.\. ':count' of GET is built inside the script"
    }

    Object loop(Jedis jedis, String[] parts) {
        String prefix = PREFIX;
        for (String p : parts) {
            prefix = prefix + p;
        }
        return jedis.eval("return redis.call('get', '" + prefix + ":count')", 0); // want:info "key '' \.\. prefix \.\. ':count' of GET is built inside the script"
    }

    // A constant of the class, or of a class inside it, is one text.
    Object constant(Jedis jedis) {
        return jedis.eval("return redis.call('get', '" + PREFIX + ":count')", 0); // want:info "key 'q:count' of GET is a literal"
    }

    Object nested(Jedis jedis) {
        return jedis.eval("return redis.call('get', '" + TAG + ":count')", 0); // want:error "key '\{q\}:count' of GET is a literal"
    }
}
