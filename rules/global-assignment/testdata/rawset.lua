-- itamarhaber/redis-lua-scripts heappump.lua (round 8a): rawset skips a
-- metatable, but Redis's global table is read-only itself (observed on
-- 7.0.15: 'Attempt to modify a readonly table' on every run).
local t = redis.call('TIME')[1]
local v = string.rep('x', tonumber(ARGV[1]))
for i = 1, 3 do
  rawset(_G, t .. i, v .. i) -- want "rawset\(_G, ...\) writes a global of the read-only global table"
end

-- rawset on a table of the script's own: silent.
local cache = {}
for i = 1, 3 do
  rawset(cache, t .. i, v .. i)
end
return #cache
