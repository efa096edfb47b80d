-- Keys of different branches are never used in one run: silent.
if ARGV[1] == 'a' then
  redis.call('INCR', 'a')
elseif ARGV[1] == 'b' then
  redis.call('INCR', 'b')
else
  redis.call('INCR', 'c')
end

-- But a key after the if is used with either.
redis.call('INCR', 'k2') -- want "key 'k2' and key 'a' \(line 3\) .* slots 449 and 15495"
