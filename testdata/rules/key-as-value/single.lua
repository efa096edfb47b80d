-- Redisson's RSearch.info: the index name in KEYS[1], the only element the
-- script uses, routes the script; no CROSSSLOT can come of it (info).
local result = redis.pcall('FT.INFO', KEYS[1]) -- want:info "KEYS\[1\] is passed to FT.INFO as a value \(argument 1\) and never used as a key — it is the only element of KEYS the script uses"
if result.err then
  return redis.error_reply(result.err)
end
return 1
