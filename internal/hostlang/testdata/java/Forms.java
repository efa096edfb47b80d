package example;

import java.util.Arrays;
import java.util.Collections;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.data.redis.core.script.RedisScript;

public class Forms {
    // Redisson-style concatenation: one Lua line, exact columns.
    public RFuture<Boolean> tryLockAsync(long leaseTime, long threadId) {
        return evalWriteAsync(getRawName(), LongCodec.INSTANCE, RedisCommands.EVAL_BOOLEAN,
                "if (redis.call('exists', KEYS[1]) == 0) then " +
                        "redis.call('hincrby', KEYS[1], ARGV[2], 1); " +
                        "redis.call('pexpire', KEYS[1], ARGV[1]); " +
                        "return nil; " +
                    "end; " +
                    "return redis.call('pttl', KEYS[1]);",
                Collections.singletonList(getRawName()), leaseTime, getLockName(threadId));
    }

    // A text block: the incidental indentation goes, as javac strips it;
    // \s is a space, \<newline> joins lines, \" is a quote.
    private static final String RELEASE = """
            if redis.call("get", KEYS[1]) == ARGV[1] then\s
                return redis.call("del", KEYS[1])
            end \
            return 0 -- \"done\"
            """;

    // Spring Data Redis.
    private final DefaultRedisScript<Long> release = new DefaultRedisScript<>(RELEASE, Long.class);
    private final RedisScript<Long> ping = RedisScript.of("return redis.call('ping')", Long.class);

    void setUp(DefaultRedisScript<Boolean> s) {
        s.setScriptText("return redis.call('exists', KEYS[1]) == 1");
    }

    // Jedis: a key count, then key and argument lists.
    void jedis(Jedis jedis) {
        jedis.eval("return redis.call('incrby', KEYS[1], ARGV[1])", 1, "k", "5");
        jedis.eval(RELEASE, Arrays.asList("k"), Arrays.asList("v"));
        jedis.eval(String.format("return redis.call('expire', KEYS[1], %d)", 10), 1, "k");
    }

    // Lettuce: the output type, then the keys.
    void lettuce(RedisCommands<String, String> commands) {
        commands.eval("return redis.call('mget', KEYS[1], KEYS[2])", ScriptOutputType.MULTI, new String[] {"a", "b"});
    }

    // Redisson RScript: mode, script, return type, keys.
    void rscript(RedissonClient redisson, String name) {
        redisson.getScript().eval(RScript.Mode.READ_ONLY, "return redis.call('get', KEYS[1])", RScript.ReturnType.VALUE, Collections.emptyList());
        redisson.getScript().eval(RScript.Mode.READ_WRITE, "return redis.call('set', KEYS[1], '" + name + "')", RScript.ReturnType.VALUE, Arrays.<Object>asList("a"));
    }

    // Unicode and octal escapes; a char literal with a quote.
    char quote = '"';
    String esc = "return redis.call('set', KEYS[1], '\u00e9\101\t')";

    // A script from a parameter: dynamic.
    Object run(Jedis jedis, String script) {
        return jedis.eval(script, 1, "k");
    }

    // javax.script's eval is no Redis call.
    Object js(ScriptEngine engine) throws Exception {
        return engine.eval("1 + 2");
    }
}
