-- A placeholder of a grammar lint-lua does not know (ERB) is no syntax
-- error at error severity: info, naming it.
local v = redis.call('GET', <%= key %>) -- want:info "<%= is no Lua: a placeholder of a client-side template"
return v
