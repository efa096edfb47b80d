-- Fields and methods whose integer reply is compared, or not known to be
-- the reply where it is tested: silent.

-- qless-core: the method compares the reply itself.
local QlessJob = {}
QlessJob.__index = QlessJob
function QlessJob:exists()
  return redis.call('exists', 'ql:j:' .. self.jid) == 1
end
local job = setmetatable({jid = ARGV[1]}, QlessJob)
assert(job:exists(), 'Log(): Job ' .. ARGV[1] .. ' does not exist')

-- Two tables define `count`: an object's method call cannot be told.
local A, B = {}, {}
function A:count() return redis.call('SCARD', KEYS[1]) end
function B:count() return #ARGV end
local function pick(x) return x end
if pick(A):count() then
  return 1
end

-- A field set on one branch only, set twice, or on a table handed to a
-- function of the file.
local r = {}
if ARGV[2] == 'check' then
  r.found = redis.call('EXISTS', KEYS[2])
end
if r.found then
  return 2
end
local t = {n = redis.call('EXISTS', KEYS[3])}
t.n = t.n == 1
if t.n then
  return 3
end
local u = {}
u.n = redis.call('EXISTS', KEYS[4])
local function normalize(x) x.n = x.n == 1 end
normalize(u)
if u.n then
  return 4
end
-- Sandbox libraries are not the file's functions.
local decoded = cjson.decode(ARGV[3])
if decoded.exists then
  return 5
end
return 0
