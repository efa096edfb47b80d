-- A printf template (sprintf, String.format): %s and %d where no operand
-- precedes them; %% is a literal %, and string.format's own verbs are
-- written doubled.
local key = string.format('lock:%%s', %s)
local n = tonumber(redis.call('GET', key)) -- want:info "key key of GET is built inside the script"
if n > %d then
  return 0
end
return n %% 7
