-- @@name is LuaScript.Prepare's escape for @name, which no Lua reads: with
-- no parameter in the code this is a plain file, and a syntax error.
return @@name -- want "unexpected symbol near '@'"
