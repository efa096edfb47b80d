using StackExchange.Redis;

#region Scripts with "quotes" and 'apostrophes' in a directive
public class Forms
{
    // A verbatim string: "" is a quote, no escapes.
    private const string Unlock = @"
if redis.call(""get"", KEYS[1]) == ARGV[1] then
    return redis.call(""del"", KEYS[1])
end
return 0";

    // A raw string: the closing line's indentation goes from every line.
    private static readonly string Extend = """
        if redis.call('get', KEYS[1]) == ARGV[1] then
            return redis.call('pexpire', KEYS[1], ARGV[2])
        end
        return 0
        """;

    public bool Release(IDatabase db, RedisKey key, RedisValue token)
    {
        return (int)db.ScriptEvaluate(Unlock, new RedisKey[] { key }, new RedisValue[] { token }) == 1;
    }

    public Task<RedisResult> ExtendAsync(IDatabase db, RedisKey key, RedisValue token, long ms) =>
        db.ScriptEvaluateAsync(Extend, new[] { key }, new RedisValue[] { token, ms });

    // Regular strings with escapes; concatenation with +.
    private const string Esc = "return redis.call('echo', '\t\u00e9\x21')";
    private static string Joined = "local v = redis.call('get', KEYS[1]) " +
        "return v";

    // Interpolation: {x} is a hole, {{ is a brace.
    public RedisResult Interp(IDatabase db, string field) =>
        db.ScriptEvaluate($"return redis.call('hget', KEYS[1], '{field}') .. '{{}}'", new RedisKey[] { "h" });

    // An interpolated raw string with two dollars: {{x}} is a hole.
    public static string Raw2(int n) => $$"""
        local t = {}
        t[1] = redis.call('incrby', KEYS[1], {{n}})
        return t
        """;

    // LuaScript.Prepare: @name parameters, @@ an escaped at.
    private static readonly LuaScript Prepared = LuaScript.Prepare(
        "redis.call('set', @key, @value) return redis.call('get', @key) .. '@@literal'");

    // string.Format: {0} with a number, {1} a hole.
    public RedisResult Fmt(IDatabase db, string a) =>
        db.ScriptEvaluate(string.Format("return redis.call('expire', KEYS[1], {0}) .. '{1}'", 10, a), new RedisKey[] { "k" });

    // A script from a parameter.
    public RedisResult Run(IDatabase db, string script) => db.ScriptEvaluate(script, new RedisKey[] { "a", "b" });
}
#endregion
