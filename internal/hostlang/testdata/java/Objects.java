import java.util.Collections;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.data.redis.core.script.RedisScript;

// RedisTemplate.execute runs a RedisScript object with a keys list.
public class Objects {
    private static final RedisScript<Long> INCR = RedisScript.of(
            "return redis.call('incrby', KEYS[1], ARGV[1])", Long.class);

    private final DefaultRedisScript<Boolean> unlock = new DefaultRedisScript<>(
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
            Boolean.class);

    long incr(StringRedisTemplate template, String key) {
        return template.execute(INCR, Collections.singletonList(key), "1");
    }

    boolean unlock(StringRedisTemplate template, String key, String token) {
        return template.execute(this.unlock, Collections.singletonList(key), token);
    }

    // An executor's execute that gets no script object is not Redis's.
    void other(Executor executor) {
        executor.execute(() -> {});
    }
}
