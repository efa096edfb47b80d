-- fixture: target=redis-7.2
-- Redis 7.2: the pops and WAIT never block; WAITAOF and XREAD BLOCK are
-- still refused (observed on 7.2.6).
local a = redis.call('BLMOVE', KEYS[1], KEYS[2], 'LEFT', 'RIGHT', 0) -- want:warning "BLMOVE never blocks"
redis.call('WAITAOF', 1, 0, 0) -- want:error "WAITAOF is refused inside a script"
local x = redis.call('XREADGROUP', 'GROUP', 'g', 'c', 'BLOCK', 10, 'STREAMS', KEYS[1], '>') -- want:error "ERR XREADGROUP command is not allowed with BLOCK option from scripts"
return {a, x}
