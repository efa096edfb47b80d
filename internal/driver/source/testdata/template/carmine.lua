-- Clojure carmine's lua rewrites each _:name into KEYS[i] or ARGV[i]
-- (cas-hset.lua): no syntax error, and the rules see the script.
local curr_val = redis.call('hget', _:k, _:field);
if (_:old-?sha ~= '') then
   if (redis.sha1hex(curr_val) == _:old-?sha) then return 1 end
end
if redis.call('hexists', _:k, _:field) then -- want:error "the HEXISTS reply is an integer"
   redis.call('hset', _:k, _:field, _:new-val);
end
return 0
