package x;

// A variable appended to (+=) holds the text its pieces join into, an
// append in an if taken: the script API's text is not its initializer, nor
// any piece alone. Appended in a loop, it holds a text built at run time.
class Append {
    Object guarded(Jedis jedis, boolean guard) {
        String script = "";
        if (guard) {
            script += "if redis.call('get', KEYS[1]) == false then return 0 end ";
        }
        script += "return redis.call('get', KEYS[2])";
        return jedis.eval(script, 1, "k"); // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 12 but eval passes 1 key"
    }

    Object started(Jedis jedis) {
        String script = "local a = 1 ";
        script += "return redis.call('get', KEYS[2])";
        return jedis.eval(script, 1, "k"); // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 18 but eval passes 1 key"
    }

    // One assignment: the text is known, and its call checked.
    Object once(Jedis jedis) {
        String script = "return redis.call('get', KEYS[2])";
        return jedis.eval(script, 1, "k"); // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 24 but eval passes 1 key"
    }

    // An append after the call does not change the text it ran.
    Object after(Jedis jedis) {
        String script = "return redis.call('get', KEYS[2])";
        Object r = jedis.eval(script, 1, "k"); // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 30 but eval passes 1 key"
        script += " ";
        return r;
    }

    Object looped(Jedis jedis, int n) {
        String script = "";
        for (int i = 0; i < n; i++) {
            script += "redis.call('del', KEYS[1]) ";
        }
        return jedis.eval(script, 1, "k"); // want:info "dynamic-script: the script passed to eval is built at run time"
    }
}
