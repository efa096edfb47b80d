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
    }
}
