using StackExchange.Redis;

// LuaScript objects run through ScriptEvaluate and Evaluate: no dynamic
// text, the calls attach to the prepared script.
public class Limiter
{
    private static readonly LuaScript Script = LuaScript.Prepare(
        "local n = redis.call('incr', @key) if n == 1 then redis.call('expire', @key, @ttl) end return n");

    public RedisResult Hit(IDatabase db, RedisKey key) =>
        db.ScriptEvaluate(Script, new { key, ttl = 60 });

    public Task<RedisResult> HitAsync(IDatabase db, RedisKey key) =>
        Script.EvaluateAsync(db, new { key, ttl = 60 });
}
