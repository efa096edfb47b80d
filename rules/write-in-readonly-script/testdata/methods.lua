#!lua name=lib
-- Helpers of the file that a read-only function calls, however they are
-- named (Model.Callee): a table's function, a method, a local assigned
-- its function after it was declared. Helpers that only read are fine.
local M = {}
function M.bump(k)
  redis.call('INCR', k) -- want "INCR writes in helper M.bump, called from function \"get\", registered with flags=\{'no-writes'\}"
end
function M:touch(k)
  redis.call('SET', k, 1) -- want "SET writes in helper M:touch, called from function \"get\""
end
function M.peek(k)
  return redis.call('GET', k)
end
local later
later = function(k)
  redis.call('DEL', k) -- want "DEL writes in helper later, called from function \"get\""
end
local function get(keys, args)
  M.bump(keys[1])
  M:touch(keys[2])
  later(keys[3])
  return M.peek(keys[1])
end
redis.register_function{function_name = 'get', callback = get, flags = {'no-writes'}}
