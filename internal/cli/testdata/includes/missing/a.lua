local rcall = redis.call
--- @include "includes/nope"
return rcall('GET', KEYS[1])
