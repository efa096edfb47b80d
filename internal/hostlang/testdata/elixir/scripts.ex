defmodule MyApp.Lock do
  # Module attributes hold the scripts; heredocs lose the closing line's
  # indentation.
  @release """
  if redis.call("GET", KEYS[1]) == ARGV[1] then
    return redis.call("DEL", KEYS[1])
  end
  return 0
  """

  @renew ~S"""
  return redis.call('PEXPIRE', KEYS[1], ARGV[1]) -- "#{not a hole}"
  """

  @get ~s|return redis.call('GET', KEYS[#{1}])|

  def release(conn, key, token) do
    Redix.command(conn, ["EVAL", @release, 1, key, token])
  end

  def incr(conn, key) do
    script = "local v = redis.call('INCR', KEYS[1])\n" <> "return v"
    Redix.command(conn, ["EVAL", script, 1, key])
  end

  def charlist, do: 'return redis.call(\'TTL\', KEYS[1])'
  def atoms, do: {:"redis.call", :ok, ?a}
end
