-- Ignore ranges and statement-wide ignores (README, "Suppressing a finding").
-- lint-lua: ignore-start undeclared-key -- legacy keys of the single-node deployment
local a = redis.call('GET', 'legacy:a')
local b = redis.call('GET', 'legacy:b')
-- lint-lua: ignore-end undeclared-key
local c = redis.call('GET', 'after:c') -- want "key 'after:c' of GET is a literal"

-- An ignore above a statement covers every line of it.
-- lint-lua: ignore undeclared-key -- one node
redis.call('HSET',
  'multi:line',
  'field', a)
redis.call('HSET',
  'not:covered', -- want "key 'not:covered' of HSET is a literal"
  'field', b)

-- Above an if, it covers the condition, not the body.
-- lint-lua: ignore undeclared-key -- the flag key is fixed
if redis.call('EXISTS',
    'flag') == 1 then
  redis.call('DEL', 'inside:body') -- want "key 'inside:body' of DEL is a literal"
end

-- A range of another rule covers nothing of this one.
-- lint-lua: ignore-start missing-hash-tag -- one node
redis.call('SET', 'other:rule', c) -- want "key 'other:rule' of SET is a literal"
-- lint-lua: ignore-end missing-hash-tag
return KEYS[1]
