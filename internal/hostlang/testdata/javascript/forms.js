// Literal forms that hold scripts, with their exact positions.
const Redis = require('ioredis');

const redis = new Redis();

// A template literal whose lines end with backslash continuations: the
// script is one Lua line, columns must still be exact.
const incrTtl = `redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX') \
local consumed = redis.call('incrby', KEYS[1], ARGV[1]) \
return consumed`;

// ioredis defineCommand: the script in `lua`, the key count in numberOfKeys.
redis.defineCommand('incrTtl', {
  numberOfKeys: 1,
  lua: incrTtl,
});

// eval with numkeys, escapes in a single-quoted string.
redis.eval('return redis.call(\'get\', KEYS[1]) .. "\\n\u00e9\x21"', 1, 'k');

// node-redis v4: keys in an options object.
client.eval("return redis.call('del', KEYS[1], KEYS[2])", { keys: ['a', 'b'], arguments: [] });

// Holes: in a Lua string, in code, and at the start of a statement.
function limiter(prefix, limit, extra) {
  return redis.eval(`
local key = '${prefix}:' .. KEYS[1]
local n = redis.call('incr', key)
${extra}
if n > ${limit} then return 0 end
return 1`, 1, 'k');
}

// A hole that names a same-file constant is replaced by its text.
const PREFIX = 'rl';
const script = `return redis.call('get', '${PREFIX}:' .. KEYS[1])`;
redis.eval(script, 1, 'x');

// A nested template inside a hole.
const nested = `return redis.call('get', ${cond ? `KEYS[1]` : `KEYS[2]`})`;

// Concatenation with + across lines, and a variable operand.
const concat = 'local v = redis.call("get", KEYS[1]) ' +
  "if v then return v end " +
  'return redis.call("set", KEYS[1], ' + fallback + ')';

// A regular expression with a quote is no string; the literal after it is.
const re = /"[^"]*"/g;
const afterRegex = "return redis.call('ping')";

// String.raw keeps backslashes.
const raw = String.raw`return redis.call('get', '\d')`;

// node-redis defineScript.
const scripts = {
  add: defineScript({
    NUMBER_OF_KEYS: 2,
    SCRIPT: "return redis.call('sadd', KEYS[1], KEYS[2])",
    transformArguments(a, b) { return [a, b]; },
  }),
};

// The script comes from `opts.custom || incrTtl`.
class Limiter {
  constructor(opts) {
    this.client = opts.client;
    this._script = opts.custom || incrTtl;
  }
  run(key) {
    return this.client.eval(this._script, 1, key);
  }
  dyn(src) {
    return this.client.eval(src, 1, 'k');
  }
}
// lint-lua: ignore undeclared-key -- the prefix carries the hash tag
