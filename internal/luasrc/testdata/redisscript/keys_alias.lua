-- uses KEYS only through a local alias
local keys, args = KEYS, ARGV
local rcall = nil
local key = keys[1]
return key .. args[1]
