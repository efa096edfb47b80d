-- uses KEYS only through a local alias
local keys, args = KEYS, ARGV
local key = keys[1]
return key .. args[1]
