-- qless-core: the outer queue takes a value from unpack's extra results,
-- so it has one where it is read after the block, as a local given the
-- reply directly would. The inner one is a temporary: info.
for _, jid in ipairs(ARGV) do
  local state, queue = unpack(redis.call('HMGET', 'ql:j:' .. jid, 'state', 'queue'))
  if queue then
    local queue = 'ql:q:' .. tostring(queue) -- want:info "local queue hides the local queue declared on line 5"
    redis.call('ZREM', queue .. '-work', jid)
  end
  redis.call('HSET', 'ql:j:' .. jid, 'state', state, 'queue', queue or '')
end

-- Extra results the call does not give (a single-valued expression last):
-- the outer local is still nil where it is read after the block.
local a, b = 1, 2 .. ''
local c, d = (unpack(ARGV))
if ARGV[1] then
  local d = ARGV[1] -- want:warning "local d hides the local d declared on line 16"
  redis.call('SET', KEYS[1], d)
end
return {a, b, c, d}

