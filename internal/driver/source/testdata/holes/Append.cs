class Append
{
    object Run(IDatabase db, bool guard)
    {
        var script = "";
        if (guard) script += "if redis.call('get', KEYS[1]) == false then return 0 end ";
        script += "return redis.call('get', KEYS[2])";
        return db.ScriptEvaluate(script, new RedisKey[] { "k" }); // want:error "keys-count-mismatch: the script reads KEYS\[2\] on line 7 but ScriptEvaluate passes 1 key"
    }

    object Once(IDatabase db)
    {
        var script = "return redis.call('get', KEYS[2])";
        return db.ScriptEvaluate(script, new RedisKey[] { "k" }); // want:error "keys-count-mismatch: the script reads KEYS\[2\]"
    }

    // Appended in a loop: how many pieces join is known only at run time.
    object Looped(IDatabase db, string[] xs)
    {
        var script = "";
        foreach (var x in xs)
        {
            script += "redis.call('del', KEYS[1]) ";
        }
        return db.ScriptEvaluate(script, new RedisKey[] { "k" }); // want:info "dynamic-script: the script passed to ScriptEvaluate is built at run time"
    }
}
