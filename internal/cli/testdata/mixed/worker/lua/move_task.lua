-- sent by worker/tasks.py with helpers prepended: no KEYS of its own here
local function move(src, dst, id)
  local score = zscore(src, id)
  zadd_noupdate(dst, score, id)
end
return move
