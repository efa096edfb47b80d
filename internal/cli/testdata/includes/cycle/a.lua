local rcall = redis.call
--- @include "b"
return rcall('GET', KEYS[1])
