if true then
  return 1 -- want "'end' expected .to close 'if' at line 1. near '<eof>'"
