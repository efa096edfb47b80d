if true then
  return 1 -- want "unexpected end of file"
