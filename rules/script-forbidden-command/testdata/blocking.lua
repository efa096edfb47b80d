-- On the newest Redis (and from 7.2), blocking commands run in scripts but
-- never wait (H11, observed on 7.2.6 and 7.4.1): a warning.
local a = redis.call('BLPOP', KEYS[1], 0) -- want:warning "BLPOP never blocks inside a script — on the newest Redis it replies nil at once when the key is empty, as on a timeout \(false in Lua\); use LPOP"
local b = redis.call('BZPOPMIN', KEYS[2], 1) -- want:warning "BZPOPMIN never blocks.*use ZPOPMIN"
local c = redis.call('WAIT', 1, 0) -- want:warning "WAIT never blocks inside a script — .*answers at once with the replicas that have already acknowledged; call WAIT from the client"
local d = redis.call('WAITAOF', 1, 0, 0) -- want:warning "WAITAOF never blocks"
local e = redis.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[3], '$') -- want:warning "XREAD with BLOCK never blocks inside a script — on the newest Redis it replies nil at once when no entry is new"
-- What scripts may never call stays an error.
redis.call('MULTI') -- want:error "MULTI is refused inside a script — Redis answers 'ERR This Redis command is not allowed from script'; drop it"
local f = redis.call('LPOP', KEYS[1])
return {a, b, c, d, e, f}
