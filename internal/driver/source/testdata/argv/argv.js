// keys-count-mismatch for ARGV at JavaScript call sites: a finding only
// where the call shows a fixed list of values.
const SRC = "return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])";

// ioredis: numkeys, then the keys and the values one by one.
redis.eval(SRC, 1, 'k', 'v'); // want "the script reads ARGV\[2\] on line 3 but eval passes 1 argument"
redis.eval(SRC, 1, 'k', 'v', 100);
redis.eval(SRC, 1, 'k', String(value), Date.now() + ttl);
redis.eval(SRC, 1, 'k', value.toString()); // want "passes 1 argument"
// ioredis flattens an array argument: key or value may be one.
redis.eval(SRC, 1, key, value);
redis.eval(SRC, 1, 'k', ...rest);

// @upstash/redis: the keys and the values in lists.
await redis.eval(SRC, [key], [value]); // want "passes 1 argument — ARGV\[2\] is nil in the script"
await redis.eval(SRC, [key], [value, ttl]);
await redis.eval(SRC, [key], values);
await redis.eval(SRC, [key], [...values]);

// node-redis v4: an object with keys and arguments.
await client.eval(SRC, { keys: [key], arguments: [value] }); // want "passes 1 argument"
await client.eval(SRC, { keys: [key] }); // want "passes 0 arguments"
await client.eval(SRC, { keys: [key], arguments: [value, ttl] });
await client.eval(SRC, { keys: [key], ...options });

// A read tested for nil is no failure.
redis.eval("local ttl = ARGV[2] or 1000\nreturn redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl)", 1, 'k', 'v');
