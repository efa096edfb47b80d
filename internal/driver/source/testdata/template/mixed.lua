-- Placeholders of two grammars in code: which one the client fills is not
-- clear from the text, so the file is plain Lua, and the first one is
-- named at info.
return redis.call('SET', @key, ${value}) -- want:info "@key is no Lua"
