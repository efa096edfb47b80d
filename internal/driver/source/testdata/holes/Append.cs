class Append
{
    object Run(IDatabase db, bool guard)
    {
        var script = "";
        if (guard) script += "if redis.call('get', KEYS[1]) == false then return 0 end ";
        script += "return redis.call('get', KEYS[2])";
        return db.ScriptEvaluate(script, new RedisKey[] { "k" }); // want:info "dynamic-script: the script passed to ScriptEvaluate is built at run time"
    }

    object Once(IDatabase db)
    {
        var script = "return redis.call('get', KEYS[2])";
        return db.ScriptEvaluate(script, new RedisKey[] { "k" }); // want:error "keys-count-mismatch: the script reads KEYS\[2\]"
    }
}
