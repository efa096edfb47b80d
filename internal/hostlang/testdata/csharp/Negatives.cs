// Strings that are not Redis scripts stay alone.
public class Negatives
{
    private const string Lua = "local x = 1 return x";
#if DEBUG
    // KEYS[1] in a comment under a directive
#endif
    public RedisResult ScriptEvaluate(string script, RedisKey[] keys) => null; // a declaration
    private readonly string _prose = "call redis.call to run a command";
    // The hash overload runs EVALSHA: a LoadedLuaScript's Hash is no script text.
    public RedisResult Run(IDatabase db, LoadedLuaScript loaded) => db.ScriptEvaluate(loaded.Hash, new RedisKey[] { "k" });
}
