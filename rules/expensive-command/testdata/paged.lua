-- Whole collections walked in pages inside one script (issue 14 item 7):
-- the pages split the reply, not the time, so no other client is served
-- until the loop ends, as with LRANGE 0 -1.
local function drain(key)
  local i = 0
  while true do
    local data = redis.call('LRANGE', key, i, i + 10) -- want "LRANGE in a loop reads the list page by page in one script — the loop goes on until the pages run out.*the pages split the reply, not the time.*return the next position and let the client call again, or use LPOS to find an element"
    if #data == 0 then
      break
    end
    i = i + 10
  end
end

-- sidekiq-unique-jobs: a search through every queue item, 50 at a time.
local function delete_from_queue(queue, digest)
  local total = redis.call('LLEN', queue)
  local per = 50
  for index = 0, total, per do
    local items = redis.call('LRANGE', queue, index, index + per - 1) -- want "LRANGE in a loop reads the list page by page"
    if #items == 0 then
      break
    end
    for _, item in pairs(items) do
      if string.find(item, digest, 1, true) then
        redis.call('LREM', queue, 1, item)
        return item
      end
    end
  end
  return nil
end

local function in_queue(queue, digest)
  local total = redis.call('LLEN', queue)
  local index = 0
  while index < total do
    local items = redis.call('LRANGE', queue, index, index + 49) -- want "LRANGE in a loop reads the list page by page"
    for _, item in ipairs(items) do
      if item == digest then return true end
    end
    index = index + 50
  end
  return false
end

-- bee-queue's raiseDelayedJobs: every due job, 1000 at a time by offset.
local function raise(now)
  local offset = 0
  while true do
    local raising = redis.call('zrangebyscore', KEYS[1], 0, now, 'LIMIT', offset, 1000) -- want "ZRANGEBYSCORE in a loop reads the range page by page"
    local numRaising = #raising
    offset = offset + numRaising
    if numRaising > 0 then
      redis.call('lpush', KEYS[2], unpack(raising))
    else
      break
    end
  end
  return offset
end

-- By rank, over a whole sorted set.
local function walk(key)
  local n, index = 0, 0
  repeat
    local page = redis.call('ZRANGE', key, index, index + 99) -- want "ZRANGE in a loop reads the sorted set page by page"
    index = index + #page
    n = n + #page
  until #page == 0
  return n
end

-- One page per call, the position returned to the client: the right form.
local function page(key, from)
  local items = redis.call('LRANGE', key, from, from + 99)
  return {from + #items, items}
end
-- A fixed number of pages.
local function first(key)
  local out = {}
  for i = 0, 9 do
    local items = redis.call('LRANGE', key, i * 100, i * 100 + 99)
    for _, x in ipairs(items) do table.insert(out, x) end
  end
  return out
end
-- The same page on every round is not a walk (unbounded-loop's concern).
local function batches(key)
  for i = 1, 10 do
    local items = redis.call('LRANGE', key, 0, 99)
    if #items == 0 then break end
    redis.call('LTRIM', key, #items, -1)
  end
end
return {drain(KEYS[1]), delete_from_queue(KEYS[1], ARGV[1]), in_queue(KEYS[1], ARGV[1]), raise(ARGV[1]), walk(KEYS[3]), page(KEYS[1], 0), first(KEYS[1]), batches(KEYS[1])}
