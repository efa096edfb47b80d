// keys-count-mismatch for ARGV at Java call sites: a finding only where
// the call shows a fixed list of values.
class Argv {
    static final String SRC = "return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])";
    static final RedisScript<String> SET = new DefaultRedisScript<>(SRC, String.class);

    void run(Jedis jedis, RedissonClient redisson, StringRedisTemplate template, String key, String value, String[] params) {
        jedis.eval(SRC, 1, key, value); // want "the script reads ARGV\[2\] on line 4 but eval passes 1 argument"
        jedis.eval(SRC, 1, key, value, "100");
        // A lone array given to the varargs is the values themselves.
        jedis.eval(SRC, 1, params);
        jedis.eval(SRC, Arrays.asList(key), Arrays.asList(value)); // want "passes 1 argument"
        jedis.eval(SRC, Arrays.asList(key), Arrays.asList(value, "100"));
        jedis.eval(SRC, Arrays.asList(key), args);
        redisson.getScript().eval(RScript.Mode.READ_WRITE, SRC, RScript.ReturnType.VALUE, Arrays.asList(key), "v"); // want "passes 1 argument"
        redisson.getScript().eval(RScript.Mode.READ_WRITE, SRC, RScript.ReturnType.VALUE, Arrays.asList(key), value);
        redisson.getScript().eval(RScript.Mode.READ_WRITE, SRC, RScript.ReturnType.VALUE, Arrays.asList(key), value, "100");
        template.execute(SET, Collections.singletonList(key), value + ""); // want "execute passes 1 argument"
        template.execute(SET, Collections.singletonList(key), value, "100");
        // A lone array given to the varargs is the values themselves.
        template.execute(SET, Collections.singletonList(key), new Object[]{value}); // want "execute passes 1 argument"
        template.execute(SET, Collections.singletonList(key), new Object[]{value, "100"});
        template.execute(SET, Collections.singletonList(key), params);
        // ReactiveRedisTemplate.execute(script, keys, List<?> args[, argsWriter, resultReader]):
        // the list's elements are the values.
        reactive.execute(SET, List.of(key), List.of(value, "100"));
        reactive.execute(SET, List.of(key), Arrays.asList(value, "100"), writer, reader);
        reactive.execute(SET, List.of(key), List.of(value)); // want "execute passes 1 argument"
        reactive.execute(SET, List.of(key), Collections.emptyList()); // want "execute passes 0 arguments"
        // RedisTemplate's overload with serializers before the keys.
        template.execute(SET, new StringRedisSerializer(), new StringRedisSerializer(), Collections.singletonList(key), value, "100");
        template.execute(SET, new StringRedisSerializer(), new StringRedisSerializer(), Collections.singletonList(key), value + "x"); // want "execute passes 1 argument"
        template.execute(SET, template.getStringSerializer(), template.getStringSerializer(), List.of(key, key), "1"); // want "execute passes 1 argument"
    }
}
