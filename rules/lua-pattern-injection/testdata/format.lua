-- A caller's key or argument read as the format of string.format: a '%'
-- in it is a directive.

-- The key prefix the caller sends, formatted with the script's own directive.
local prefix = KEYS[1]
local key = string.format(prefix .. ':%d', tonumber(ARGV[1])) -- want:warning "the format of string.format holds KEYS\[1\], where a '%' is read as a directive — the script formats its own directives around it, so the data is meant as text: a '%' in it fails the script \('invalid option' or 'bad argument #2 to 'format' \(no value\)'\) or writes other text \(another key name\); pass it as a value"
redis.call('INCR', key)
local bucket = (ARGV[2] .. ':%s'):format(ARGV[3]) -- want:warning "the format of string.format holds ARGV\[2\]"
-- format used as tostring: nothing follows to be formatted.
local label = string.format(ARGV[4]) -- want:warning "the format of string.format holds ARGV\[4\], .*no value follows for a directive to take"
local stored = redis.call('GET', KEYS[2])
local msg = string.format('seen: ' .. stored) -- want:warning "holds data from a GET reply"
local pct = string.format(KEYS[1] .. '%%') -- want:warning "holds KEYS\[1\].*no value follows"

-- The whole format is the caller's, with values: maybe a template the
-- caller means (info).
local name = string.format(KEYS[3], ARGV[5]) -- want:info "the format of string.format is KEYS\[3\], whose '%' directives it reads"

-- The data passed as values, or a template built from parts whose only
-- directives can be the caller's: silent.
local safe = string.format('%s:%d', KEYS[1], tonumber(ARGV[1]))
local joined = KEYS[1] .. ':' .. ARGV[1]
local tpl = string.format(ARGV[6] .. ARGV[7], ARGV[8])
return {key, bucket, label, msg, pct, name, safe, joined, tpl}
