-- Idempotency token: SETNX, then an expiry in the same script.
if redis.call('SETNX', KEYS[1], '1') == 1 then
  redis.call('EXPIRE', KEYS[1], 86400)
  return 'ok'
end
return 'dup'
