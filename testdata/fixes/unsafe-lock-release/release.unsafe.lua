-- An acquire and a release branch: the release deletes whoever's lock it
-- finds; --unsafe-fixes checks the token the acquire takes it with.
if ARGV[1] == 'lock' then
  return redis.call('SET', KEYS[1], ARGV[2], 'NX', 'PX', ARGV[3])
end
return redis.call('DEL', KEYS[1])
