class Append {
    fun run(jedis: Jedis, guard: Boolean): Any? {
        var script = ""
        if (guard) script += "if redis.call('get', KEYS[1]) == false then return 0 end "
        script += "return redis.call('get', KEYS[2])"
        return jedis.eval(script, 1, "k") // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 5 but eval passes 1 key"
    }

    fun once(jedis: Jedis): Any? {
        val script = "return redis.call('get', KEYS[2])"
        return jedis.eval(script, 1, "k") // want:error "keys-count-mismatch: the script reads KEYS\[2\]"
    }

    fun looped(jedis: Jedis, n: Int): Any? {
        var script = ""
        for (i in 1..n) script += "redis.call('del', KEYS[1]) "
        return jedis.eval(script, 1, "k") // want:info "dynamic-script: the script passed to eval is built at run time"
    }
}
