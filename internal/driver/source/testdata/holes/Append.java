package x;

// A variable appended to (+=) holds a text built at run time: the script
// API's text is not its initializer. The pieces are found by their text.
class Append {
    Object guarded(Jedis jedis, boolean guard) {
        String script = "";
        if (guard) {
            script += "if redis.call('get', KEYS[1]) == false then return 0 end ";
        }
        script += "return redis.call('get', KEYS[2])";
        return jedis.eval(script, 1, "k"); // want:info "dynamic-script: the script passed to eval is built at run time"
    }

    Object started(Jedis jedis) {
        String script = "local a = 1 ";
        script += "return redis.call('get', KEYS[2])";
        return jedis.eval(script, 1, "k"); // want:info "dynamic-script: the script passed to eval is built at run time"
    }

    // One assignment: the text is known, and its call checked.
    Object once(Jedis jedis) {
        String script = "return redis.call('get', KEYS[2])";
        return jedis.eval(script, 1, "k"); // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 23 but eval passes 1 key"
    }

    // An append after the call does not change the text it ran.
    Object after(Jedis jedis) {
        String script = "return redis.call('get', KEYS[2])";
        Object r = jedis.eval(script, 1, "k"); // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 29 but eval passes 1 key"
        script += " ";
        return r;
    }
}
