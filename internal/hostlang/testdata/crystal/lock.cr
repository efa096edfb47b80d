# crystal-redis scripts: the buggy forms are flagged at their host
# positions, the correct forms stay silent, ignores are # comments.
require "redis"

module Lock
  RELEASE = <<-LUA
    if redis.call("GET", KEYS[1]) == ARGV[1] then
      return redis.call("DEL", KEYS[1])
    end
    return 0
  LUA

  INCR = <<-LUA
    local v = redis.call('GET', KEYS[1])
    return v + 1 -- want:error "v holds the GET reply"
  LUA

  def self.release(redis, key, token)
    redis.eval(RELEASE, keys: [key], args: [token])
  end

  def self.incr(redis, key)
    redis.eval(INCR, [key], [] of String)
  end

  def self.two(redis, key)
    redis.eval("return redis.call('MGET', KEYS[1], KEYS[2])", [key]) # want "reads KEYS.2. on line 27 but eval passes 1 key"
  end

  def self.ignored(redis)
    # lint-lua: ignore global-assignment -- a fixture of the ignore
    redis.eval("y = 1 return redis.call('GET', KEYS[1])", ["k"])
  end

  def self.char
    'x'
  end
end
