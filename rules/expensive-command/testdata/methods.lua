-- A command per element through a table's function or method (qless's
-- QlessQueue.counts): the callee is the file's, resolved as every rule
-- resolves it (Model.Callee), so the whole read is reported one level
-- lower, as for a local helper. A callee that runs no command leaves it a
-- warning.
local Queue = {}
function Queue.counts(name)
  return redis.call('LLEN', 'q:' .. name)
end
function Queue:label(name)
  return self.prefix .. name
end
local names = redis.call('ZRANGE', KEYS[1], 0, -1) -- want:info "ZRANGE 0 -1 reads the whole sorted set.*runs a Redis command for every element"
local out = {}
for _, n in ipairs(names) do
  table.insert(out, Queue.counts(n))
end
local all = redis.call('ZRANGE', KEYS[2], 0, -1) -- want:warning "ZRANGE 0 -1 reads the whole sorted set, however large it grows — no other client is served meanwhile: read a bounded range, or use ZSCORE/ZRANK for one member$"
local labels = {}
for _, n in ipairs(all) do
  table.insert(labels, Queue:label(n))
end
return {out, labels}
