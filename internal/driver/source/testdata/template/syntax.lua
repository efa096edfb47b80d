-- A genuine syntax error beside the parameters is still one.
if redis.call('get', @key) == @expected then return 1 els return 0 end -- want "'end' expected near 'els'"
