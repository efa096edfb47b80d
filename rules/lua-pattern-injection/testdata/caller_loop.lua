-- The keys walked with ipairs/pairs are the caller's keys, as KEYS[i] is:
-- the selective flush of the WordPress Redis Object Cache (round 8a,
-- object-cache.php) keeps the keys of "unflushable" groups by searching
-- each key name for ':<group>:' passed in KEYS; a '-' in a group name
-- (site-transient) is a quantifier and the group is flushed anyway.
local cur = 0
repeat
  local tmp = redis.call('SCAN', cur, 'MATCH', ARGV[1] .. '*', 'COUNT', 100)
  cur = tonumber(tmp[1])
  for _, v in ipairs(tmp[2]) do
    local keep = false
    for _, s in pairs(KEYS) do
      if v:find(s, #ARGV[1]) then -- want:info "the pattern of find is an element of KEYS, whose magic characters change the match"
        keep = true
        break
      end
    end
    for _, s in ipairs(ARGV) do
      if string.match(v, s) then -- want:info "the pattern of match is an element of ARGV"
        keep = true
      end
    end
    if not keep then
      redis.call('UNLINK', v)
    end
  end
until cur == 0

-- The same search made plain: silent.
for _, s in ipairs(KEYS) do
  if ARGV[2]:find(s, 1, true) then
    return 1
  end
end
-- A table of the script's own walked with ipairs: not the caller's data.
for _, s in ipairs({ ':a:', ':b:' }) do
  if ARGV[2]:find(s) then
    return 2
  end
end
return 0
