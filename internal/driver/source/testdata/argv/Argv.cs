// keys-count-mismatch for ARGV at C# call sites.
class Argv {
    const string Src = "return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])";
    void Run(IDatabase db, RedisKey key, RedisValue value) {
        db.ScriptEvaluate(Src, new RedisKey[] { key }, new RedisValue[] { value }); // want "passes 1 argument"
        db.ScriptEvaluate(Src, new RedisKey[] { key }, new RedisValue[] { value, 100 });
        db.ScriptEvaluate(Src, new RedisKey[] { key }, values);
        db.ScriptEvaluate(Src, new RedisKey[] { key }); // want "passes 0 arguments"
    }
}
