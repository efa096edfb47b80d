-- Under RESP3 a double reply (ZSCORE) is a table {double=...}: not claimed
-- as a string. A bulk string is still a string.
redis.setresp(3)
if redis.call('ZSCORE', KEYS[1], 'm') == 1.5 then
  return 1
end
if redis.call('GET', KEYS[1]) == 10 then -- want "bulk-string reply"
  return 2
end
return 0
