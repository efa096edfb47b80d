# Literal forms that hold scripts, with their exact positions.
require "redis"

class Lock
  # A squiggly heredoc: the least indentation goes.
  UNLOCK = <<~LUA
    if redis.call("get", KEYS[1]) == ARGV[1] then
      return redis.call("del", KEYS[1])
    end
    return 0
  LUA

  # A dash heredoc keeps its indentation; the rest of the opener's line
  # goes on (.freeze).
  EXTEND = <<-LUA.freeze
    return redis.call("pexpire", KEYS[1], ARGV[1])
    LUA

  # A plain heredoc with interpolation, in a method: its value.
  def self.touch_script(ttl)
    <<LUA
redis.call("expire", KEYS[1], #{ttl})
return 1
LUA
  end

  def unlock(redis, key, token)
    redis.eval(UNLOCK, keys: [key], argv: [token])
  end

  def extend(redis, key, ms)
    redis.eval EXTEND, [key], [ms]
  end

  # %q and %Q with bracket delimiters (nested brackets are text).
  GET = %q(return redis.call('get', KEYS[1]) -- (nested))
  SET = %Q{return redis.call('set', KEYS[1], "#{Time.now}") -- {x}}

  # Adjacent literals join; + and << concatenate.
  JOINED = "local v = redis.call('get', KEYS[1]) " \
           'return v'
  PLUS = "return " + "redis.call('incr', KEYS[1])"

  def load(redis)
    redis.script(:load, "return redis.call('time')")
  end

  # Escapes in double quotes; single quotes keep them.
  ESC = "return redis.call('echo', '\t\u00e9\x21')"
  RAW = 'return redis.call(\'echo\', "\t")'

  # Interpolation of an instance variable and of a constant.
  def script_for(name)
    "#{PREFIX}return redis.call('get', '#@ns:' .. KEYS[1])"
  end
  PREFIX = "local k = KEYS[1] "

  def dyn(redis, script)
    redis.eval(script, keys: ["a", "b"])
  end
end

# lint-lua: ignore undeclared-key -- a fixed key on purpose
__END__
redis.call('get', KEYS[1]) after __END__ is data
