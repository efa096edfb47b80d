defmodule MyApp.Docs do
  @moduledoc """
  Calls Redis through scripts; see the KEYS docs.
  """
  # redis.call("GET", KEYS[1]) in a comment is no script.
  def eval(expr), do: String.length(expr)
  def interp(x), do: "value: #{x}"
  def sigil, do: ~r/redis\.call/
end
