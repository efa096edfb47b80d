-- Redisson's remote-invocation acknowledgement: caller and executor race
-- to SETNX a constant, and whoever comes second deletes the marker.
if redis.call('setnx', KEYS[1], 1) == 1 then redis.call('pexpire', KEYS[1], ARGV[1]);return 0;end;redis.call('del', KEYS[1]);return 1;
