package example

import redis.clients.jedis.Jedis

// Jedis from Scala: the buggy forms are flagged at their host positions,
// the correct forms stay silent, ignores are // comments.
object Lock {
  val Release: String =
    """|if redis.call("GET", KEYS[1]) == ARGV[1] then
       |  return redis.call("DEL", KEYS[1])
       |end
       |return 0""".stripMargin

  val Incr = """
    local v = redis.call('GET', KEYS[1])
    return v + 1 -- want:error "v holds the GET reply"
  """

  def release(jedis: Jedis, key: String, token: String): AnyRef =
    jedis.eval(Release, 1, key, token)

  def incr(jedis: Jedis, key: String): AnyRef = jedis.eval(Incr, 1, key)

  def two(jedis: Jedis, key: String): AnyRef =
    jedis.eval("return redis.call('MGET', KEYS[1], KEYS[2])", 1, key) // want "reads KEYS.2. on line 25 but eval passes 1 key"

  def ignored(jedis: Jedis): AnyRef = {
    // lint-lua: ignore global-assignment -- a fixture of the ignore
    jedis.eval(s"y = 1 return redis.call('SET', KEYS[1], '$$')", 1, "k")
  }

  val c = 'x'
}
