class Append {
    fun run(jedis: Jedis, guard: Boolean): Any? {
        var script = ""
        if (guard) script += "if redis.call('get', KEYS[1]) == false then return 0 end "
        script += "return redis.call('get', KEYS[2])"
        return jedis.eval(script, 1, "k") // want:info "dynamic-script: the script passed to eval is built at run time"
    }

    fun once(jedis: Jedis): Any? {
        val script = "return redis.call('get', KEYS[2])"
        return jedis.eval(script, 1, "k") // want:error "keys-count-mismatch: the script reads KEYS\[2\]"
    }
}
