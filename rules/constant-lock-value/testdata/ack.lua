-- A one-shot acknowledgement marker shared by two parties (Redisson's
-- remote service): whoever comes second deletes it. A constant value and
-- nothing that calls it a lock: not reported.
if redis.call('setnx', KEYS[1], 1) == 1 then redis.call('pexpire', KEYS[1], ARGV[1]);return 0;end;redis.call('del', KEYS[1]);return 1;
