defmodule MyApp.Queue do
  # Scripts in heredocs: the buggy forms are flagged at their host
  # positions, the correct forms stay silent, ignores are # comments.
  @pop """
  local v = redis.call('GET', KEYS[1])
  return v + 1 -- want:error "v holds the GET reply"
  """

  @pop_guarded """
  local v = tonumber(redis.call('GET', KEYS[1])) or 0
  return v + 1
  """

  @global ~S"""
  x = 1 -- want "global x"
  return redis.call('GET', KEYS[1])
  """

  # lint-lua: ignore global-assignment -- a fixture of the ignore
  @ignored "y = 1 return redis.call('GET', KEYS[1])"

  @move """
  return redis.call('RPOPLPUSH', KEYS[1], KEYS[2])
  """

  def pop(conn, key), do: Redix.command(conn, ["EVAL", @pop, 1, key])
  def pop_guarded(conn, key), do: Redix.command(conn, ["EVAL", @pop_guarded, 1, key])
  def move(conn, from, to), do: Redix.command(conn, ["EVAL", @move, 2, from, to])
  def move_one(conn, from, to), do: Redix.command(conn, ["EVAL", @move, 1, from, to]) # want "reads KEYS.2. on line 23 but command passes 1 key"
end
