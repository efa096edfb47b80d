-- Reported, but with no fix.
-- A null-or-status reply compared with something else than 'OK'.
if redis.call('SET', KEYS[1], ARGV[1], 'NX') == 'ok' then
  return 1
end
-- A bulk reply compared with a number: string or number, which was meant?
if redis.call('GET', KEYS[2]) == 10 then
  return 2
end
-- redis.pcall of SET NX: false or a status table or an error table.
if redis.pcall('SET', KEYS[3], ARGV[1], 'NX') == 'OK' then
  return 3
end
