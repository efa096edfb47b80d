#!lua flags=no-writes,allow-oom,allow-stale,no-cluster,allow-cross-slot-keys
-- Every valid EVAL flag: silent. (Findings on the #! line itself are checked
-- by TestInvalidShebangForms: a want comment cannot stand on that line.)
return redis.call('GET', KEYS[1])
