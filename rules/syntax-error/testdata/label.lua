local x = 1
::top:: -- want "unexpected symbol near ':'"
