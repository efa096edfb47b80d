-- A script whose loader splices fragments in: a name it does not define may
-- come from one, and the message says how to lint the assembled script.
local rcall = redis.call
--- @include "includes/helper"
rcall('SET', KEYS[1], ARGV[1])
return pushJob(KEYS[2], ARGV[1]) -- want "global pushJob is not defined in this file — .*drop that setting"
